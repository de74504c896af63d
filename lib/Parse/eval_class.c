/* Python classes at parse time: `class` bodies, instances, methods,
 * properties, static/class methods, single and multiple inheritance,
 * super(), @dataclass (fields, defaults, field(default_factory=...),
 * frozen, fields(), asdict(), replace()), Enum/IntEnum, isinstance,
 * getattr/setattr/hasattr, and the one entry for calling any Python
 * callable (functions, lambdas, bound methods, classes, functools
 * wrappers).
 *
 * A class is a PyClass in the module arena: its attributes are the names
 * its body bound, in order.  An instance (V_OBJECT) points to a PyObject,
 * so every copy of the value is the same object: `a = b; a.x = 1` is
 * visible through b, as in Python.  Method lookup walks the class, then
 * its bases depth-first, left to right (the C3 order for the hierarchies
 * configuration classes use). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Parse/eval_python.h"
#include "Support/strbuf.h"

#define PY_MAX_CLASS_DEPTH 64

/* ---- attribute tables ------------------------------------------------------- */

static Value *attrs_find(PyAttrs *t, const char *name) {
  for (int i = t->n - 1; i >= 0; i--)
    if (t->names[i] == name) return &t->vals[i];
  return NULL;
}

/* t.name = v; a table without room yet gets first_cap (0: 8) */
static void attrs_set_room(Eval *ev, PyAttrs *t, const char *name, Value v, int first_cap) {
  Value *p = attrs_find(t, name);
  if (p) {
    *p = v;
    return;
  }
  if (t->n == t->cap) {
    int nc = t->cap ? t->cap * 2 : first_cap > 0 ? first_cap : 8;
    const char **nn = TIRX_NEWN(ev->m, const char *, nc);
    Value *nv = TIRX_NEWN(ev->m, Value, nc);
    if (t->n) {
      memcpy(nn, t->names, sizeof *nn * (size_t)t->n);
      memcpy(nv, t->vals, sizeof *nv * (size_t)t->n);
    }
    t->names = nn;
    t->vals = nv;
    t->cap = nc;
  }
  t->names[t->n] = name;
  t->vals[t->n++] = v;
}

static void attrs_set(Eval *ev, PyAttrs *t, const char *name, Value v) {
  attrs_set_room(ev, t, name, v, 0);
}

/* An instance's attribute: its first table sized as its class's instances have needed
 * (a proxy object with one attribute takes one slot, not eight: instances are many). */
static void obj_attr_set(Eval *ev, struct PyObject *o, const char *name, Value v) {
  struct PyClass *k = o->cls;
  attrs_set_room(ev, &o->attrs, name, v,
                 k->slotted      ? k->nslots
                 : k->inst_attrs ? k->inst_attrs
                                 : 2);
  if (o->attrs.n > k->inst_attrs) k->inst_attrs = o->attrs.n;
}

/* The class attribute `name` from k or its bases in MRO order; *owner = the class that has it. */
static Value *class_find(struct PyClass *k, const char *name, struct PyClass **owner, int depth) {
  (void)depth;
  for (int i = 0; i < k->nmro; i++) {
    Value *v = attrs_find(&k->mro[i]->attrs, name);
    if (v) {
      if (owner) *owner = k->mro[i];
      return v;
    }
  }
  return NULL;
}

Value *ev_class_find(struct PyClass *k, const char *name) { return class_find(k, name, NULL, 0); }

/* k's MRO by C3 (Python's): k, then the merge of its bases' MROs and the list
 * of its bases.  False after reporting an error (no consistent order). */
static bool class_mro(Eval *ev, struct PyClass *k, Loc loc) {
  int ns = k->nbases + 1, cap = 1;
  for (int i = 0; i < k->nbases; i++) cap += k->bases[i]->nmro;
  struct PyClass ***seq = TIRX_NEWN(ev->m, struct PyClass **, ns);
  int *len = TIRX_NEWN(ev->m, int, ns), *pos = TIRX_NEWN(ev->m, int, ns);
  for (int i = 0; i < k->nbases; i++) seq[i] = k->bases[i]->mro, len[i] = k->bases[i]->nmro;
  seq[ns - 1] = k->bases, len[ns - 1] = k->nbases;
  k->mro = TIRX_NEWN(ev->m, struct PyClass *, cap);
  k->mro[k->nmro++] = k;
  for (;;) {
    struct PyClass *next = NULL;
    bool left = false;
    for (int i = 0; i < ns && !next; i++) {
      if (pos[i] >= len[i]) continue;
      left = true;
      struct PyClass *c = seq[i][pos[i]];
      bool in_tail = false;
      for (int j = 0; j < ns && !in_tail; j++)
        for (int t = pos[j] + 1; t < len[j] && !in_tail; t++) in_tail = seq[j][t] == c;
      if (!in_tail) next = c;
    }
    if (!left) return true;
    if (!next)
      return ev_error(ev, loc,
                      "cannot create a consistent method resolution order (MRO) for class '%s'",
                      k->name),
             false;
    if (k->nmro == cap)
      return ev_error(ev, loc, "class '%s': its MRO does not fit", k->name), false;
    k->mro[k->nmro++] = next;
    for (int i = 0; i < ns; i++)
      if (pos[i] < len[i] && seq[i][pos[i]] == next) pos[i]++;
  }
}

/* __slots__: the names an instance may have when every class of the MRO names its own. */
static bool class_slots(Eval *ev, struct PyClass *k) {
  k->slotted = true;
  for (int i = 0; i < k->nmro; i++) {
    Value *sl = attrs_find(&k->mro[i]->attrs, tirx_intern0(ev->m, "__slots__"));
    if (!sl) {
      k->slotted = false;
      return true;
    }
    Value *items = sl, one = *sl;
    int n = 1;
    if (sl->kind == V_TUPLE || sl->kind == V_LIST) items = sl->u.list.items, n = sl->u.list.n;
    else items = &one;
    const char **nn = TIRX_NEWN(ev->m, const char *, k->nslots + n + 1);
    if (k->nslots) memcpy(nn, k->slots, sizeof *nn * (size_t)k->nslots);
    for (int j = 0; j < n; j++) {
      if (items[j].kind != V_STR)
        return ev_error(ev, sl->loc, "__slots__ items must be strings"), false;
      const char *nm = tirx_intern(ev->m, items[j].u.s.p, items[j].u.s.len);
      if (strcmp(nm, "__dict__") == 0) k->slotted = false;
      nn[k->nslots++] = nm;
    }
    k->slots = nn;
  }
  return true;
}

static bool is_subclass(const struct PyClass *k, const struct PyClass *of, int depth) {
  (void)depth;
  for (int i = 0; i < k->nmro; i++)
    if (k->mro[i] == of) return true;
  return false;
}

static Value *new_value(Eval *ev, Value v) {
  Value *p = TIRX_NEW(ev->m, Value);
  *p = v;
  return p;
}

static Value bind(Eval *ev, Value fn, Value self, Loc loc) {
  Value b = v_make(V_BOUND, loc);
  b.u.bound.fn = new_value(ev, fn);
  b.u.bound.self = new_value(ev, self);
  return b;
}

static Value str_value(Eval *ev, const char *s, Loc loc) {
  Value v = v_make(V_STR, loc);
  v.u.s.len = strlen(s);
  v.u.s.p = tirx_strdup(ev->m, s, v.u.s.len);
  return v;
}

/* ---- class definitions -------------------------------------------------------- */

/* Is the decorator/base value the builtin `path` (dataclasses.dataclass, enum.Enum)? */
static bool is_ns(Value v, const char *path) { return v.kind == V_NS && strcmp(v.u.ns, path) == 0; }
static bool is_lib(Value v, int row) {
  return v.kind == V_BUILTIN && v.u.builtin == &ev_libfns[row];
}

/* The dataclass field names of k (bases first), into *out. */
static void dc_fields(Eval *ev, struct PyClass *k, const char ***names, int *n, int depth) {
  if (depth > PY_MAX_CLASS_DEPTH) return;
  for (int i = k->nbases - 1; i >= 0; i--) dc_fields(ev, k->bases[i], names, n, depth + 1);
  if (!k->dataclass) return;
  Value *f = attrs_find(&k->attrs, tirx_intern0(ev->m, "__dataclass_fields__"));
  if (!f || f->kind != V_TUPLE) return;
  for (int i = 0; i < f->u.list.n; i++) {
    const char *nm = tirx_intern(ev->m, f->u.list.items[i].u.s.p, f->u.list.items[i].u.s.len);
    int j = 0;
    while (j < *n && (*names)[j] != nm) j++;
    if (j < *n) continue;
    const char **nn = TIRX_NEWN(ev->m, const char *, *n + 1);
    if (*n) memcpy(nn, *names, sizeof *nn * (size_t)*n);
    nn[(*n)++] = nm;
    *names = nn;
  }
}

static bool is_classvar(const Ast *ann) {
  const Ast *a = ann->kind == A_SUBSCRIPT ? ann->a : ann;
  if (a->kind == A_ATTR) return strcmp(a->name, "ClassVar") == 0;
  return a->kind == A_NAME && strcmp(a->name, "ClassVar") == 0;
}

/* A class's bases: classes, and the builtins that mark it (NamedTuple, Enum,
 * IntEnum); object, Exception, typing.Generic[...] add nothing.  False after
 * reporting an error (*err: the value to return). */
static bool class_bases(Eval *ev, Ast *c, struct PyClass *k, Value *err) {
  k->bases = TIRX_NEWN(ev->m, struct PyClass *, c->n3 + 1);
  for (int i = 0; i < c->n3; i++) {
    if (c->list3[i]->kind == A_KW) continue; /* metaclass=... */
    Value b = ev_expr(ev, c->list3[i]);
    if (b.kind == V_ERROR) return *err = b, false;
    if (b.kind == V_CLASS) {
      k->bases[k->nbases++] = b.u.cls;
      if (b.u.cls->enum_kind) k->enum_kind = b.u.cls->enum_kind;
      if (!k->exc_base) k->exc_base = b.u.cls->exc_base;
      continue;
    }
    if (is_ns(b, "typing.NamedTuple") || is_lib(b, LIB_collections_namedtuple)) {
      k->dataclass = k->frozen = true; /* fields by annotation, immutable */
      continue;
    }
    if (b.kind == V_BUILTIN && b.u.builtin->fn == bi_raise && !k->exc_base)
      k->exc_base = b.u.builtin;
    if (is_lib(b, LIB_enum_Enum)) k->enum_kind = 1;
    else if (is_lib(b, LIB_enum_IntEnum)) k->enum_kind = 2;
    else if (b.kind == V_UNRESOLVED)
      return *err = ev_python_hooks.unresolved(ev, b, c->list3[i]->loc), false;
    else if (b.kind != V_NS && b.kind != V_BUILTIN && b.kind != V_LIBMOD)
      return *err = ev_error(ev, c->list3[i]->loc, "a base class must be a class"), false;
  }
  return true;
}

/* One statement of a class body: @T.inline methods and nested classes are
 * defined, the rest runs as Python.  Returns ev_py_exec's status. */
static int class_body_stmt(Eval *ev, Ast **sp, bool module_level) {
  Ast *s = *sp;
  if (s->kind == A_FUNCDEF && ev_is_inline_def(ev, s)) {
    Value v = v_make(V_MACRO, s->loc);
    v.u.py.def = s;
    v.u.py.mod = ev->py->cur_mod;
    /* a method of a module-level class is expanded over its module's names (TVM
     * parses it with its function's globals, never the caller's locals); one of a
     * class defined in a function over the caller's names */
    v.nshape = module_level ? 0 : 1;
    ev_define(ev, s->name, v, false, s->loc);
    return 0;
  }
  if (s->kind == A_CLASSDEF) {
    Value inner = ev_class_def(ev, s);
    if (inner.kind == V_ERROR) return 4;
    ev_define(ev, s->name, inner, false, s->loc);
    return 0;
  }
  int rc = ev_py_exec(ev, sp, 1);
  if (rc == 1) {
    ev_error(ev, s->loc, "'return' outside function");
    rc = 4;
  }
  return rc;
}

/* The body runs in its own scope; its bindings become the attributes (its
 * functions owned by k, for super()).  False after an error. */
static bool class_body(Eval *ev, Ast *c, struct PyClass *k) {
  bool module_level = ev->depth == 0;
  ev_push_scope(ev);
  int lo = ev->nbinds, saved_lo = ev->py->class_lo;
  ev->py->class_lo = lo;
  int rc = 0;
  for (int i = 0; i < c->n && rc == 0; i++) rc = class_body_stmt(ev, &c->list[i], module_level);
  ev->py->class_lo = saved_lo;
  for (int i = lo; i < ev->nbinds; i++)
    if (ev->binds[i].depth == ev->depth) {
      Value v = ev->binds[i].v;
      if (v.kind == V_PYFUNC && !v.u.py.owner) v.u.py.owner = k;
      if (v.kind == V_DESCR && v.u.bound.fn && v.u.bound.fn->kind == V_PYFUNC &&
          !v.u.bound.fn->u.py.owner)
        v.u.bound.fn->u.py.owner = k;
      attrs_set(ev, &k->attrs, ev->binds[i].name, v);
    }
  ev_pop_scope(ev);
  return rc == 0 && !ev->nerr;
}

