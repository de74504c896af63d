/* Python's data model for the evaluator's values (issue 19): the ValueProto
 * slots (eval_core.h) of user classes' instances (V_OBJECT: their dunder
 * methods), classes, descriptors and the plain Python values (V_STR, V_TUPLE,
 * ...: their operators).  Lookups of special methods go to the class (its
 * MRO), never the instance, as in CPython.
 *
 * Requires: classes built by eval_class.c (their MROs).  A slot that returns
 * false for "not mine" lets the evaluator's own rules (or the other operand's
 * slot) decide; one that reports an error returns V_ERROR / false / -1. */
#include "Parse/eval_python.h"

static const char *intern(Eval *ev, const char *s) { return tirx_intern0(ev->m, s); }

static bool is_notimpl(Value v) {
  return v.kind == V_BUILTIN && v.u.builtin == &ev_builtins[BI_NotImplemented];
}

/* Calls obj's class's special method NAME with obj and args; *found false
 * (V_NONE returned) when the class has none. */
static Value call_special(Eval *ev, Value obj, const char *name, const Value *args, int n, Loc loc,
                          bool *found) {
  Value *m = obj.kind == V_OBJECT ? ev_class_find(obj.u.obj->cls, intern(ev, name)) : NULL;
  *found = m != NULL;
  if (!m) return v_make(V_NONE, loc);
  Value *pos = TIRX_NEWN(ev->m, Value, n + 2);
  pos[0] = obj;
  for (int i = 0; i < n; i++) pos[i + 1] = args[i];
  Value fn = *m;
  if (fn.kind == V_DESCR && fn.nshape == DK_STATIC) fn = *fn.u.bound.fn, pos++, n--;
  Args a = {pos, n + 1, NULL, NULL, 0, loc};
  return ev_call_value(ev, fn, &a);
}

/* ---- operators ------------------------------------------------------------ */

typedef struct OpNames {
  int op;
  const char *fwd, *refl; /* refl: the reflected method (a comparison's mirror) */
} OpNames;

static const OpNames op_names[] = {
    {OP_PLUS, "__add__", "__radd__"},
    {OP_MINUS, "__sub__", "__rsub__"},
    {OP_STAR, "__mul__", "__rmul__"},
    {OP_SLASH, "__truediv__", "__rtruediv__"},
    {OP_DSLASH, "__floordiv__", "__rfloordiv__"},
    {OP_PERCENT, "__mod__", "__rmod__"},
    {OP_POW, "__pow__", "__rpow__"},
    {OP_LSHIFT, "__lshift__", "__rlshift__"},
    {OP_RSHIFT, "__rshift__", "__rrshift__"},
    {OP_AMP, "__and__", "__rand__"},
    {OP_PIPE, "__or__", "__ror__"},
    {OP_CARET, "__xor__", "__rxor__"},
    {OP_AT, "__matmul__", "__rmatmul__"},
    {OP_LT, "__lt__", "__gt__"},
    {OP_GT, "__gt__", "__lt__"},
    {OP_LE, "__le__", "__ge__"},
    {OP_GE, "__ge__", "__le__"},
    {OP_EQ, "__eq__", "__eq__"},
    {OP_NE, "__ne__", "__ne__"},
};

/* a OP b with a user class on either side: a.__op__(b), then b.__rop__(a)
 * (a comparison's mirror); == and != fall back to identity (and != to not __eq__). */
static bool object_binop(Eval *ev, int op, Value a, Value b, Loc loc, Value *out) {
  const OpNames *on = NULL;
  for (size_t i = 0; i < sizeof op_names / sizeof op_names[0]; i++)
    if (op_names[i].op == op) on = &op_names[i];
  if (!on) return false;
  bool found;
  if (a.kind == V_OBJECT) {
    *out = call_special(ev, a, on->fwd, &b, 1, loc, &found);
    if (found && !is_notimpl(*out)) return true;
  }
  if (b.kind == V_OBJECT) {
    *out = call_special(ev, b, on->refl, &a, 1, loc, &found);
    if (found && !is_notimpl(*out)) return true;
  }
  if (op == OP_NE) { /* not __eq__ */
    Value eq = ev_binop(ev, OP_EQ, a, b, loc);
    if (eq.kind == V_ERROR) return *out = eq, true;
    int t = ev_truth(ev, eq, loc);
    if (t < 0) return *out = v_make(V_ERROR, loc), true;
    *out = v_make(V_BOOL, loc);
    out->u.i = !t;
    return true;
  }
  if (op == OP_EQ) {
    bool eq;
    if (!ev_class_equal(ev, a, b, &eq)) eq = false;
    *out = v_make(V_BOOL, loc);
    out->u.i = eq;
    return true;
  }
  const char *an = a.kind == V_OBJECT ? a.u.obj->cls->name : ev_types[a.kind].name;
  const char *bn = b.kind == V_OBJECT ? b.u.obj->cls->name : ev_types[b.kind].name;
  *out =
      ev_error(ev, loc, "unsupported operand types for %s: '%s' and '%s'", lex_op_text(op), an, bn);
  return true;
}