/* dataclass fields: the annotated names of the body, in order */
static void class_fields(Eval *ev, Ast *c, struct PyClass *k) {
  Value *names = TIRX_NEWN(ev->m, Value, c->n + 1);
  int nf = 0;
  for (int i = 0; i < c->n; i++) {
    Ast *s = c->list[i];
    if (s->kind == A_ANNASSIGN && s->b->kind == A_NAME && !is_classvar(s->a))
      names[nf++] = str_value(ev, s->b->name, s->loc);
  }
  Value t = v_make(V_TUPLE, c->loc);
  t.u.list.items = names;
  t.u.list.n = nf;
  attrs_set(ev, &k->attrs, tirx_intern0(ev->m, "__dataclass_fields__"), t);
  ev->py->class_epoch++;
}

/* enum members: every plain attribute of the body, auto() numbered */
static void enum_members(Eval *ev, struct PyClass *k) {
  k->members = TIRX_NEWN(ev->m, Value, k->attrs.n + 1);
  int64_t autov = 1;
  for (int i = 0; i < k->attrs.n; i++) {
    const char *nm = k->attrs.names[i];
    Value v = k->attrs.vals[i];
    if (nm[0] == '_' || v.kind == V_PYFUNC || v.kind == V_DESCR || v.kind == V_MACRO ||
        v.kind == V_CLASS)
      continue;
    if (is_lib(v, LIB_enum_auto)) v = v_int(autov, v.loc);
    if (v.kind == V_INT) autov = v.u.i + 1;
    struct PyObject *o = TIRX_NEW(ev->m, struct PyObject);
    o->cls = k;
    attrs_set(ev, &o->attrs, tirx_intern0(ev->m, "name"), str_value(ev, nm, v.loc));
    attrs_set(ev, &o->attrs, tirx_intern0(ev->m, "value"), v);
    o->frozen = true;
    Value mv = v_make(V_OBJECT, v.loc);
    mv.u.obj = o;
    k->attrs.vals[i] = mv;
    k->members[k->nmembers++] = mv;
  }
}

/* @dataclass(frozen=...): its keywords.  False after an error. */
static bool dataclass_decorator(Eval *ev, Ast *d, struct PyClass *k) {
  k->dataclass = true;
  for (int j = 0; d->kind == A_CALL && j < d->n; j++) {
    Ast *kw = d->list[j];
    if (kw->kind != A_KW || !kw->name)
      return ev_error(ev, kw->loc, "@dataclass takes keyword arguments"), false;
    if (strcmp(kw->name, "frozen") == 0) {
      Value fv = ev_expr(ev, kw->a);
      bool t;
      if (fv.kind == V_ERROR || !ev_truthy_const(ev, fv, &t))
        return ev_error(ev, kw->loc, "frozen= must be a constant"), false;
      k->frozen = t;
    }
  }
  return true;
}

/* @I.ir_module on a class in Python code (a factory's `@I.ir_module class Mod:`
 * ... `return Mod`): a tvm.IRModule (the prelude's) of the class's PrimFuncs, by
 * name in the order written, as TVM's decorator makes one. */
static Value ir_module_of_class(Eval *ev, struct PyClass *k, Loc loc) {
  /* the class as the source names it, `tvm.IRModule` (tvm is bound in every input;
     the modules layer that imports it is above this one) */
  Ast tvm = {.kind = A_NAME, .loc = loc, .name = tirx_intern0(ev->m, "tvm")};
  Ast path = {.kind = A_ATTR, .loc = loc, .a = &tvm, .name = tirx_intern0(ev->m, "IRModule")};
  Value cls = ev_expr(ev, &path), d = v_make(V_DICT, loc);
  if (cls.kind == V_ERROR) return cls;
  d.u.dict.keys = TIRX_NEWN(ev->m, Value, k->attrs.n + 1);
  d.u.dict.vals = TIRX_NEWN(ev->m, Value, k->attrs.n + 1);
  for (int i = 0; i < k->attrs.n; i++) {
    if (k->attrs.vals[i].kind != V_FUNCREF) continue;
    Value key = v_make(V_STR, loc);
    key.u.s.p = k->attrs.names[i];
    key.u.s.len = strlen(k->attrs.names[i]);
    d.u.dict.keys[d.u.dict.n] = key;
    d.u.dict.vals[d.u.dict.n++] = k->attrs.vals[i];
  }
  if (!d.u.dict.n)
    return ev_error(ev, loc, "@I.ir_module class '%s' defines no @T.prim_func", k->name);
  Args a = {&d, 1, NULL, NULL, 0, loc};
  return ev_call_value(ev, cls, &a);
}

/* The class value after its decorators, innermost first. */
static Value class_decorated(Eval *ev, Ast *c, struct PyClass *k, Value kv) {
  for (int i = c->n2 - 1; i >= 0; i--) {
    Ast *d = c->list2[i];
    Ast *callee = d->kind == A_CALL ? d->a : d;
    Value dv = ev_expr(ev, callee);
    if (dv.kind == V_ERROR) return dv;
    if (is_ns(dv, "T.meta_class")) { /* eval_tvm.c names its instances' buffers */
      k->meta_class = true;
      continue;
    }
    if (is_ns(dv, "I.ir_module") && d->kind != A_CALL) {
      kv = ir_module_of_class(ev, k, d->loc);
      if (kv.kind == V_ERROR) return kv;
      continue;
    }
    if (is_lib(dv, LIB_dataclasses_dataclass)) {
      if (!dataclass_decorator(ev, d, k)) return v_make(V_ERROR, d->loc);
      continue;
    }
    if (d->kind == A_CALL) {
      dv = ev_expr(ev, d);
      if (dv.kind == V_ERROR) return dv;
    }
    if (dv.kind == V_UNRESOLVED) return ev_python_hooks.unresolved(ev, dv, d->loc);
    Args a = {&kv, 1, NULL, NULL, 0, d->loc};
    kv = ev_call_value(ev, dv, &a);
    if (kv.kind == V_ERROR) return kv;
  }
  return kv;
}

static bool init_subclass(Eval *ev, Ast *c, Value kv);

Value ev_class_def(Eval *ev, Ast *c) {
  struct PyClass *k = TIRX_NEW(ev->m, struct PyClass);
  k->name = c->name;
  k->loc = c->loc;
  k->mod = ev->py->cur_mod;
  Value err;
  if (!class_bases(ev, c, k, &err)) return err;
  if (!class_mro(ev, k, c->loc)) return v_make(V_ERROR, c->loc);
  if (!class_body(ev, c, k)) return v_make(V_ERROR, c->loc);
  if (!class_slots(ev, k)) return v_make(V_ERROR, c->loc);
  class_fields(ev, c, k);
  if (k->enum_kind) enum_members(ev, k);
  ev->py->class_epoch++; /* its table is complete (class_find_at) */
  Value kv = v_make(V_CLASS, c->loc);
  kv.u.cls = k;
  if (!init_subclass(ev, c, kv)) return v_make(V_ERROR, c->loc);
  return class_decorated(ev, c, k, kv);
}

/* A base's __init_subclass__(cls, **kw) (an implicit classmethod), with the
 * class statement's keywords but metaclass=.  False after an error. */
static bool init_subclass(Eval *ev, Ast *c, Value kv) {
  struct PyClass *k = kv.u.cls;
  Value *f = NULL;
  for (int i = 1; i < k->nmro && !f; i++)
    f = attrs_find(&k->mro[i]->attrs, tirx_intern0(ev->m, "__init_subclass__"));
  if (!f) return true;
  Value fn = f->kind == V_DESCR && f->nshape == DK_CLASSMETHOD ? *f->u.bound.fn : *f;
  Args a = {
      &kv, 1,     TIRX_NEWN(ev->m, const char *, c->n3 + 1), TIRX_NEWN(ev->m, Value, c->n3 + 1),
      0,   c->loc};
  for (int i = 0; i < c->n3; i++) {
    Ast *kw = c->list3[i];
    if (kw->kind != A_KW || !kw->name || strcmp(kw->name, "metaclass") == 0) continue;
    Value v = ev_expr(ev, kw->a);
    if (v.kind == V_ERROR) return false;
    a.kwn[a.nkw] = kw->name;
    a.kwv[a.nkw++] = v;
  }
  return ev_call_value(ev, fn, &a).kind != V_ERROR;
}

/* The key of o[...]: one value, or o[i, j]'s tuple. */
static bool subscript_key(Eval *ev, Ast *a, Value *k) {
  if (a->n == 1) {
    *k = ev_expr(ev, a->list[0]);
    return k->kind != V_ERROR;
  }
  *k = v_make(V_TUPLE, a->loc);
  k->u.list.items = TIRX_NEWN(ev->m, Value, a->n + 1);
  k->u.list.n = a->n;
  for (int i = 0; i < a->n; i++) {
    k->u.list.items[i] = ev_expr(ev, a->list[i]);
    if (k->u.list.items[i].kind == V_ERROR) return false;
  }
  return true;
}

/* K[item]: the class's __class_getitem__(cls, item) (an implicit classmethod);
 * an enum's member by name (V_CLASS's subscript slot). */
Value ev_class_getitem(Eval *ev, Value cls, Ast *a) {
  Value k;
  if (!subscript_key(ev, a, &k)) return v_make(V_ERROR, a->loc);
  struct PyClass *c = cls.u.cls;
  if (c->enum_kind && k.kind == V_STR)
    for (int i = 0; i < c->nmembers; i++) {
      Value *nm = attrs_find(&c->members[i].u.obj->attrs, tirx_intern0(ev->m, "name"));
      if (nm && ev_py_equal(*nm, k)) return c->members[i];
    }
  Value *f = class_find(c, tirx_intern0(ev->m, "__class_getitem__"), NULL, 0);
  if (!f) return ev_error(ev, a->loc, "type '%s' is not subscriptable", c->name);
  Value fn = f->kind == V_DESCR && f->nshape == DK_CLASSMETHOD ? *f->u.bound.fn : *f;
  Value args[2] = {cls, k};
  Args ka = {args, 2, NULL, NULL, 0, a->loc};
  return ev_call_value(ev, fn, &ka);
}

/* o[k]: the class's __getitem__ (V_OBJECT's subscript slot) */
Value ev_object_getitem(Eval *ev, Value obj, Ast *a) {
  bool found;
  Value m = ev_try_attr(ev, obj, tirx_intern0(ev->m, "__getitem__"), a->loc, &found);
  if (m.kind == V_ERROR) return m;
  if (!found) return ev_error(ev, a->loc, "'%s' object is not subscriptable", obj.u.obj->cls->name);
  Value k;
  if (!subscript_key(ev, a, &k)) return v_make(V_ERROR, a->loc);
  Args ka = {&k, 1, NULL, NULL, 0, a->loc};
  return ev_call_value(ev, m, &ka);
}

/* ---- attributes ---------------------------------------------------------------- */

static Value make_dict(Eval *ev, PyAttrs *t, const char **only, int nonly, Loc loc) {
  int n = only ? nonly : t->n;
  Value d = v_make(V_DICT, loc);
  d.u.dict.keys = TIRX_NEWN(ev->m, Value, n + 1);
  d.u.dict.vals = TIRX_NEWN(ev->m, Value, n + 1);
  for (int i = 0; i < n; i++) {
    const char *nm = only ? only[i] : t->names[i];
    Value *v = attrs_find(t, nm);
    if (!v) continue;
    d.u.dict.keys[d.u.dict.n] = str_value(ev, nm, loc);
    d.u.dict.vals[d.u.dict.n++] = *v;
  }
  return d;
}

/* The value of a class attribute read through an instance or the class. */
static Value class_attr_value(Eval *ev, Value *v, Value self, bool via_instance, Loc loc,
                              bool *call_prop) {
  *call_prop = false;
  if (v->kind == V_DESCR) {
    switch (v->nshape) {
    case DK_PROPERTY:
      if (!via_instance) return *v;
      *call_prop = true;
      return *v->u.bound.fn;
    case DK_STATIC: return *v->u.bound.fn;
    case DK_CLASSMETHOD: {
      Value cls = self;
      if (via_instance) {
        cls = v_make(V_CLASS, loc);
        cls.u.cls = self.u.obj->cls;
      }
      return bind(ev, *v->u.bound.fn, cls, loc);
    }
    default: break;
    }
  }
  if (via_instance && (v->kind == V_PYFUNC || v->kind == V_MACRO || v->kind == V_LAMBDA ||
                       (v->kind == V_DESCR && v->nshape == DK_CACHE)))
    return bind(ev, *v, self, loc);
  Value r = *v;
  r.loc = loc;
  return r;
}

static Value call0(Eval *ev, Value fn, Value self, Loc loc) {
  Args a = {&self, 1, NULL, NULL, 0, loc};
  return ev_call_value(ev, fn, &a);
}

/* an instance's attribute: a property, a data descriptor, its own, its class's (a
 * non-data descriptor's __get__), then __getattr__ */
static bool lookup_object(Eval *ev, Value obj, const char *name, Loc loc, Value *out) {
  struct PyObject *o = obj.u.obj;
  struct PyClass *owner = NULL;
  Value *cv = class_find(o->cls, name, &owner, 0);
  if (cv && cv->kind == V_DESCR && cv->nshape == DK_PROPERTY) {
    *out = call0(ev, *cv->u.bound.fn, obj, loc);
    return true;
  }
  Value *iv = attrs_find(&o->attrs, name);
  Value kv = v_make(V_CLASS, loc);
  kv.u.cls = o->cls;
  /* a descriptor: a data one (__set__ too) before the instance's own attribute */
  if (cv && EV_PROTO(*cv)->get &&
      (!iv || (cv->kind == V_OBJECT &&
               class_find(cv->u.obj->cls, tirx_intern0(ev->m, "__set__"), NULL, 0))) &&
      EV_PROTO(*cv)->get(ev, *cv, obj, kv, loc, out))
    return true;
  if (iv) {
    *out = *iv;
    out->loc = loc;
    return true;
  }
  if (cv) {
    bool prop;
    *out = class_attr_value(ev, cv, obj, true, loc, &prop);
    return true;
  }
  if (strcmp(name, "__class__") == 0) {
    *out = v_make(V_CLASS, loc);
    out->u.cls = o->cls;
    return true;
  }
  if (strcmp(name, "__dict__") == 0) {
    *out = make_dict(ev, &o->attrs, NULL, 0, loc);
    return true;
  }
  Value *ga = class_find(o->cls, tirx_intern0(ev->m, "__getattr__"), NULL, 0);
  if (ga) {
    Value nm = v_make(V_STR, loc); /* the interned name itself: strings are immutable */
    nm.u.s.p = name;
    nm.u.s.len = strlen(name);
    Value args[2] = {obj, nm};
    Args a = {args, 2, NULL, NULL, 0, loc};
    *out = ev_call_value(ev, *ga, &a);
    return true;
  }
  return false;
}

/* What k's MRO has for the name of site a (class_find), kept at the site while no class
 * attribute was set (EvPython.class_epoch: a class's table grows or changes only then) */
static Value *class_find_at(Eval *ev, struct PyClass *k, Ast *a) {
  if (a->site.scope != k || a->site.epoch != ev->py->class_epoch) {
    a->site.scope = k;
    a->site.epoch = ev->py->class_epoch;
    a->site.hit = class_find(k, a->name, NULL, 0);
  }
  return a->site.hit;
}

/* o's own attribute named as site a (its table's names are unique), the site's index of
 * the last one found tried first */
static Value *obj_own_at(struct PyObject *o, Ast *a) {
  int i = a->site.local;
  if (i >= 0 && i < o->attrs.n && o->attrs.names[i] == a->name) return &o->attrs.vals[i];
  Value *v = attrs_find(&o->attrs, a->name);
  if (v) a->site.local = (int)(v - o->attrs.vals);
  return v;
}

bool ev_py_obj_attr(Eval *ev, Value obj, Ast *attr, Value *out) {
  struct PyObject *o = obj.u.obj;
  if (class_find_at(ev, o->cls, attr)) return false; /* descriptors, class attributes */
  Value *iv = obj_own_at(o, attr);
  if (!iv) return false; /* __class__, __dict__, __getattr__ */
  *out = *iv;
  out->loc = attr->loc;
  return true;
}

bool ev_py_attr_callee(Eval *ev, Value obj, Ast *attr, CalleeSlot *st, Value *out) {
  const char *name = attr->name;
  Loc loc = attr->loc;
  if (obj.kind == V_OBJECT) { /* a function of the class, not shadowed by the instance */
    Value *cv = class_find_at(ev, obj.u.obj->cls, attr);
    if (!cv || cv->kind != V_PYFUNC || obj_own_at(obj.u.obj, attr)) return false;
    st->fn = *cv;
    st->self = obj;
    *out = v_make(V_BOUND, loc);
    out->u.bound.fn = &st->fn;
    out->u.bound.self = &st->self;
    return true;
  }
  if (obj.kind != V_STR && obj.kind != V_LIST && obj.kind != V_TUPLE && obj.kind != V_DICT)
    return false;
  const Method *m = ev_method_find(obj.kind, name);
  if (!m) return false;
  st->self = obj;
  memset(&st->aux, 0, sizeof st->aux);
  st->aux.recv = &st->self;
  *out = v_make(V_METHOD, loc);
  out->u.method = m;
  out->aux = &st->aux;
  return true;
}

/* a class's attribute (a descriptor's __get__(None, cls)), __name__, __mro__, an enum's __members__ */
static bool lookup_class(Eval *ev, Value obj, const char *name, Loc loc, Value *out) {
  Value *cv = class_find(obj.u.cls, name, NULL, 0);
  if (cv && EV_PROTO(*cv)->get && EV_PROTO(*cv)->get(ev, *cv, v_make(V_NONE, loc), obj, loc, out))
    return true;
  if (cv) {
    bool prop;
    *out = class_attr_value(ev, cv, obj, false, loc, &prop);
    return true;
  }
  if (strcmp(name, "__name__") == 0 || strcmp(name, "__qualname__") == 0) {
    *out = str_value(ev, obj.u.cls->name, loc);
    return true;
  }
  bool mro = strcmp(name, "__mro__") == 0;
  if (mro ||
      strcmp(name, "__bases__") == 0) { /* the classes (object, a builtin, is not one here) */
    struct PyClass **ks = mro ? obj.u.cls->mro : obj.u.cls->bases;
    int n = mro ? obj.u.cls->nmro : obj.u.cls->nbases;
    *out = v_make(V_TUPLE, loc);
    out->u.list.items = TIRX_NEWN(ev->m, Value, n + 1);
    out->u.list.n = n;
    for (int i = 0; i < n; i++) {
      out->u.list.items[i] = v_make(V_CLASS, loc);
      out->u.list.items[i].u.cls = ks[i];
    }
    return true;
  }
  if (obj.u.cls->enum_kind && strcmp(name, "__members__") == 0) {
    Value d = v_make(V_DICT, loc);
    int n = obj.u.cls->nmembers;
    d.u.dict.keys = TIRX_NEWN(ev->m, Value, n + 1);
    d.u.dict.vals = TIRX_NEWN(ev->m, Value, n + 1);
    for (int i = 0; i < n; i++) {
      d.u.dict.keys[i] =
          *attrs_find(&obj.u.cls->members[i].u.obj->attrs, tirx_intern0(ev->m, "name"));
      d.u.dict.vals[i] = obj.u.cls->members[i];
    }
    d.u.dict.n = n;
    *out = d;
    return true;
  }
  return false;
}

/* super().name: from the classes after the method's class in the MRO of
 * self's class (Python's super()), then object's own */
static bool lookup_super(Eval *ev, Value obj, const char *name, Loc loc, Value *out) {
  /* super(): the attribute from the bases of the method's class */
  struct PyClass *k = obj.u.bound.fn->u.cls;
  Value self = *obj.u.bound.self;
  /* the classes after k in the MRO of self's class (Python's super()) */
  struct PyClass *sk = self.kind == V_OBJECT  ? self.u.obj->cls
                       : self.kind == V_CLASS ? self.u.cls
                                              : k;
  int from = 0;
  while (from < sk->nmro && sk->mro[from] != k) from++;
  if (from == sk->nmro) sk = k, from = 0;
  for (int i = from + 1; i < sk->nmro; i++) {
    Value *cv = attrs_find(&sk->mro[i]->attrs, name);
    if (!cv) continue;
    bool prop;
    Value r = class_attr_value(ev, cv, self, self.kind == V_OBJECT, loc, &prop);
    *out = prop ? call0(ev, r, self, loc) : r;
    return true;
  }
  Value ob = ev_libmod_attr(ev, "object", name, loc); /* object's own: super().__init__() */
  if (ob.u.builtin->fn == lib_unsupported) return false;
  *out = bind(ev, ob, self, loc);
  return true;
}

/* obj.name for the Python kinds eval_class.c knows; false: not found here */
static bool lookup(Eval *ev, Value obj, const char *name, Loc loc, Value *out) {
  if (obj.kind == V_OBJECT) return lookup_object(ev, obj, name, loc, out);
  if (obj.kind == V_CLASS) return lookup_class(ev, obj, name, loc, out);
  if (obj.kind == V_DESCR && obj.nshape == DK_SUPER) return lookup_super(ev, obj, name, loc, out);
  if (obj.kind == V_DESCR && obj.nshape == DK_PROPERTY &&
      (strcmp(name, "setter") == 0 || strcmp(name, "getter") == 0 ||
       strcmp(name, "deleter") == 0)) {
    *out = bind(ev, ev_libmod_attr(ev, "property", name, loc), obj, loc);
    return true;
  }
  if (obj.kind == V_BUILTIN &&
      strcmp(name, "__name__") == 0) { /* int.__name__, ValueError.__name__ */
    *out = str_value(ev, obj.u.builtin->name, loc);
    return true;
  }
  if (obj.kind == V_BUILTIN && obj.u.builtin == &ev_builtins[BI_object]) {
    Value ob = ev_libmod_attr(ev, "object", name, loc);
    if (ob.u.builtin->fn == lib_unsupported) return false;
    *out = ob;
    return true;
  }
  if (obj.kind == V_FUNCREF &&
      (strcmp(name, "with_attr") == 0 || strcmp(name, "without_attr") == 0)) {
    *out = bind(ev, str_value(ev, name, loc), obj, loc);
    return true;
  }
  if (obj.kind == V_DESCR && obj.nshape == DK_JIT) {
    if (strcmp(name, "specialize") != 0) return false;
    *out = bind(ev, v_make(V_NONE, loc), obj, loc);
    return true;
  }
  if (obj.kind == V_BOUND || obj.kind == V_PYFUNC) {
    Ast *d = obj.kind == V_PYFUNC               ? obj.u.py.def
             : obj.u.bound.fn->kind == V_PYFUNC ? obj.u.bound.fn->u.py.def
                                                : NULL;
    Value *ann = obj.kind == V_PYFUNC ? ev_py_fn_annotations(ev, obj) : NULL;
    if (ann && strcmp(name, "__annotations__") == 0) {
      *out = *ann;
      return true;
    }
    if (d && strcmp(name, "__name__") == 0) {
      *out = str_value(ev, d->name, loc);
      return true;
    }
    if (obj.kind == V_BOUND && strcmp(name, "__self__") == 0) {
      *out = *obj.u.bound.self;
      return true;
    }
    if (obj.kind == V_BOUND && strcmp(name, "__func__") == 0) {
      *out = *obj.u.bound.fn;
      return true;
    }
    return false;
  }
  return false;
}

bool ev_class_attr(Eval *ev, Value obj, const char *name, Loc loc, Value *out) {
  if (obj.kind == V_MODULE) return ev_python_hooks.module_attr(ev, obj, name, loc, out);
  if (obj.kind != V_OBJECT && obj.kind != V_CLASS && obj.kind != V_DESCR && obj.kind != V_BOUND &&
      obj.kind != V_PYFUNC && obj.kind != V_FUNCREF && obj.kind != V_BUILTIN)
    return false;
  if (obj.kind == V_BUILTIN) return lookup(ev, obj, name, loc, out);
  if (lookup(ev, obj, name, loc, out)) return true;
  if (obj.kind == V_PYFUNC || obj.kind == V_FUNCREF) return false;
  const char *what = obj.kind == V_OBJECT  ? obj.u.obj->cls->name
                     : obj.kind == V_CLASS ? obj.u.cls->name
                                           : NULL;
  if (what)
    *out = ev_error(ev, loc, "'%s' %s has no attribute '%s'", what,
                    obj.kind == V_OBJECT ? "object" : "class", name);
  else *out = ev_error(ev, loc, "this value has no attribute '%s'", name);
  return true;
}

static bool attr_name(Eval *ev, Value v, const char **out);

/* object.__setattr__(obj, name, v): a data descriptor of the class (a property's
 * setter, an object with __set__), else the instance's own attribute (one of
 * __slots__ when the class has them). */
bool ev_object_setattr_plain(Eval *ev, Value obj, const char *name, Value v, Loc loc) {
  v.meta = false;
  struct PyObject *o = obj.u.obj;
  if (o->frozen)
    return ev_error(ev, loc, "cannot assign to field '%s' of a frozen '%s'", name, o->cls->name),
           false;
  Value *cv = class_find(o->cls, name, NULL, 0);
  if (cv) {
    bool ok;
    if (EV_PROTO(*cv)->set && EV_PROTO(*cv)->set(ev, *cv, obj, v, loc, &ok)) return ok;
  }
  if (o->cls->slotted) {
    int i = 0;
    while (i < o->cls->nslots && o->cls->slots[i] != name) i++;
    if (i == o->cls->nslots) {
      ev_error(ev, loc, "'%s' object has no attribute '%s' (not in its __slots__)", o->cls->name,
               name);
      ev->py->exc = "AttributeError"; /* what `except AttributeError` catches */
      ev->py->exc_args = v_make(V_ERROR, loc);
      return false;
    }
  }
  obj_attr_set(ev, o, name, v);
  return true;
}

/* A container held by obj.name that grew is written back in place (a list
 * mutated through the attribute, as CPython mutates it: no __setattr__, no
 * descriptor).  False: obj has no such attribute of its own. */
bool ev_object_store_back(Eval *ev, Value obj, const char *name, Value v) {
  (void)ev;
  if (obj.kind != V_OBJECT) return false;
  Value *p = attrs_find(&obj.u.obj->attrs, name);
  if (!p) return false;
  v.meta = false;
  *p = v;
  return true;
}

/* obj.name = v (V_OBJECT's and V_CLASS's setattr slot): a user __setattr__ first */
bool ev_class_setattr(Eval *ev, Value obj, const char *name, Value v, Loc loc) {
  v.meta = false;
  if (obj.kind == V_OBJECT) {
    Value *sa = class_find(obj.u.obj->cls, tirx_intern0(ev->m, "__setattr__"), NULL, 0);
    if (sa) {
      Value args[3] = {obj, str_value(ev, name, loc), v};
      Args a = {args, 3, NULL, NULL, 0, loc};
      return ev_call_value(ev, *sa, &a).kind != V_ERROR;
    }
    return ev_object_setattr_plain(ev, obj, name, v, loc);
  }
  if (obj.kind == V_CLASS) {
    attrs_set(ev, &obj.u.cls->attrs, name, v);
    ev->py->class_epoch++; /* what was found in classes may differ now */
    return true;
  }
  return ev_error(ev, loc, "cannot set attribute '%s' on this value at parse time", name), false;
}