static bool object_unop(Eval *ev, int op, Value obj, Loc loc, Value *out) {
  const char *name = op == OP_MINUS   ? "__neg__"
                     : op == OP_PLUS  ? "__pos__"
                     : op == OP_TILDE ? "__invert__"
                                      : NULL;
  if (!name) return false;
  bool found;
  *out = call_special(ev, obj, name, NULL, 0, loc, &found);
  if (!found)
    *out = ev_error(ev, loc, "bad operand type for unary %s: '%s'", lex_op_text(op),
                    obj.u.obj->cls->name);
  return true;
}

/* ---- truth, length, hash, text --------------------------------------------- */

static bool object_len(Eval *ev, Value obj, int64_t *n, Loc loc) {
  bool found;
  Value r = call_special(ev, obj, "__len__", NULL, 0, loc, &found);
  if (!found)
    return ev_error(ev, loc, "object of type '%s' has no len()", obj.u.obj->cls->name), false;
  if (r.kind == V_ERROR) return false;
  if (r.kind != V_INT && r.kind != V_BOOL)
    return ev_error(ev, loc, "__len__() should return an integer"), false;
  if (r.u.i < 0) return ev_error(ev, loc, "__len__() should return >= 0"), false;
  *n = r.u.i;
  return true;
}

/* __bool__, else __len__, else true */
static int object_truth(Eval *ev, Value obj, Loc loc) {
  bool found;
  Value r = call_special(ev, obj, "__bool__", NULL, 0, loc, &found);
  if (found) {
    if (r.kind == V_ERROR) return -1;
    if (r.kind != V_BOOL) return ev_error(ev, loc, "__bool__ should return bool"), -1;
    return r.u.i != 0;
  }
  if (ev_class_find(obj.u.obj->cls, intern(ev, "__len__"))) {
    int64_t n;
    return object_len(ev, obj, &n, loc) ? n != 0 : -1;
  }
  return 1;
}

/* __hash__; a class with __eq__ and no __hash__ is unhashable; else identity */
static bool object_hash(Eval *ev, Value obj, int64_t *h, Loc loc) {
  bool found;
  Value r = call_special(ev, obj, "__hash__", NULL, 0, loc, &found);
  if (found) {
    if (r.kind == V_ERROR) return false;
    if (r.kind != V_INT && r.kind != V_BOOL)
      return ev_error(ev, loc, "__hash__ method should return an integer"), false;
    *h = r.u.i;
    return true;
  }
  if (ev_class_find(obj.u.obj->cls, intern(ev, "__eq__")))
    return ev_error(ev, loc, "unhashable type: '%s'", obj.u.obj->cls->name), false;
  *h = (int64_t)((uintptr_t)obj.u.obj >> 4);
  return true;
}

/* ---- iteration --------------------------------------------------------------- */

/* The items of iter(obj) run to its end: __iter__ then __next__ until
 * StopIteration (what raise StopIteration reports is dropped), or
 * __getitem__(0, 1, ...) until IndexError. */
static bool object_iter(Eval *ev, Value obj, Value **items, int *n, Loc loc) {
  bool found;
  Value it = call_special(ev, obj, "__iter__", NULL, 0, loc, &found);
  bool by_index = !found;
  if (by_index && !ev_class_find(obj.u.obj->cls, intern(ev, "__getitem__")))
    return ev_error(ev, loc, "'%s' object is not iterable", obj.u.obj->cls->name), false;
  if (it.kind == V_ERROR) return false;
  if (!by_index && it.kind != V_OBJECT) return ev_py_items(ev, it, items, n, loc);
  if (!by_index && !ev_class_find(it.u.obj->cls, intern(ev, "__next__")))
    return ev_error(ev, loc, "iter() returned non-iterator of type '%s'", it.u.obj->cls->name),
           false;
  Value *out = NULL;
  int cnt = 0, cap = 0;
  for (int64_t i = 0;; i++) {
    if (!ev_py_step(ev, loc)) return false;
    int nd = ev->d->n, ne = ev->d->nerrors, nerr = ev->nerr;
    ev->py->exc = NULL;
    Value iv = v_int(i, loc);
    Value x = by_index ? call_special(ev, obj, "__getitem__", &iv, 1, loc, &found)
                       : call_special(ev, it, "__next__", NULL, 0, loc, &found);
    if (x.kind == V_ERROR) {
      const char *stop = by_index ? "IndexError" : "StopIteration";
      if (!ev->py->exc || strcmp(ev->py->exc, stop) != 0 || ev->py->too_big) return false;
      ev_diag_rollback(ev, nd, ne, nerr);
      ev->py->exc = NULL;
      break;
    }
    if (cnt == cap) {
      if (cnt >= EV_MAX_ITEMS)
        return ev_error(ev, loc, "iteration of more than %d items at parse time", EV_MAX_ITEMS),
               false;
      int nc = cap ? cap * 2 : 8;
      Value *nv = TIRX_NEWN(ev->m, Value, nc);
      if (cnt) memcpy(nv, out, sizeof *nv * (size_t)cnt);
      out = nv, cap = nc;
    }
    out[cnt++] = x;
  }
  *items = out ? out : TIRX_NEWN(ev->m, Value, 1);
  *n = cnt;
  return true;
}