/* del obj.name (V_OBJECT's delattr slot): a user __delattr__ first */
bool ev_class_delattr(Eval *ev, Value obj, const char *name, Loc loc) {
  Value *da = class_find(obj.u.obj->cls, tirx_intern0(ev->m, "__delattr__"), NULL, 0);
  if (da) {
    Value nm = v_make(V_STR, loc); /* the interned name itself: strings are immutable */
    nm.u.s.p = name;
    nm.u.s.len = strlen(name);
    Value args[2] = {obj, nm};
    Args a = {args, 2, NULL, NULL, 0, loc};
    return ev_call_value(ev, *da, &a).kind != V_ERROR;
  }
  PyAttrs *at = &obj.u.obj->attrs;
  for (int i = 0; i < at->n; i++)
    if (at->names[i] == name) {
      memmove(at->names + i, at->names + i + 1, sizeof *at->names * (size_t)(at->n - i - 1));
      memmove(at->vals + i, at->vals + i + 1, sizeof *at->vals * (size_t)(at->n - i - 1));
      at->n--;
      return true;
    }
  return ev_error(ev, loc, "'%s' object has no attribute '%s'", obj.u.obj->cls->name, name), false;
}

/* object.__setattr__ / __delattr__ / __getattribute__ / __init__ (pylib.def's `object` rows) */
Value lib_object_attr(Eval *ev, const Builtin *self, Args *a) {
  Loc l = a->loc;
  bool set = self == &ev_libfns[LIB_object___setattr__],
       del = self == &ev_libfns[LIB_object___delattr__];
  if (self == &ev_libfns[LIB_object___getattribute__]) {
    /* the instance's own attribute, else the class's: no __getattr__ */
    const char *nm;
    if (a->npos != 2 || a->nkw)
      return ev_error(ev, l, "object.__getattribute__() takes 2 arguments");
    if (!attr_name(ev, a->pos[1], &nm)) return v_make(V_ERROR, l);
    if (a->pos[0].kind == V_OBJECT) {
      PyAttrs *at = &a->pos[0].u.obj->attrs;
      for (int i = 0; i < at->n; i++)
        if (at->names[i] == nm) return at->vals[i];
    }
    return ev_attr(ev, a->pos[0], nm, l);
  }
  if (!set && !del) { /* __init__, __init_subclass__ */
    if (a->npos != 1 || a->nkw)
      return ev_error(ev, l, "object.%s() takes no arguments", self->name);
    return v_make(V_NONE, l);
  }
  const char *nm;
  if (a->npos != (set ? 3 : 2) || a->nkw)
    return ev_error(ev, l, "object.%s() takes %d arguments", self->name, set ? 3 : 2);
  if (a->pos[0].kind != V_OBJECT)
    return ev_error(ev, l, "object.%s() needs an instance of a class", self->name);
  if (!attr_name(ev, a->pos[1], &nm)) return v_make(V_ERROR, l);
  PyAttrs *at = &a->pos[0].u.obj->attrs;
  if (del) {
    for (int i = 0; i < at->n; i++)
      if (at->names[i] == nm) {
        memmove(at->names + i, at->names + i + 1, sizeof *at->names * (size_t)(at->n - i - 1));
        memmove(at->vals + i, at->vals + i + 1, sizeof *at->vals * (size_t)(at->n - i - 1));
        at->n--;
        return v_make(V_NONE, l);
      }
    return ev_error(ev, l, "'%s' object has no attribute '%s'", a->pos[0].u.obj->cls->name, nm);
  }
  return ev_object_setattr_plain(ev, a->pos[0], nm, a->pos[2], l) ? v_make(V_NONE, l)
                                                                  : v_make(V_ERROR, l);
}

/* prop.setter(f) / prop.getter(f): a copy of the property with that function */
Value lib_property_with(Eval *ev, const Builtin *self, Args *a) {
  if (a->npos != 2 || a->nkw || a->pos[0].kind != V_DESCR)
    return ev_error(ev, a->loc, "property.%s() takes one function", self->name);
  Value d = a->pos[0];
  if (strcmp(self->name, "setter") == 0) d.u.bound.self = new_value(ev, a->pos[1]);
  else d.u.bound.fn = new_value(ev, a->pos[1]);
  d.loc = a->loc;
  return d;
}

/* An attribute read that reports nothing when it is missing. */
Value ev_try_attr(Eval *ev, Value obj, const char *name, Loc loc, bool *found) {
  Value r;
  if (lookup(ev, obj, name, loc, &r)) {
    *found = r.kind != V_ERROR;
    return r;
  }
  if (obj.kind == V_OBJECT || obj.kind == V_CLASS) {
    *found = false;
    return v_make(V_NONE, loc);
  }
  int n = ev->d->n, ne = ev->d->nerrors, nerr = ev->nerr;
  ev->probe_ns = obj.kind == V_NS ? obj.u.ns : NULL;
  ev->probe_name = obj.kind == V_NS ? name : NULL;
  r = ev_attr(ev, obj, name, loc);
  ev->probe_ns = ev->probe_name = NULL;
  *found = r.kind != V_ERROR && ev->nerr == nerr;
  if (!*found) ev_diag_rollback(ev, n, ne, nerr);
  return r;
}

void ev_diag_rollback(Eval *ev, int n, int nerrors, int nerr) {
  for (int i = n; i < ev->d->n; i++) {
    free(ev->d->items[i].msg);
    free(ev->d->items[i].file);
    free(ev->d->items[i].line_text);
  }
  ev->d->n = n;
  ev->d->nerrors = nerrors;
  ev->nerr = nerr;
}

/* ---- instances ------------------------------------------------------------------ */

static Value dc_init(Eval *ev, Value self, Args *a) {
  struct PyClass *k = self.u.obj->cls;
  const char **names = NULL;
  int n = 0;
  dc_fields(ev, k, &names, &n, 0);
  if (a->npos > n)
    return ev_error(ev, a->loc, "%s() takes %d positional argument%s but %d were given", k->name, n,
                    n == 1 ? "" : "s", a->npos);
  bool *have = TIRX_NEWN(ev->m, bool, n + 1);
  for (int i = 0; i < a->npos; i++) {
    obj_attr_set(ev, self.u.obj, names[i], a->pos[i]);
    have[i] = true;
  }
  for (int j = 0; j < a->nkw; j++) {
    const char *nm = tirx_intern0(ev->m, a->kwn[j]);
    int i = 0;
    while (i < n && names[i] != nm) i++;
    if (i == n)
      return ev_error(ev, a->kwv[j].loc, "%s() got an unexpected keyword argument '%s'", k->name,
                      nm);
    if (have[i])
      return ev_error(ev, a->kwv[j].loc, "%s() got multiple values for argument '%s'", k->name, nm);
    obj_attr_set(ev, self.u.obj, nm, a->kwv[j]);
    have[i] = true;
  }
  for (int i = 0; i < n; i++) {
    if (have[i]) continue;
    Value *d = class_find(k, names[i], NULL, 0);
    if (!d) return ev_error(ev, a->loc, "%s() missing required argument '%s'", k->name, names[i]);
    Value v = *d;
    if (v.kind == V_DESCR && v.nshape == DK_FIELD) {
      if (v.u.bound.fn) {
        Args none = {NULL, 0, NULL, NULL, 0, a->loc};
        v = ev_call_value(ev, *v.u.bound.fn, &none);
        if (v.kind == V_ERROR) return v;
      } else if (v.u.bound.self) {
        v = *v.u.bound.self;
      } else {
        return ev_error(ev, a->loc, "%s() missing required argument '%s'", k->name, names[i]);
      }
    }
    obj_attr_set(ev, self.u.obj, names[i], v);
  }
  Value *post = class_find(k, tirx_intern0(ev->m, "__post_init__"), NULL, 0);
  if (post) {
    Value r = call0(ev, *post, self, a->loc);
    if (r.kind == V_ERROR) return r;
  }
  return v_make(V_NONE, a->loc);
}

static bool any_dataclass(struct PyClass *k, int depth) {
  if (k->dataclass) return true;
  if (depth > PY_MAX_CLASS_DEPTH) return false;
  for (int i = 0; i < k->nbases; i++)
    if (any_dataclass(k->bases[i], depth + 1)) return true;
  return false;
}

static Value instantiate(Eval *ev, struct PyClass *k, Args *a) {
  if (k->enum_kind) {
    /* Color(1): the member with that value */
    if (a->npos != 1 || a->nkw) return ev_error(ev, a->loc, "%s() takes one value", k->name);
    for (int i = 0; i < k->nmembers; i++) {
      Value *v = attrs_find(&k->members[i].u.obj->attrs, tirx_intern0(ev->m, "value"));
      /* a member itself, or a member's value (an int, a str, ...) */
      if (a->pos[0].kind == V_OBJECT && a->pos[0].u.obj == k->members[i].u.obj)
        return k->members[i];
      if (v && ev_py_equal(*v, a->pos[0])) return k->members[i];
    }
    return ev_error(ev, a->loc, "this value is not a valid %s", k->name);
  }
  struct PyObject *o = TIRX_NEW(ev->m, struct PyObject);
  o->cls = k;
  Value self = v_make(V_OBJECT, a->loc);
  self.u.obj = o;
  Value *init = class_find(k, tirx_intern0(ev->m, "__init__"), NULL, 0);
  Value r;
  if (init) {
    size_t mark = ev_tmp_mark(ev);
    Value *pos = init->kind == V_PYFUNC /* it copies its arguments: a temporary array */
                     ? ev_tmp_alloc(ev, sizeof *pos * ((size_t)a->npos + 2))
                     : TIRX_NEWN(ev->m, Value, a->npos + 2);
    pos[0] = self;
    if (a->npos) memcpy(pos + 1, a->pos, sizeof *pos * (size_t)a->npos);
    Args b = *a;
    b.pos = pos;
    b.npos = a->npos + 1;
    struct MetaScope *ms = ev_python_hooks.meta_begin(ev, k);
    const char *hint = ev->name_hint; /* `x = C(...)` does not name what __init__ makes */
    ev->name_hint = NULL;
    r = ev_call_value(ev, *init, &b);
    ev->name_hint = hint;
    ev_tmp_release(ev, mark);
    ev_python_hooks.meta_end(ev, ms, r.kind == V_ERROR ? NULL : o, init);
  } else if (any_dataclass(k, 0)) {
    r = dc_init(ev, self, a);
  } else {
    if (a->npos || a->nkw) return ev_error(ev, a->loc, "%s() takes no arguments", k->name);
    r = v_make(V_NONE, a->loc);
  }
  if (r.kind == V_ERROR) return r;
  for (struct PyClass *c = k; c; c = c->nbases ? c->bases[0] : NULL)
    if (c->frozen) o->frozen = true;
  return self;
}

static Value with_attr(Eval *ev, PrimFunc *f, Args *a, bool drop);
static Value bool_value(bool b, Loc loc);
static bool attr_name(Eval *ev, Value v, const char **out);

/* ---- calls ---------------------------------------------------------------------- */

/* Puts self before the positional arguments of *a (in a temporary array when the
 * callee is a Python function: it copies them into its parameters). */
static void with_self(Eval *ev, Value self, Args *a, const Value *callee) {
  Value *pos = callee && callee->kind == V_PYFUNC
                   ? ev_tmp_alloc(ev, sizeof *pos * ((size_t)a->npos + 2))
                   : TIRX_NEWN(ev->m, Value, a->npos + 2);
  pos[0] = self;
  if (a->npos) memcpy(pos + 1, a->pos, sizeof *pos * (size_t)a->npos);
  a->pos = pos;
  a->npos++;
}

Value ev_py_lambda(Eval *ev, Ast *a) {
  Value v = v_make(V_LAMBDA, a->loc);
  v.u.py.def = a;
  v.u.py.mod = ev->py->cur_mod;
  v.u.py.env = ev_py_capture(ev, true);
  /* defaults are evaluated once, where the lambda is made (`lambda x, r=i: ...` in a loop) */
  Value *dflt = NULL;
  for (int i = 0; i < a->n && i < a->n2; i++) {
    if (!a->list2[i]) continue;
    if (!dflt) {
      dflt = TIRX_NEWN(ev->m, Value, a->n);
      for (int k = 0; k < a->n; k++) dflt[k] = v_make(V_ERROR, a->loc);
    }
    dflt[i] = ev_expr(ev, a->list2[i]);
    if (dflt[i].kind == V_ERROR) return dflt[i];
  }
  if (dflt) v_aux(ev, &v)->shape = dflt;
  return v;
}

static Value lambda_call(Eval *ev, Value fn, Args *a) {
  Ast *l = fn.u.py.def;
  if (a->npos > l->n)
    return ev_error(ev, a->loc, "<lambda>() takes %d positional argument%s but %d were given", l->n,
                    l->n == 1 ? "" : "s", a->npos);
  if (!ev_py_step(ev, a->loc)) return v_make(V_ERROR, a->loc);
  Value *args = TIRX_NEWN(ev->m, Value, l->n + 1);
  bool *have = TIRX_NEWN(ev->m, bool, l->n + 1);
  for (int i = 0; i < a->npos; i++) args[i] = a->pos[i], have[i] = true;
  for (int k = 0; k < a->nkw; k++) {
    int i = 0;
    while (i < l->n && strcmp(l->list[i]->name, a->kwn[k]) != 0) i++;
    if (i == l->n || have[i])
      return ev_error(ev, a->loc, "<lambda>() got an unexpected keyword argument '%s'", a->kwn[k]);
    args[i] = a->kwv[k];
    have[i] = true;
  }
  for (int i = 0; i < l->n; i++) {
    if (have[i]) continue;
    Value *dflt = VAUX(fn, shape);
    if (i >= l->n2 || !l->list2[i] || !dflt)
      return ev_error(ev, a->loc, "<lambda>() missing required argument '%s'", l->list[i]->name);
    args[i] = dflt[i];
  }
  struct PyModule *saved_mod;
  ev_python_hooks.module_switch(ev, fn.u.py.mod, &saved_mod);
  int saved_floor = ev->py_floor;
  ev->py_floor = ev->nbinds;
  ev_push_scope(ev);
  PyFrame frame;
  ev_frame_enter(ev, &frame, fn.u.py.env);
  ev_py_env_define(ev, fn.u.py.env, l->loc);
  for (int i = 0; i < l->n; i++) {
    Value v = args[i];
    v.meta = false;
    ev_define(ev, l->list[i]->name, v, false, l->list[i]->loc);
  }
  ev->py->depth++;
  ev->py_body++;
  Value r = ev->py->depth > 200
                ? ev_error(ev, a->loc, "parse-time recursion deeper than 200 calls in a lambda")
                : ev_expr(ev, l->a);
  ev->py_body--;
  ev->py->depth--;
  ev_frame_leave(ev, &frame);
  ev_pop_scope(ev);
  ev->py_floor = saved_floor;
  struct PyModule *dummy;
  ev_python_hooks.module_switch(ev, saved_mod, &dummy);
  return r;
}

/* The call slots of the Python kinds (ev_call_value, eval_call.c, dispatches). */

Value ev_lambda_call(Eval *ev, Value fn, Args *a) {
  return ev->py->prof ? ev_py_profiled(ev, fn, a, lambda_call) : lambda_call(ev, fn, a);
}

Value ev_class_call(Eval *ev, Value fn, Args *a) { return instantiate(ev, fn.u.cls, a); }

Value ev_bound_call(Eval *ev, Value fn, Args *a) {
  if (fn.u.bound.self->kind == V_DESCR && fn.u.bound.self->nshape == DK_JIT)
    return ev_jit_build(ev, *fn.u.bound.self, a);
  if (fn.u.bound.self->kind == V_FUNCREF) {
    bool drop = fn.u.bound.fn->kind == V_STR && fn.u.bound.fn->u.s.len == 12; /* "without_attr" */
    PrimFunc *pf = ev_funcref(ev, *fn.u.bound.self);
    return pf ? with_attr(ev, pf, a, drop) : v_make(V_ERROR, a->loc);
  }
  Args b = *a;
  Value *f = fn.u.bound.fn;
  size_t mark = ev_tmp_mark(ev);
  with_self(ev, *fn.u.bound.self, &b, f);
  Value r;
  if (f->kind == V_PYFUNC && f->u.py.owner && strcmp(f->u.py.def->name, "__init__") == 0) {
    /* super().__init__(...): a meta base's constructor owns what it makes (eval_tvm.c) */
    struct MetaScope *ms = ev_python_hooks.meta_begin(ev, f->u.py.owner);
    r = ev_call_value(ev, *f, &b);
    ev_python_hooks.meta_end(ev, ms, NULL, NULL);
  } else {
    r = ev_call_value(ev, *f, &b);
  }
  ev_tmp_release(ev, mark);
  return r;
}

/* obj(...): its class's __call__ */
Value ev_object_call(Eval *ev, Value fn, Args *a) {
  Value *c = class_find(fn.u.obj->cls, tirx_intern0(ev->m, "__call__"), NULL, 0);
  if (!c) return ev_error(ev, a->loc, "'%s' object is not callable", fn.u.obj->cls->name);
  Args b = *a;
  size_t mark = ev_tmp_mark(ev);
  with_self(ev, fn, &b, c);
  Value r = ev_call_value(ev, *c, &b);
  ev_tmp_release(ev, mark);
  return r;
}

/* functools.partial(f, *pre, **kw)(...): f(*pre, *args, **kw | kwargs) */
static Value partial_call(Eval *ev, Value fn, Args *a) {
  Value pre = fn.u.bound.self[0], kw = fn.u.bound.self[1];
  Args b = *a;
  b.pos = TIRX_NEWN(ev->m, Value, pre.u.list.n + a->npos + 1);
  if (pre.u.list.n) memcpy(b.pos, pre.u.list.items, sizeof(Value) * (size_t)pre.u.list.n);
  if (a->npos) memcpy(b.pos + pre.u.list.n, a->pos, sizeof(Value) * (size_t)a->npos);
  b.npos = pre.u.list.n + a->npos;
  b.kwn = TIRX_NEWN(ev->m, const char *, kw.u.dict.n + a->nkw + 1);
  b.kwv = TIRX_NEWN(ev->m, Value, kw.u.dict.n + a->nkw + 1);
  b.nkw = 0;
  for (int i = 0; i < kw.u.dict.n; i++) {
    bool over = false;
    for (int j = 0; j < a->nkw; j++)
      over |= strlen(a->kwn[j]) == kw.u.dict.keys[i].u.s.len &&
              memcmp(a->kwn[j], kw.u.dict.keys[i].u.s.p, kw.u.dict.keys[i].u.s.len) == 0;
    if (over) continue;
    b.kwn[b.nkw] = tirx_intern(ev->m, kw.u.dict.keys[i].u.s.p, kw.u.dict.keys[i].u.s.len);
    b.kwv[b.nkw++] = kw.u.dict.vals[i];
  }
  for (int j = 0; j < a->nkw; j++) b.kwn[b.nkw] = a->kwn[j], b.kwv[b.nkw++] = a->kwv[j];
  return ev_call_value(ev, *fn.u.bound.fn, &b);
}

Value ev_descr_call(Eval *ev, Value fn, Args *a) {
  switch (fn.nshape) {
  case DK_CACHE:
  case DK_STATIC:
  case DK_CLASSMETHOD:
  case DK_PROPERTY: return ev_call_value(ev, *fn.u.bound.fn, a);
  case DK_PARTIAL: return partial_call(ev, fn, a);
  }
  return ev_error(ev, a->loc, "this value is not callable at parse time");
}

/* func.with_attr(key, value): a copy of the PrimFunc with that attribute set;
 * func.without_attr(key) (drop): a copy without it. */
static Value with_attr(Eval *ev, PrimFunc *f, Args *a, bool drop) {
  if (drop ? a->npos != 1 || a->nkw || a->pos[0].kind != V_STR
           : a->npos != 2 || a->nkw || a->pos[0].kind != V_STR)
    return ev_error(ev, a->loc,
                    drop ? "without_attr() takes a key string"
                         : "with_attr() takes a key string and a value");
  if (a->pos[0].u.s.len == 22 && memcmp(a->pos[0].u.s.p, "tirx.persistent_kernel", 22) == 0 &&
      (drop || a->pos[1].kind == V_BOOL)) {
    /* the attribute @T.prim_func(persistent=True) sets, and TVM prints so */
    PrimFunc *nf = TIRX_NEW(ev->m, PrimFunc);
    *nf = *f;
    nf->persistent = !drop && a->pos[1].u.i;
    Value r = v_make(V_FUNCREF, a->loc);
    r.u.func.f = nf;
    return r;
  }
  Value none = v_make(V_NONE, a->loc);
  Value d = v_make(V_DICT, a->loc);
  d.u.dict.keys = &a->pos[0];
  d.u.dict.vals = drop ? &none : &a->pos[1];
  d.u.dict.n = 1;
  Expr *e = ev_value_to_any(ev, d);
  if (!e) return v_make(V_ERROR, a->loc);
  PrimFunc *nf = TIRX_NEW(ev->m, PrimFunc);
  *nf = *f;
  Expr *o = f->attrs;
  int n = o ? o->u.dict.n : 0;
  Expr *m = TIRX_NEW(ev->m, Expr);
  *m = *e;
  m->u.dict.keys = TIRX_NEWN(ev->m, Expr *, n + 1);
  m->u.dict.vals = TIRX_NEWN(ev->m, Expr *, n + 1);
  m->u.dict.n = 0;
  bool replaced = false;
  for (int i = 0; i < n; i++) {
    Expr *k = o->u.dict.keys[i], *v = o->u.dict.vals[i];
    if (k->u.s.len == e->u.dict.keys[0]->u.s.len &&
        memcmp(k->u.s.p, e->u.dict.keys[0]->u.s.p, k->u.s.len) == 0) {
      if (drop) continue;
      v = e->u.dict.vals[0], replaced = true;
    }
    m->u.dict.keys[m->u.dict.n] = k;
    m->u.dict.vals[m->u.dict.n++] = v;
  }
  if (!replaced && !drop) {
    m->u.dict.keys[m->u.dict.n] = e->u.dict.keys[0];
    m->u.dict.vals[m->u.dict.n++] = e->u.dict.vals[0];
  }
  nf->attrs = m->u.dict.n ? m : NULL;
  Value r = v_make(V_FUNCREF, a->loc);
  r.u.func.f = nf;
  return r;
}

/* ---- @T.jit ------------------------------------------------------------------------ */

bool ev_is_jit_def(Eval *ev, const Ast *fd) {
  for (int i = 0; i < fd->n2; i++)
    if (ev_decorator_is(ev, fd->list2[i], "jit")) return true;
  return false;
}

Value ev_jit_value(Eval *ev, Ast *fd) {
  Value v = v_make(V_DESCR, fd->loc);
  v.nshape = DK_JIT;
  Value f = v_make(V_PYFUNC, fd->loc);
  f.u.py.def = fd;
  f.u.py.mod = ev->py->cur_mod;
  v.u.bound.fn = new_value(ev, f);
  return v;
}

/* kernel.specialize(NAME=value, ...): the PrimFunc with those T.constexpr values.
 * Under --entry the build waits until the PrimFunc is needed (ev_funcref): a
 * factory returning a dict of specialised kernels builds only the one the
 * entry picks (--entry builds what it reaches, as it evaluates host code
 * beside it leniently).  The body sees its module's names and the given
 * values either way. */
struct JitPending {
  Value jit;
  Args args;
  PrimFunc *func;
  bool started;
};

static Value jit_build_now(Eval *ev, Value jit, Args *a) {
  Ast *fd = jit.u.bound.fn->u.py.def;
  struct PyModule *saved_mod;
  ev_python_hooks.module_switch(ev, jit.u.bound.fn->u.py.mod, &saved_mod);
  int saved_floor = ev->py_floor;
  ev->py_floor = ev->nbinds; /* the kernel sees its module's names, not the caller's */
  Args *saved_args = ev->py->jit_args;
  ev->py->jit_args = a;
  Value r = ev_python_hooks.define_kernel(ev, fd);
  ev->py->jit_args = saved_args;
  ev->py_floor = saved_floor;
  struct PyModule *dummy;
  ev_python_hooks.module_switch(ev, saved_mod, &dummy);
  return r;
}

Value ev_jit_build(Eval *ev, Value jit, Args *a) {
  Ast *fd = jit.u.bound.fn->u.py.def;
  if (a->npos)
    return ev_error(ev, a->loc, "specialize() takes keyword arguments (the T.constexpr values)");
  for (int k = 0; k < a->nkw; k++) {
    int i = 0;
    while (i < fd->n && strcmp(fd->list[i]->name, a->kwn[k]) != 0) i++;
    if (i == fd->n || (!(fd->list[i]->ival & 1) && a->kwv[k].kind != V_NONE))
      return ev_error(ev, a->loc, "specialize(): '%s' is not a T.constexpr parameter of '%s'%s",
                      a->kwn[k], fd->name,
                      i < fd->n ? " (a parameter can only be removed, with None)" : "");
  }
  if (!(ev->opts && ev->opts->entry)) return jit_build_now(ev, jit, a);
  struct JitPending *p = TIRX_NEW(ev->m, struct JitPending);
  p->jit = jit;
  p->args = *a;
  Value r = v_make(V_FUNCREF, a->loc);
  r.u.func.pending = p;
  return r;
}

PrimFunc *ev_funcref(Eval *ev, Value v) {
  struct JitPending *p = v.u.func.pending;
  if (v.u.func.f || !p) return v.u.func.f;
  if (!p->started) { /* built once: every copy of the value shares it */
    p->started = true;
    Value r = jit_build_now(ev, p->jit, &p->args);
    p->func = r.kind == V_FUNCREF ? r.u.func.f : NULL;
  }
  return p->func;
}

/* ---- text and equality -------------------------------------------------------------- */

/* str() of an exception: its one argument's str(), '' without one, else the
 * arguments' tuple; repr(): Name(args...) (CPython's BaseException) */