/* ---- containers, context managers ------------------------------------------- */

static bool object_setitem(Eval *ev, Value obj, Value key, Value v, Loc loc) {
  bool found;
  Value args[2] = {key, v};
  Value r = call_special(ev, obj, "__setitem__", args, 2, loc, &found);
  if (!found)
    return ev_error(ev, loc, "'%s' object does not support item assignment", obj.u.obj->cls->name),
           false;
  return r.kind != V_ERROR;
}

static Value object_enter(Eval *ev, Value obj, Loc loc) {
  bool found;
  Value r = call_special(ev, obj, "__enter__", NULL, 0, loc, &found);
  if (!found)
    return ev_error(ev, loc, "'%s' object does not support the context manager protocol",
                    obj.u.obj->cls->name);
  return r;
}

static bool object_exit(Eval *ev, Value obj, Value exc_type, Value exc_value, Loc loc,
                        bool *suppress) {
  bool found;
  Value args[3] = {exc_type, exc_value, v_make(V_NONE, loc)};
  Value r = call_special(ev, obj, "__exit__", args, 3, loc, &found);
  if (!found)
    return ev_error(ev, loc, "'%s' object does not support the context manager protocol",
                    obj.u.obj->cls->name),
           false;
  if (r.kind == V_ERROR) return false;
  int t = ev_truth(ev, r, loc);
  *suppress = t > 0;
  return t >= 0;
}

/* ---- descriptors ------------------------------------------------------------- */

/* an instance of a class with __get__ stored as a class attribute */
static bool object_get(Eval *ev, Value descr, Value inst, Value owner, Loc loc, Value *out) {
  if (!ev_class_find(descr.u.obj->cls, intern(ev, "__get__"))) return false;
  bool found;
  Value args[2] = {inst, owner};
  *out = call_special(ev, descr, "__get__", args, 2, loc, &found);
  return true;
}

static bool object_set(Eval *ev, Value descr, Value inst, Value v, Loc loc, bool *ok) {
  if (!ev_class_find(descr.u.obj->cls, intern(ev, "__set__"))) return false;
  bool found;
  Value args[2] = {inst, v};
  *ok = call_special(ev, descr, "__set__", args, 2, loc, &found).kind != V_ERROR;
  return true;
}

/* a property assigned through an instance: its setter */
static bool descr_set(Eval *ev, Value descr, Value inst, Value v, Loc loc, bool *ok) {
  if (descr.nshape != DK_PROPERTY) return false;
  if (!descr.u.bound.self) {
    ev_error(ev, loc, "property of '%s' object has no setter", inst.u.obj->cls->name);
    *ok = false;
    return true;
  }
  Value args[2] = {inst, v};
  Args a = {args, 2, NULL, NULL, 0, loc};
  *ok = ev_call_value(ev, *descr.u.bound.self, &a).kind != V_ERROR;
  return true;
}

static bool class_binop(Eval *ev, int op, Value a, Value b, Loc loc, Value *out) {
  if (a.kind != V_OBJECT && ev_py_binop(ev, op, a, b, loc, out)) return true;
  if (a.kind == V_OBJECT || b.kind == V_OBJECT) return object_binop(ev, op, a, b, loc, out);
  return false;
}

const ValueProto ev_object_proto = {
    .setattr = ev_class_setattr,
    .delattr = ev_class_delattr,
    .setitem = object_setitem,
    .iter = object_iter,
    .len = object_len,
    .truth = object_truth,
    .hash = object_hash,
    .text = ev_class_text,
    .binop = object_binop,
    .unop = object_unop,
    .enter = object_enter,
    .exit = object_exit,
    .get = object_get,
    .set = object_set,
};

const ValueProto ev_class_proto = {
    .setattr = ev_class_setattr,
    .text = ev_class_text,
    .binop = class_binop,
};

const ValueProto ev_descr_proto = {
    .set = descr_set,
};

/* str, tuple, list, dict, None, dtype, builtins: their Python operators (eval_py.c) */
const ValueProto ev_pyval_proto = {
    .binop = class_binop,
};