static bool exc_text(Eval *ev, struct PyObject *o, bool repr, StrBuf *b, bool *ok) {
  Value *args = attrs_find(&o->attrs, tirx_intern0(ev->m, "args"));
  Value t = args && args->kind == V_TUPLE ? *args : v_make(V_TUPLE, o->cls->loc);
  if (!repr && t.u.list.n == 0) return true;
  Value *x = !repr && t.u.list.n == 1 ? &t.u.list.items[0] : &t;
  Args a = {x, 1, NULL, NULL, 0, o->cls->loc};
  Value s = bi_str(ev, &ev_builtins[!repr && t.u.list.n == 1 ? BI_str : BI_repr], &a);
  if (s.kind != V_STR) return *ok = false, true;
  if (!repr) return strbuf_put(b, s.u.s.p, s.u.s.len), true;
  /* (1, 2) -> Name(1, 2); ('y',) -> Name('y') */
  size_t n = s.u.s.len;
  if (t.u.list.n == 1 && n >= 3 && s.u.s.p[n - 2] == ',')
    strbuf_printf(b, "%s(%.*s)", o->cls->name, (int)(n - 3), s.u.s.p + 1);
  else strbuf_printf(b, "%s%.*s", o->cls->name, (int)n, s.u.s.p);
  return true;
}

/* The exception a `raise` made, for __exit__: an instance of its class (a class
 * of the source, else one made for the builtin exception or name) whose .args are
 * the raise's arguments, its __init__ run with them as CPython's would be. */
Value ev_exc_instance(Eval *ev, Value type, Value args, Loc loc) {
  struct PyClass *k = type.kind == V_CLASS ? type.u.cls : NULL;
  if (!k) {
    k = TIRX_NEW(ev->m, struct PyClass);
    k->name = type.kind == V_BUILTIN ? type.u.builtin->name
              : type.kind == V_STR   ? type.u.s.p
                                     : "Exception";
    k->exc_base = type.kind == V_BUILTIN ? type.u.builtin : &ev_builtins[BI_Exception];
    k->mod = ev->py->cur_mod;
    k->loc = loc;
    k->mro = TIRX_NEWN(ev->m, struct PyClass *, 1);
    k->mro[k->nmro++] = k;
  }
  struct PyObject *o = TIRX_NEW(ev->m, struct PyObject);
  o->cls = k;
  Value self = v_make(V_OBJECT, loc);
  self.u.obj = o;
  attrs_set(ev, &o->attrs, tirx_intern0(ev->m, "args"), args);
  Value *init = class_find(k, tirx_intern0(ev->m, "__init__"), NULL, 0);
  if (!init) return self;
  Value *pos = TIRX_NEWN(ev->m, Value, args.u.list.n + 1);
  pos[0] = self;
  if (args.u.list.n) memcpy(pos + 1, args.u.list.items, sizeof *pos * (size_t)args.u.list.n);
  Args b = {pos, args.u.list.n + 1, NULL, NULL, 0, loc};
  Value r = ev_call_value(ev, *init, &b);
  return r.kind == V_ERROR ? r : self;
}

bool ev_class_text(Eval *ev, Value v, bool repr, StrBuf *b, bool *ok) {
  *ok = true;
  if (v.kind == V_CLASS) {
    strbuf_printf(b, "<class '%s'>", v.u.cls->name);
    return true;
  }
  if (v.kind != V_OBJECT) return false;
  struct PyObject *o = v.u.obj;
  Value *m = class_find(o->cls, tirx_intern0(ev->m, repr ? "__repr__" : "__str__"), NULL, 0);
  if (!m && !repr) m = class_find(o->cls, tirx_intern0(ev->m, "__repr__"), NULL, 0);
  if (m) {
    Value r = call0(ev, *m, v, v.loc);
    if (r.kind != V_STR) {
      if (r.kind != V_ERROR) ev_error(ev, v.loc, "__str__ must return a string");
      *ok = false;
      return true;
    }
    strbuf_put(b, r.u.s.p, r.u.s.len);
    return true;
  }
  if (o->cls->enum_kind) {
    Value *nm = attrs_find(&o->attrs, tirx_intern0(ev->m, "name"));
    Value *val = attrs_find(&o->attrs, tirx_intern0(ev->m, "value"));
    if (o->cls->enum_kind == 2 && !repr && val && val->kind == V_INT)
      strbuf_printf(b, "%lld", (long long)val->u.i);
    else strbuf_printf(b, "%s.%.*s", o->cls->name, (int)nm->u.s.len, nm->u.s.p);
    return true;
  }
  if (any_dataclass(o->cls, 0)) {
    const char **names = NULL;
    int n = 0;
    dc_fields(ev, o->cls, &names, &n, 0);
    strbuf_printf(b, "%s(", o->cls->name);
    for (int i = 0; i < n; i++) {
      Value *fv = attrs_find(&o->attrs, names[i]);
      strbuf_printf(b, "%s%s=", i ? ", " : "", names[i]);
      if (fv) {
        Args a = {fv, 1, NULL, NULL, 0, v.loc};
        Value t = bi_str(ev, &ev_builtins[BI_repr], &a);
        if (t.kind != V_STR) {
          *ok = false;
          return true;
        }
        strbuf_put(b, t.u.s.p, t.u.s.len);
      }
    }
    strbuf_putc(b, ')');
    return true;
  }
  if (o->cls->exc_base) return exc_text(ev, o, repr, b, ok);
  strbuf_printf(b, "<%s object>", o->cls->name);
  return true;
}

bool ev_class_equal(Eval *ev, Value a, Value b, bool *eq) {
  if (ev && (a.kind == V_OBJECT || b.kind == V_OBJECT) &&
      !(a.kind == V_OBJECT && b.kind == V_OBJECT && a.u.obj == b.u.obj)) {
    /* a user __eq__ (either side) */
    for (int side = 0; side < 2; side++) {
      Value x = side ? b : a, y = side ? a : b;
      if (x.kind != V_OBJECT) continue;
      Value *m = class_find(x.u.obj->cls, tirx_intern0(ev->m, "__eq__"), NULL, 0);
      if (!m) continue;
      Value args[2] = {x, y};
      Args ca = {args, 2, NULL, NULL, 0, x.loc};
      Value r = ev_call_value(ev, *m, &ca);
      if (r.kind == V_BUILTIN && r.u.builtin == &ev_builtins[BI_NotImplemented]) continue;
      int t = ev_truth(ev, r, x.loc);
      *eq = t > 0;
      return true;
    }
  }
  if (a.kind == V_CLASS || b.kind == V_CLASS) {
    *eq = a.kind == b.kind && a.u.cls == b.u.cls;
    return true;
  }
  if (a.kind != V_OBJECT && b.kind != V_OBJECT) return false;
  if (a.kind != b.kind) {
    *eq = false;
    /* an IntEnum member equals its value */
    Value o = a.kind == V_OBJECT ? a : b, x = a.kind == V_OBJECT ? b : a;
    if (o.u.obj->cls->enum_kind == 2 && (x.kind == V_INT || x.kind == V_BOOL))
      for (int i = 0; i < o.u.obj->attrs.n; i++)
        if (strcmp(o.u.obj->attrs.names[i], "value") == 0 && o.u.obj->attrs.vals[i].kind == V_INT)
          *eq = o.u.obj->attrs.vals[i].u.i == x.u.i;
    return true;
  }
  if (a.u.obj == b.u.obj) {
    *eq = true;
    return true;
  }
  *eq = false;
  if (a.u.obj->cls != b.u.obj->cls || !any_dataclass(a.u.obj->cls, 0) || a.u.obj->cls->enum_kind)
    return true;
  /* dataclass equality: the same attributes with equal values */
  if (a.u.obj->attrs.n != b.u.obj->attrs.n) return true;
  for (int i = 0; i < a.u.obj->attrs.n; i++) {
    Value *o = attrs_find(&b.u.obj->attrs, a.u.obj->attrs.names[i]);
    if (!o) return true;
    Value x = a.u.obj->attrs.vals[i], y = *o;
    bool e;
    if (ev_class_equal(ev, x, y, &e)) {
      if (!e) return true;
      continue;
    }
    if (x.kind != y.kind) return true;
    if ((x.kind == V_INT || x.kind == V_BOOL) && x.u.i != y.u.i) return true;
    if (x.kind == V_FLOAT && x.u.f != y.u.f) return true;
    if (x.kind == V_STR && (x.u.s.len != y.u.s.len || memcmp(x.u.s.p, y.u.s.p, x.u.s.len) != 0))
      return true;
  }
  *eq = true;
  return true;
}

/* ---- builtins ------------------------------------------------------------------------ */

/* What isinstance(x, T) asks of x for a type T known by its name (a V_NS path, a
 * builtin's name), worked out once per name (the strcmp chain below) and kept in
 * ev->py->isinstance_kinds: TVM's statement classes, IRBuilder frames, Python's
 * builtin types and TVM's expression classes. */
enum {
  IK_NONE = 1, /* no x is one (0: not yet known) */
  IK_FOR_FRAME,
  IK_IF_FRAME,
  IK_WHILE_FRAME,
  IK_INT,
  IK_FLOAT,
  IK_BOOL,
  IK_STR,
  IK_TUPLE,
  IK_LIST,
  IK_DICT,
  IK_ANY,
  IK_CALLABLE,
  IK_EXPR, /* PrimExpr, tvm.ir.Expr */
  IK_BUFFER,
  IK_LOAD,
  IK_VAR,
  IK_INTIMM,
  IK_PRIMFUNC,
  IK_PRIMTYPE,
  IK_LAYOUT, /* T.TileLayout, T.ComposeLayout: a layout of that name */
  IK_STMT0   /* IK_STMT0 + k: TVM's class of statement kind k (ev_irnode_stmt_kind) */
};

static int isinstance_classify(const char *tn) {
  static const struct {
    const char *name;
    int kind;
  } names[] = {{"int", IK_INT},
               {"float", IK_FLOAT},
               {"bool", IK_BOOL},
               {"str", IK_STR},
               {"tuple", IK_TUPLE},
               {"list", IK_LIST},
               {"List", IK_LIST},
               {"dict", IK_DICT},
               {"Dict", IK_DICT},
               {"object", IK_ANY},
               {"Any", IK_ANY},
               {"Callable", IK_CALLABLE},
               {"callable", IK_CALLABLE},
               {"PrimExpr", IK_EXPR},
               {"tirx.PrimExpr", IK_EXPR},
               {"tvm.tirx.PrimExpr", IK_EXPR},
               {"Buffer", IK_BUFFER},
               {"tirx.Buffer", IK_BUFFER},
               {"tvm.tirx.Buffer", IK_BUFFER},
               {"tvm.ir.Expr", IK_EXPR},
               {"tvm.ir.PrimExpr", IK_EXPR},
               {"tvm.tirx.BufferLoad", IK_LOAD},
               {"tirx.BufferLoad", IK_LOAD},
               {"tvm.tirx.Var", IK_VAR},
               {"tirx.Var", IK_VAR},
               {"tvm.tirx.IntImm", IK_INTIMM},
               {"tvm.tirx.PrimFunc", IK_PRIMFUNC},
               {"tirx.PrimFunc", IK_PRIMFUNC},
               {"tvm.ir.PrimType", IK_PRIMTYPE},
               {"T.TileLayout", IK_LAYOUT},
               {"T.ComposeLayout", IK_LAYOUT},
               {"tvm.tirx.script.builder.frame.ForFrame", IK_FOR_FRAME},
               {"tvm.tirx.script.builder.frame.IfFrame", IK_IF_FRAME},
               {"tvm.tirx.script.builder.frame.WhileFrame", IK_WHILE_FRAME}};
  int stmt = ev_irnode_stmt_kind(tn);
  if (stmt >= 0) return IK_STMT0 + stmt;
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strcmp(tn, names[i].name) == 0) return names[i].kind;
  return IK_NONE;
}

static int isinstance_kind(Eval *ev, const char *tn) {
  intptr_t k = txmap_geti(&ev->py->isinstance_kinds, tn);
  if (!k) {
    k = isinstance_classify(tn);
    txmap_puti(&ev->py->isinstance_kinds, tn, k);
  }
  return (int)k;
}

/* isinstance(x, T), T named tn, of kind k (isinstance_kind) */
static bool isinstance_named(Value x, const char *tn, int k) {
  int want = k == IK_FOR_FRAME ? S_FOR : k == IK_IF_FRAME ? S_IF : S_WHILE;
  if (k >= IK_STMT0) return ev_irnode_is_stmt(x, k - IK_STMT0);
  switch (k) {
  case IK_FOR_FRAME:
  case IK_IF_FRAME:
  case IK_WHILE_FRAME: return x.kind == V_FRAME && x.u.frame.outer && x.u.frame.inner->kind == want;
  case IK_INT: return x.kind == V_INT || x.kind == V_BOOL;
  case IK_FLOAT: return x.kind == V_FLOAT;
  case IK_BOOL: return x.kind == V_BOOL;
  case IK_STR: return x.kind == V_STR;
  case IK_TUPLE: return x.kind == V_TUPLE;
  case IK_LIST: return x.kind == V_LIST;
  case IK_DICT: return x.kind == V_DICT;
  case IK_ANY: return true;
  case IK_CALLABLE:
    return x.kind == V_PYFUNC || x.kind == V_LAMBDA || x.kind == V_BOUND || x.kind == V_CLASS ||
           x.kind == V_DESCR;
  case IK_EXPR: return x.kind == V_EXPR;
  case IK_BUFFER: return x.kind == V_BUFFER;
  case IK_LOAD: return (x.kind == V_EXPR && x.u.e->kind == E_LOAD) || x.kind == V_SCALAR;
  case IK_VAR: return x.kind == V_EXPR && x.u.e->kind == E_VAR;
  case IK_INTIMM: return x.kind == V_EXPR && x.u.e->kind == E_INT;
  case IK_PRIMFUNC: return x.kind == V_FUNCREF;
  case IK_PRIMTYPE: return x.kind == V_DTYPE;
  case IK_LAYOUT:
    return x.kind == V_EXPR && x.u.e->kind == E_LAYOUT && x.u.e->u.call.name &&
           strcmp(x.u.e->u.call.name, tn) == 0;
  default: return false;
  }
}

static bool isinstance_one(Eval *ev, Value x, Value t) {
  if (t.kind == V_NONE) return x.kind == V_NONE; /* `int | None` */
  if (t.kind == V_CLASS) {
    if (x.kind == V_OBJECT) return is_subclass(x.u.obj->cls, t.u.cls, 0);
    return false;
  }
  if (t.kind == V_BUILTIN &&
      t.u.builtin->fn == bi_raise) /* an exception's: Exception, or its builtin base */
    return x.kind == V_OBJECT && x.u.obj->cls->exc_base &&
           (t.u.builtin == &ev_builtins[BI_Exception] || t.u.builtin == x.u.obj->cls->exc_base);
  if (t.kind == V_BUILTIN && t.u.builtin->type != V_ERROR)
    return x.kind == t.u.builtin->type || (t.u.builtin->type == V_INT && x.kind == V_BOOL) ||
           (t.u.builtin->type == V_INT && x.kind == V_OBJECT && x.u.obj->cls->enum_kind == 2);
  if (t.kind == V_BUILTIN && t.u.builtin->module) { /* enum.Enum, enum.IntEnum */
    bool member = x.kind == V_OBJECT && x.u.obj->cls->enum_kind;
    if (t.u.builtin == &ev_libfns[LIB_enum_Enum]) return member;
    return t.u.builtin == &ev_libfns[LIB_enum_IntEnum] && member && x.u.obj->cls->enum_kind == 2;
  }
  if (t.kind != V_NS && t.kind != V_BUILTIN) return false;
  const char *tn = t.kind == V_BUILTIN ? t.u.builtin->name : t.u.ns;
  if (strncmp(tn, "typing.", 7) == 0) tn += 7;
  return isinstance_named(x, tn, isinstance_kind(ev, tn));
}

static Value bool_value(bool b, Loc loc) {
  Value v = v_make(V_BOOL, loc);
  v.u.i = b;
  return v;
}

static Value descr(Eval *ev, int kind, Value fn, Loc loc) {
  Value d = v_make(V_DESCR, loc);
  d.nshape = kind;
  d.u.bound.fn = new_value(ev, fn);
  return d;
}

static bool attr_name(Eval *ev, Value v, const char **out) {
  if (v.kind != V_STR) return ev_error(ev, v.loc, "attribute name must be a string"), false;
  *out = tirx_intern(ev->m, v.u.s.p, v.u.s.len);
  return true;
}

/* isinstance(x, t) / issubclass(k, t), t a type or a tuple of them */
Value bi_isinstance(Eval *ev, const Builtin *self, Args *a) {
  Loc l = a->loc;
  if (a->npos != 2 || a->nkw) return ev_error(ev, l, "%s() takes 2 arguments", self->name);
  Value x = a->pos[0], t = a->pos[1];
  Value *ts = &t;
  int nt = 1;
  if (t.kind == V_TUPLE) ts = t.u.list.items, nt = t.u.list.n;
  bool r = false;
  for (int i = 0; i < nt && !r; i++) {
    if (self == &ev_builtins[BI_issubclass])
      r = x.kind == V_CLASS && ts[i].kind == V_CLASS && is_subclass(x.u.cls, ts[i].u.cls, 0);
    else r = isinstance_one(ev, x, ts[i]);
  }
  return bool_value(r, l);
}

/* getattr(x, name[, default]) / hasattr(x, name) */
Value bi_getattr(Eval *ev, const Builtin *self, Args *a) {
  Loc l = a->loc;
  bool get = self == &ev_builtins[BI_getattr];
  if (a->npos < 2 || a->npos > (get ? 3 : 2) || a->nkw)
    return ev_error(ev, l, "%s() takes 2%s arguments", self->name, get ? " or 3" : "");
  const char *nm;
  if (!attr_name(ev, a->pos[1], &nm)) return v_make(V_ERROR, l);
  bool found;
  Value r;
  if (get && a->npos == 2) r = ev_attr(ev, a->pos[0], nm, l), found = r.kind != V_ERROR;
  else r = ev_try_attr(ev, a->pos[0], nm, l, &found);
  if (!get) return bool_value(found, l);
  return found ? r : a->npos == 3 ? a->pos[2] : r;
}

Value bi_setattr(Eval *ev, const Builtin *self, Args *a) {
  Loc l = a->loc;
  (void)self;
  const char *nm;
  if (a->npos != 3 || a->nkw) return ev_error(ev, l, "setattr() takes 3 arguments");
  if (!attr_name(ev, a->pos[1], &nm)) return v_make(V_ERROR, l);
  return ev_class_setattr(ev, a->pos[0], nm, a->pos[2], l) ? v_make(V_NONE, l) : v_make(V_ERROR, l);
}

Value bi_callable(Eval *ev, const Builtin *self, Args *a) {
  if (a->npos != 1 || a->nkw) return ev_error(ev, a->loc, "%s() takes one argument", self->name);
  Value x = a->pos[0];
  ValueKind k = x.kind;
  return bool_value(k == V_PYFUNC || k == V_LAMBDA || k == V_BOUND || k == V_CLASS ||
                        k == V_DESCR || k == V_MACRO || k == V_METHOD || k == V_DTYPE ||
                        (k == V_BUILTIN && x.u.builtin->fn != bi_not_callable) ||
                        /* T.NAME of an intrinsic (T.tvm_storage_sync): a function in TVM */
                        (k == V_NS && strncmp(x.u.ns, "T.", 2) == 0 &&
                         tirx_intrin_lookup(x.u.ns + 2, strlen(x.u.ns + 2)) != NULL),
                    a->loc);
}

/* type(x): an instance's class, a builtin type's row */
Value bi_type(Eval *ev, const Builtin *self, Args *a) {
  Loc l = a->loc;
  if (a->npos != 1 || a->nkw) return ev_error(ev, l, "%s() takes one argument here", self->name);
  Value x = a->pos[0];
  if (x.kind == V_OBJECT) {
    Value k = v_make(V_CLASS, l);
    k.u.cls = x.u.obj->cls;
    return k;
  }
  for (int i = 0; i < BI_COUNT; i++)
    if (ev_builtins[i].type == x.kind && x.kind != V_ERROR)
      return ev_builtin_value(&ev_builtins[i], l);
  if (x.kind == V_EXPR ||
      x.kind == V_STMT) { /* an IR node: TVM's class of it, tvm.tirx.BufferLoad */
    const char *kn =
        x.kind == V_EXPR ? tirx_expr_kind_name(x.u.e->kind) : tirx_stmt_kind_name(x.u.st->kind);
    Value k = v_make(V_NS, l);
    k.u.ns = tirx_intern_printf(ev->m, "tvm.tirx.%s", kn);
    return k;
  }
  if (x.kind == V_SCALAR) { /* a scalar buffer's element (buf[0] of a (1,) local): a load */
    Value k = v_make(V_NS, l);
    k.u.ns = tirx_intern0(ev->m, "tvm.tirx.BufferLoad");
    return k;
  }
  return ev_error(ev, l, "type() of this value is not available at parse time");
}

/* property(f) / staticmethod(f) / classmethod(f) */
Value bi_descriptor(Eval *ev, const Builtin *self, Args *a) {
  if (a->npos != 1 || a->nkw) return ev_error(ev, a->loc, "%s() takes one function", self->name);
  int kind = self == &ev_builtins[BI_property]       ? DK_PROPERTY
             : self == &ev_builtins[BI_staticmethod] ? DK_STATIC
                                                     : DK_CLASSMETHOD;
  return descr(ev, kind, a->pos[0], a->loc);
}

Value bi_super(Eval *ev, const Builtin *self, Args *a) {
  (void)self;
  if (!ev->py->owner) return ev_error(ev, a->loc, "super() outside a method");
  Value k = v_make(V_CLASS, a->loc);
  k.u.cls = ev->py->owner;
  Value d = descr(ev, DK_SUPER, k, a->loc);
  d.u.bound.self = new_value(ev, ev->py->self);
  return d;
}

Value bi_id(Eval *ev, const Builtin *self, Args *a) {
  if (a->npos != 1 || a->nkw) return ev_error(ev, a->loc, "%s() takes one argument", self->name);
  return v_int(a->pos[0].kind == V_OBJECT ? (int64_t)(intptr_t)a->pos[0].u.obj : 0, a->loc);
}

/* copy.copy / copy.deepcopy.  Lists, dicts and objects are copied (deep: their
 * items too, each shared container once, memo keyed by its array or object);
 * everything else is immutable at parse time or keeps its identity (classes,
 * enum members, functions, modules, IR values), as Python's copy does. */
static Value py_copy(Eval *ev, Value x, bool deep, TxPtrMap *memo, int depth, Loc l) {
  if (depth > 200) return ev_error(ev, l, "deepcopy() of a structure nested more than 200 deep");
  const void *key = x.kind == V_LIST || x.kind == V_TUPLE ? (const void *)x.u.list.items
                    : x.kind == V_DICT                    ? (const void *)x.u.dict.keys
                    : x.kind == V_OBJECT                  ? (const void *)x.u.obj
                                                          : NULL;
  if (deep && key && txmap_has(memo, key)) return *(Value *)txmap_get(memo, key);
  Value r = x;
  if (x.kind == V_LIST || (x.kind == V_TUPLE && deep)) {
    r.u.list.items = TIRX_NEWN(ev->m, Value, x.u.list.n + 1);
    if (deep) txmap_put(memo, key, new_value(ev, r));
    for (int i = 0; i < x.u.list.n; i++) {
      r.u.list.items[i] =
          deep ? py_copy(ev, x.u.list.items[i], true, memo, depth + 1, l) : x.u.list.items[i];
      if (r.u.list.items[i].kind == V_ERROR) return r.u.list.items[i];
    }
  } else if (x.kind == V_DICT) {
    r.u.dict.keys = TIRX_NEWN(ev->m, Value, x.u.dict.n + 1);
    r.u.dict.vals = TIRX_NEWN(ev->m, Value, x.u.dict.n + 1);
    if (deep) txmap_put(memo, key, new_value(ev, r));
    for (int i = 0; i < x.u.dict.n; i++) {
      r.u.dict.keys[i] = x.u.dict.keys[i];
      r.u.dict.vals[i] =
          deep ? py_copy(ev, x.u.dict.vals[i], true, memo, depth + 1, l) : x.u.dict.vals[i];
      if (r.u.dict.vals[i].kind == V_ERROR) return r.u.dict.vals[i];
    }
  } else if (x.kind == V_OBJECT && !x.u.obj->cls->enum_kind && !x.u.obj->cls->meta_class) {
    struct PyObject *o = TIRX_NEW(ev->m, struct PyObject);
    *o = *x.u.obj;
    o->attrs.names = NULL, o->attrs.vals = NULL, o->attrs.n = o->attrs.cap = 0;
    r.u.obj = o;
    if (deep) txmap_put(memo, key, new_value(ev, r));
    for (int i = 0; i < x.u.obj->attrs.n; i++) {
      Value v = deep ? py_copy(ev, x.u.obj->attrs.vals[i], true, memo, depth + 1, l)
                     : x.u.obj->attrs.vals[i];
      if (v.kind == V_ERROR) return v;
      attrs_set(ev, &o->attrs, x.u.obj->attrs.names[i], v);
    }
  }
  return r;
}

/* copy.copy(x) / copy.deepcopy(x) */
Value lib_copy(Eval *ev, const Builtin *self, Args *a) {
  if (a->npos != 1 || a->nkw) return ev_error(ev, a->loc, "%s() takes one value", self->name);
  TxPtrMap memo = {0};
  Value r = py_copy(ev, a->pos[0], self == &ev_libfns[LIB_copy_deepcopy], &memo, 0, a->loc);
  txmap_free(&memo);
  return r;
}

/* functools.cache(f) / lru_cache(f): f kept per arguments; lru_cache(maxsize=...)
 * and wraps(f): a decorator that returns its function */
Value lib_cache(Eval *ev, const Builtin *self, Args *a) {
  if (a->npos == 1 && a->nkw == 0 &&
      (a->pos[0].kind == V_PYFUNC || a->pos[0].kind == V_LAMBDA || a->pos[0].kind == V_BOUND))
    return descr(ev, DK_CACHE, a->pos[0], a->loc);
  (void)self;
  return ev_builtin_value(&ev_libfns[LIB_functools_cache], a->loc);
}

Value lib_cached_property(Eval *ev, const Builtin *self, Args *a) {
  (void)self;
  if (a->npos != 1) return ev_error(ev, a->loc, "cached_property() takes one function");
  return descr(ev, DK_PROPERTY, a->pos[0], a->loc);
}

/* functools.partial(f, *pre, **kw) */
Value lib_partial(Eval *ev, const Builtin *self, Args *a) {
  Loc l = a->loc;
  (void)self;
  if (a->npos < 1) return ev_error(ev, l, "partial() needs a function");
  Value d = descr(ev, DK_PARTIAL, a->pos[0], l);
  Value *st = TIRX_NEWN(ev->m, Value, 2);
  st[0] = v_make(V_TUPLE, l);
  st[0].u.list.items = TIRX_NEWN(ev->m, Value, a->npos);
  if (a->npos > 1) memcpy(st[0].u.list.items, a->pos + 1, sizeof(Value) * (size_t)(a->npos - 1));
  st[0].u.list.n = a->npos - 1;
  st[1] = v_make(V_DICT, l);
  st[1].u.dict.keys = TIRX_NEWN(ev->m, Value, a->nkw + 1);
  st[1].u.dict.vals = TIRX_NEWN(ev->m, Value, a->nkw + 1);
  for (int i = 0; i < a->nkw; i++) {
    st[1].u.dict.keys[i] = str_value(ev, a->kwn[i], l);
    st[1].u.dict.vals[i] = a->kwv[i];
  }
  st[1].u.dict.n = a->nkw;
  d.u.bound.self = st;
  return d;
}

/* functools.reduce(f, xs[, initial]) */
Value lib_reduce(Eval *ev, const Builtin *self, Args *a) {
  Loc l = a->loc;
  (void)self;
  if (a->npos < 2 || a->npos > 3) return ev_error(ev, l, "reduce() takes 2 or 3 arguments");
  Args la = {&a->pos[1], 1, NULL, NULL, 0, l};
  Value items = bi_seq(ev, &ev_builtins[BI_list], &la);
  if (items.kind == V_ERROR) return items;
  int i = 0;
  Value acc;
  if (a->npos == 3) acc = a->pos[2];
  else if (items.u.list.n == 0)
    return ev_error(ev, l, "reduce() of an empty sequence with no initial value");
  else acc = items.u.list.items[i++];
  for (; i < items.u.list.n; i++) {
    Value args[2] = {acc, items.u.list.items[i]};
    Args ca = {args, 2, NULL, NULL, 0, l};
    acc = ev_call_value(ev, a->pos[0], &ca);
    if (acc.kind == V_ERROR) return acc;
  }
  return acc;
}

/* dataclasses.field(default=, default_factory=) */
Value lib_dc_field(Eval *ev, const Builtin *self, Args *a) {
  (void)self;
  Value d = v_make(V_DESCR, a->loc);
  d.nshape = DK_FIELD;
  for (int i = 0; i < a->nkw; i++) {
    if (strcmp(a->kwn[i], "default_factory") == 0) d.u.bound.fn = new_value(ev, a->kwv[i]);
    else if (strcmp(a->kwn[i], "default") == 0) d.u.bound.self = new_value(ev, a->kwv[i]);
  }
  if (a->npos) return ev_error(ev, a->loc, "field() takes keyword arguments");
  return d;
}

/* the dataclass of fields()/asdict()/...'s one argument and its fields; false
 * after reporting that it is none */
static bool dc_arg(Eval *ev, const Builtin *self, Args *a, struct PyClass **k, const char ***names,
                   int *n) {
  if (a->npos != 1) return ev_error(ev, a->loc, "%s() takes one dataclass", self->name), false;
  Value x = a->pos[0];
  *k = x.kind == V_OBJECT ? x.u.obj->cls : x.kind == V_CLASS ? x.u.cls : NULL;
  if (!*k || !any_dataclass(*k, 0))
    return ev_error(ev, a->loc, "%s() needs a dataclass", self->name), false;
  *names = NULL;
  *n = 0;
  dc_fields(ev, *k, names, n, 0);
  return true;
}

/* dataclasses.fields(): Field objects with .name (and .default where known) */
static Value dc_field_objects(Eval *ev, struct PyClass *k, const char **names, int n, Loc l) {
  Value t = v_make(V_TUPLE, l);
  t.u.list.items = TIRX_NEWN(ev->m, Value, n + 1);
  for (int i = 0; i < n; i++) {
    struct PyObject *o = TIRX_NEW(ev->m, struct PyObject);
    static struct PyClass field_cls = {.name = "Field"};
    o->cls = &field_cls;
    attrs_set(ev, &o->attrs, tirx_intern0(ev->m, "name"), str_value(ev, names[i], l));
    Value *d = class_find(k, names[i], NULL, 0);
    if (d && d->kind != V_DESCR) attrs_set(ev, &o->attrs, tirx_intern0(ev->m, "default"), *d);
    t.u.list.items[i] = v_make(V_OBJECT, l);
    t.u.list.items[i].u.obj = o;
  }
  t.u.list.n = n;
  return t;
}

/* dataclasses.fields / asdict / astuple / is_dataclass */
Value lib_dc_query(Eval *ev, const Builtin *self, Args *a) {
  Loc l = a->loc;
  if (self == &ev_libfns[LIB_dataclasses_is_dataclass]) {
    if (a->npos != 1) return ev_error(ev, l, "%s() takes one dataclass", self->name);
    Value x = a->pos[0];
    struct PyClass *k = x.kind == V_OBJECT ? x.u.obj->cls : x.kind == V_CLASS ? x.u.cls : NULL;
    return bool_value(k && any_dataclass(k, 0), l);
  }
  struct PyClass *k;
  const char **names;
  int n;
  if (!dc_arg(ev, self, a, &k, &names, &n)) return v_make(V_ERROR, l);
  if (self == &ev_libfns[LIB_dataclasses_fields]) return dc_field_objects(ev, k, names, n, l);
  Value x = a->pos[0];
  if (x.kind != V_OBJECT) return ev_error(ev, l, "%s() needs an instance", self->name);
  if (self == &ev_libfns[LIB_dataclasses_asdict])
    return make_dict(ev, &x.u.obj->attrs, names, n, l);
  Value t = v_make(V_TUPLE, l);
  t.u.list.items = TIRX_NEWN(ev->m, Value, n + 1);
  for (int i = 0; i < n; i++) {
    Value *v = attrs_find(&x.u.obj->attrs, names[i]);
    t.u.list.items[t.u.list.n++] = v ? *v : v_make(V_NONE, l);
  }
  return t;
}

/* dataclasses.replace(obj, **changes) */
Value lib_dc_replace(Eval *ev, const Builtin *self, Args *a) {
  Loc l = a->loc;
  struct PyClass *k;
  const char **names;
  int n;
  if (!dc_arg(ev, self, a, &k, &names, &n)) return v_make(V_ERROR, l);
  Value x = a->pos[0];
  if (x.kind != V_OBJECT) return ev_error(ev, l, "%s() needs an instance", self->name);
  struct PyObject *o = TIRX_NEW(ev->m, struct PyObject);
  *o = *x.u.obj;
  o->attrs.names = NULL, o->attrs.vals = NULL, o->attrs.n = o->attrs.cap = 0;
  for (int i = 0; i < x.u.obj->attrs.n; i++)
    attrs_set(ev, &o->attrs, x.u.obj->attrs.names[i], x.u.obj->attrs.vals[i]);
  for (int i = 0; i < a->nkw; i++)
    attrs_set(ev, &o->attrs, tirx_intern0(ev->m, a->kwn[i]), a->kwv[i]);
  Value r = v_make(V_OBJECT, l);
  r.u.obj = o;
  return r;
}

/* itertools.chain(xs, ys, ...): their items in turn */
static Value chain_lists(Eval *ev, Value *cols, int n, Loc l) {
  int total = 0;
  for (int i = 0; i < n; i++) total += cols[i].u.list.n;
  Value r = v_make(V_LIST, l);
  r.u.list.items = TIRX_NEWN(ev->m, Value, total + 1);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < cols[i].u.list.n; j++)
      r.u.list.items[r.u.list.n++] = cols[i].u.list.items[j];
  return r;
}

/* itertools.product(xs, ys, ..., repeat=) / itertools.chain(...) */
Value lib_product(Eval *ev, const Builtin *self, Args *a) {
  Loc l = a->loc;
  int n = a->npos;
  Value *cols = TIRX_NEWN(ev->m, Value, n + 1);
  for (int i = 0; i < n; i++) {
    Args la = {&a->pos[i], 1, NULL, NULL, 0, l};
    cols[i] = bi_seq(ev, &ev_builtins[BI_list], &la);
    if (cols[i].kind == V_ERROR) return cols[i];
  }
  if (self == &ev_libfns[LIB_itertools_chain]) return chain_lists(ev, cols, n, l);
  int repeat = 1;
  for (int i = 0; i < a->nkw; i++)
    if (strcmp(a->kwn[i], "repeat") == 0 && a->kwv[i].kind == V_INT) repeat = (int)a->kwv[i].u.i;
  if (repeat > 1) {
    Value *rc = TIRX_NEWN(ev->m, Value, n * repeat + 1);
    for (int r = 0; r < repeat; r++) memcpy(rc + r * n, cols, sizeof(Value) * (size_t)n);
    cols = rc;
    n *= repeat;
  }
  int64_t total = 1;
  for (int i = 0; i < n; i++) total *= cols[i].u.list.n;
  if (total > 1000000) return ev_error(ev, l, "product() of more than 1000000 items at parse time");
  Value r = v_make(V_LIST, l);
  r.u.list.items = TIRX_NEWN(ev->m, Value, total + 1);
  for (int64_t k = 0; k < total; k++) {
    Value *row = TIRX_NEWN(ev->m, Value, n + 1);
    int64_t rem = k;
    for (int i = n - 1; i >= 0; i--) {
      row[i] = cols[i].u.list.items[rem % cols[i].u.list.n];
      rem /= cols[i].u.list.n;
    }
    Value t = v_make(V_TUPLE, l);
    t.u.list.items = row;
    t.u.list.n = n;
    r.u.list.items[r.u.list.n++] = t;
  }
  return r;
}

/* _tirx.module_new / module_exec (importlib.util): the module system's */
Value lib_module_new(Eval *ev, const Builtin *self, Args *a) {
  return ev_python_hooks.module_new(ev, self, a);
}

Value lib_module_exec(Eval *ev, const Builtin *self, Args *a) {
  return ev_python_hooks.module_exec(ev, self, a);
}

/* ---- defines ------------------------------------------------------------------ */

/* A -D VALUE (a Python literal: a number, string, None or tuple) evaluated into *out */
bool ev_parse_define_value(Eval *ev, const char *text, Value *out) {
  TirxDiag sub;
  tirx_diag_init(&sub, "<-D>", text, strlen(text));
  TokenList tl = {0};
  bool ok = false;
  if (lex(text, strlen(text), &tl, &sub) == 0) {
    Ast *a = parse_expr_tokens(ev->m, &tl, &sub);
    if (a) {
      TirxDiag *outer = ev->d;
      ev->d = &sub;
      int before = ev->nerr;
      *out = ev_expr(ev, a);
      ev->d = outer;
      ok = ev->nerr == before &&
           (ev_is_number(out) || out->kind == V_STR || out->kind == V_NONE || out->kind == V_TUPLE);
      ev->nerr = before;
    }
  }
  lex_free(&tl);
  tirx_diag_free(&sub);
  return ok;
}

/* The VALUE text of `-D NAME=VALUE` for name, or NULL */
const char *ev_define_text(Eval *ev, const char *name) {
  if (!ev->opts) return NULL;
  size_t n = strlen(name);
  for (int i = 0; i < ev->opts->ndefines; i++) {
    const char *d = ev->opts->defines[i];
    if (strncmp(d, name, n) == 0 && d[n] == '=') return d + n + 1;
  }
  return NULL;
}

/* _tirx.define(name[, default]): the value of `-D name=VALUE` for the compile (a
 * Python literal; VALUE's text as a str when it is none), else default (None):
 * the facts a prelude module takes from the command line (torch.cuda's device:
 * TIRX_TORCH_CUDA_DEVICE) */
Value lib_tirx_define(Eval *ev, const Builtin *self, Args *a) {
  if (!ev_builtin_nokw(ev, self, a)) return v_make(V_ERROR, a->loc);
  if (a->npos < 1 || a->npos > 2 || a->pos[0].kind != V_STR)
    return ev_error(ev, a->loc, "_tirx.define() takes a name (a str) and an optional default");
  char name[256];
  if (a->pos[0].u.s.len >= sizeof name) return a->npos == 2 ? a->pos[1] : v_make(V_NONE, a->loc);
  memcpy(name, a->pos[0].u.s.p, a->pos[0].u.s.len);
  name[a->pos[0].u.s.len] = '\0';
  const char *text = ev_define_text(ev, name);
  if (!text) return a->npos == 2 ? a->pos[1] : v_make(V_NONE, a->loc);
  Value v;
  if (ev_parse_define_value(ev, text, &v)) return v;
  v = v_make(V_STR, a->loc); /* not a literal: its text, for the caller to refuse */
  v.u.s.p = text;
  v.u.s.len = strlen(text);
  return v;
}

/* os.getenv(name[, default]): the compile's os.environ (hermetic) */
Value lib_getenv(Eval *ev, const Builtin *self, Args *a) {
  (void)self;
  if (a->npos < 1 || a->npos > 2 || a->nkw)
    return ev_error(ev, a->loc, "getenv() takes a name and an optional default");
  Value env = *ev_py_environ(ev);
  for (int i = 0; i < env.u.dict.n; i++)
    if (ev_py_equal(env.u.dict.keys[i], a->pos[0])) return env.u.dict.vals[i];
  return a->npos == 2 ? a->pos[1] : v_make(V_NONE, a->loc);
}

/* enum.auto(): the marker a class body numbers */
Value lib_enum_auto(Eval *ev, const Builtin *self, Args *a) {
  (void)ev;
  return ev_builtin_value(self, a->loc);
}
