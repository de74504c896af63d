/* The native part of tirx's prelude: the few names of TVM's Python library
 * whose values the evaluator already represents (tvm_builtin.def).
 *
 *   tvm.DataType("float16")            a dtype (V_DTYPE): .bits, .lanes, str()
 *   tvm.ir.PrimType("uint32")          a dtype (V_DTYPE)
 *   tvm.ir.PointerType(prim, scope)    a pointer type (V_PTRTYPE), as T.handle(dtype, scope);
 *                                      the scope defaults to "global"
 *   tvm.tirx.any(c, ...), .all(c, ...) the conditions joined by `or` / `and`
 *
 * The rest of the library (barriers, pipelines, descriptors, schedulers,
 * layouts) is Python source under prelude/, run by the evaluator like any
 * module; the prelude directory is found by ev_prelude_dir (prelude_dir.c).
 * Also here: T.NAME builders that are prelude classes (T.TMEMPool,
 * TVM_T_PRELUDE rows) and @T.meta_class buffer naming (the end of the file). */
#include <string.h>

#include "Parse/eval_modules.h"
#include "Support/vec.h"

typedef struct TvmBuiltin {
  const char *module, *name, *path;
} TvmBuiltin;

static const TvmBuiltin tvm_builtins[] = {
#define TVM_BUILTIN(M, N, P) {M, N, P},
#include "Parse/tvm_builtin.def"
#undef TVM_BUILTIN
};

typedef struct TvmTPrelude {
  const char *name, *module;
} TvmTPrelude;

static const TvmTPrelude tvm_t_prelude[] = {
#define TVM_BUILTIN(M, N, P)
#define TVM_T_PRELUDE(N, M) {N, M},
#include "Parse/tvm_builtin.def"
#undef TVM_T_PRELUDE
#undef TVM_BUILTIN
};

typedef struct TvmPreludeName {
  const char *path, *module, *name;
} TvmPreludeName;

static const TvmPreludeName tvm_prelude_names[] = {
#define TVM_BUILTIN(M, N, P)
#define TVM_PRELUDE_NAME(P, M, N) {P, M, N},
#include "Parse/tvm_builtin.def"
#undef TVM_PRELUDE_NAME
#undef TVM_BUILTIN
};

/* `tvm.IRModule` (PATH = "tvm.IRModule"): the prelude's definition (false: not one). */
/* PATH is interned (ev_path_join): the row found is kept for it. */
static bool prelude_name(Eval *ev, const char *path, Loc loc, Value *out) {
  intptr_t row = txmap_geti(&ev->mod->prelude_rows, path);
  if (!row) {
    row = -1;
    for (size_t i = 0; i < sizeof tvm_prelude_names / sizeof tvm_prelude_names[0] && row < 0; i++)
      if (strcmp(tvm_prelude_names[i].path, path) == 0) row = (intptr_t)i + 1;
    txmap_puti(&ev->mod->prelude_rows, path, row);
  }
  if (row < 0) return false;
  const TvmPreludeName *p = &tvm_prelude_names[row - 1];
  if (!ev_import_name(ev, p->module, p->name, loc, out)) *out = v_make(V_ERROR, loc);
  return true;
}

bool ev_tvm_T_call(Eval *ev, const char *name, Args *a, Value *out) {
  for (size_t i = 0; i < sizeof tvm_t_prelude / sizeof tvm_t_prelude[0]; i++)
    if (strcmp(tvm_t_prelude[i].name, name) == 0) {
      Value cls;
      const char *last = strrchr(name, '.');
      last = last ? tirx_intern0(ev->m, last + 1) : name;
      if (!ev_import_name(ev, tvm_t_prelude[i].module, last, a->loc, &cls))
        *out = v_make(V_ERROR, a->loc);
      else *out = ev_call_value(ev, cls, a);
      return true;
    }
  return false;
}

bool ev_tvm_import(Eval *ev, const char *module, const char *name, Loc loc, Value *out) {
  if (prelude_name(ev, ev_path_join(ev, module, name), loc, out)) return true;
  for (size_t i = 0; i < sizeof tvm_builtins / sizeof tvm_builtins[0]; i++)
    if (strcmp(tvm_builtins[i].module, module) == 0 && strcmp(tvm_builtins[i].name, name) == 0) {
      *out = v_make(V_NS, loc);
      out->u.ns = tirx_intern0(ev->m, tvm_builtins[i].path);
      return true;
    }
  return false;
}

/* V_GLOBALVAR's getattr slot (value_kinds.def): its name_hint */
Value ev_globalvar_getattr(Eval *ev, Value obj, const char *name, Loc loc) {
  Value r;
  if (ev_tvm_attr(ev, obj, name, loc, &r)) return r;
  return ev_error(ev, loc, "value has no attribute '%s'", name);
}

bool ev_tvm_attr(Eval *ev, Value obj, const char *name, Loc loc, Value *out) {
  if (obj.kind == V_GLOBALVAR && strcmp(name, "name_hint") == 0) {
    *out = v_make(V_STR, loc);
    out->u.s.p = obj.u.ns;
    out->u.s.len = strlen(obj.u.ns);
    return true;
  }
  if (obj.kind == V_NS && !obj.aux) {
    if (strncmp(obj.u.ns, "tvm", 3) == 0 && (obj.u.ns[3] == '\0' || obj.u.ns[3] == '.'))
      return prelude_name(ev, ev_path_join(ev, obj.u.ns, name), loc, out);
    return false;
  }
  if (obj.kind != V_DTYPE) return false;
  if (strcmp(name, "bits") == 0) {
    *out = v_int(tirx_dtype_bits(obj.u.dt), loc);
    return true;
  }
  if (strcmp(name, "lanes") == 0) {
    *out = v_int(obj.u.dt.lanes, loc);
    return true;
  }
  return false;
}

/* The one dtype argument of tvm.DataType / PrimType: a dtype string or a dtype. */
static Value dtype_of(Eval *ev, const char *fn, Args *a) {
  static const char *const kw[] = {"dtype", NULL};
  if (!ev_check_kw(ev, a, fn, kw)) return v_make(V_ERROR, a->loc);
  Value *x = ev_arg(a, 0, "dtype");
  if (!x || a->npos + a->nkw != 1)
    return ev_error(ev, a->loc, "%s() takes one dtype, such as \"float16\"", fn);
  if (x->kind != V_STR && x->kind != V_DTYPE)
    return ev_error(ev, x->loc, "%s() needs a dtype string such as \"float16\"", fn);
  Value v = v_make(V_DTYPE, a->loc);
  if (!ev_get_dtype(ev, *x, &v.u.dt, "dtype")) return v_make(V_ERROR, a->loc);
  return v;
}

/* tvm.tirx.const(value, dtype=None): a constant of a Python number (int32,
 * float32 or bool by its kind when no dtype is given) */
static Value tvm_const(Eval *ev, Args *a) {
  static const char *const kw[] = {"value", "dtype", "span", NULL};
  if (!ev_check_kw(ev, a, "tvm.tirx.const", kw)) return v_make(V_ERROR, a->loc);
  Value *x = ev_arg(a, 0, "value"), *d = ev_arg(a, 1, "dtype");
  if (!x || a->npos > 3 || (x->kind != V_INT && x->kind != V_BOOL && x->kind != V_FLOAT))
    return ev_error(ev, x ? x->loc : a->loc, "tvm.tirx.const() takes a Python number and a dtype");
  DType t = tirx_dtype(x->kind == V_BOOL ? DT_BOOL : x->kind == V_FLOAT ? DT_FLOAT32 : DT_INT32);
  if (d && d->kind != V_NONE && !ev_get_dtype(ev, *d, &t, "dtype")) return v_make(V_ERROR, a->loc);
  if (x->kind == V_FLOAT && !tirx_dtype_is_float(t))
    return ev_error(ev, x->loc, "tvm.tirx.const(): a float value needs a float dtype");
  Expr *e = x->kind == V_FLOAT || tirx_dtype_is_float(t)
                ? tirx_float(ev->m, t, x->kind == V_FLOAT ? x->u.f : (double)x->u.i, a->loc)
                : tirx_int(ev->m, t, tirx_dtype_is_bool(t) ? x->u.i != 0 : x->u.i, a->loc);
  return v_expr(e, a->loc);
}

/* tvm.ir.PointerType(element_type, storage_scope="global") */
static Value pointer_type(Eval *ev, Args *a) {
  static const char *const kw[] = {"element_type", "storage_scope", NULL};
  if (!ev_check_kw(ev, a, "PointerType", kw)) return v_make(V_ERROR, a->loc);
  Value *elem = ev_arg(a, 0, "element_type");
  Value *scope = ev_arg(a, 1, "storage_scope");
  if (!elem || a->npos > 2)
    return ev_error(ev, a->loc,
                    "PointerType() takes an element type and an optional storage scope");
  if (elem->kind != V_DTYPE)
    return ev_error(ev, elem->loc,
                    "PointerType() needs an element type such as PrimType(\"float32\")");
  Value v = v_make(V_PTRTYPE, a->loc);
  v.u.ptr.elem = elem->u.dt;
  v.u.ptr.typed = true;
  v.u.ptr.scope = tirx_intern0(ev->m, tirx_scope_name(MEM_GLOBAL));
  if (scope) {
    if (scope->kind != V_STR)
      return ev_error(ev, scope->loc, "PointerType() storage scope must be a string");
    const char *sc = ev_scope_str(ev, scope, tirx_scope_name(MEM_GLOBAL));
    if (!sc) return v_make(V_ERROR, a->loc);
    v.u.ptr.scope = sc;
  }
  return v;
}

/* tvm.tirx.any(c0, c1, ...) / tvm.tirx.all(...): the conditions joined by `or`
 * / `and` from the left, as TVM 0.27's builders do (one condition: itself). */
static Value any_all(Eval *ev, const char *fn, bool is_and, Args *a) {
  if (a->nkw)
    return ev_error(ev, a->kwv[0].loc, "%s() got an unexpected keyword argument '%s'", fn,
                    a->kwn[0]);
  if (a->npos == 0) return ev_error(ev, a->loc, "%s() needs at least one condition", fn);
  Expr *acc = NULL;
  for (int i = 0; i < a->npos; i++) {
    Expr *e = ev_to_expr(ev, a->pos[i], "a condition");
    if (!e) return v_make(V_ERROR, a->loc);
    if (!tirx_dtype_is_bool(e->dtype)) {
      char b[32];
      return ev_error(ev, a->pos[i].loc, "%s(): argument %d must be a boolean expression, got %s",
                      fn, i + 1, tirx_dtype_str(e->dtype, b));
    }
    acc = acc ? tirx_binary(ev->m, is_and ? E_AND : E_OR, acc, e, a->loc) : e;
  }
  return v_expr(acc, a->loc);
}

/* tvm.ir.GlobalVar(name_hint): the function of the module named so (the value a
 * kernel's call by name has: V_GLOBALVAR). */
static Value global_var(Eval *ev, Args *a) {
  static const char *const kw[] = {"name_hint", "type_annot", "span", NULL};
  if (!ev_check_kw(ev, a, "GlobalVar", kw)) return v_make(V_ERROR, a->loc);
  Value *n = ev_arg(a, 0, "name_hint");
  Value *t = ev_arg(a, 1, "type_annot");
  if (!n || n->kind != V_STR || a->npos > 3)
    return ev_error(ev, n && n->kind != V_STR ? n->loc : a->loc,
                    "GlobalVar() takes a function name string");
  if (t && t->kind != V_NONE)
    return ev_error(ev, t->loc, "GlobalVar(): a type annotation is not supported by tirx");
  Value v = v_make(V_GLOBALVAR, a->loc);
  v.u.ns = tirx_intern(ev->m, n->u.s.p, n->u.s.len);
  return v;
}

/* tvm.ir.Call(op, args, attrs=None, ty_args=None, span=None, ret_ty=None) with op a
 * GlobalVar: a call of that function of the module, of type ret_ty (a dtype
 * string, "handle", a dtype or a pointer type; None: the function's return type). */
static Value ir_call(Eval *ev, Args *a) {
  static const char *const kw[] = {"op", "args", "attrs", "ty_args", "span", "ret_ty", NULL};
  if (!ev_check_kw(ev, a, "tvm.ir.Call", kw)) return v_make(V_ERROR, a->loc);
  Value *op = ev_arg(a, 0, "op"), *args = ev_arg(a, 1, "args"), *attrs = ev_arg(a, 2, "attrs");
  Value *tys = ev_arg(a, 3, "ty_args"), *rt = ev_arg(a, 5, "ret_ty");
  if (!op || !args || a->npos > 6)
    return ev_error(ev, a->loc, "tvm.ir.Call() takes an op and a list of arguments");
  if (op->kind != V_GLOBALVAR)
    return ev_error(
        ev, op->loc,
        "tvm.ir.Call() of an operator is not supported by tirx: the op must be a tvm.ir.GlobalVar "
        "(call T.<op>(...) for an operator)");
  if (args->kind != V_LIST && args->kind != V_TUPLE)
    return ev_error(ev, args->loc, "tvm.ir.Call(): the arguments must be a list");
  if (attrs && attrs->kind != V_NONE)
    return ev_error(ev, attrs->loc, "tvm.ir.Call(): attrs are not supported by tirx");
  if (tys && tys->kind != V_NONE &&
      !((tys->kind == V_LIST || tys->kind == V_TUPLE) && tys->u.list.n == 0))
    return ev_error(ev, tys->loc, "tvm.ir.Call(): ty_args are not supported by tirx");
  DType t = tirx_dtype(DT_VOID);
  if (rt && rt->kind == V_STR && rt->u.s.len == 6 && memcmp(rt->u.s.p, "handle", 6) == 0)
    t = tirx_dtype(DT_HANDLE);
  else if (rt && rt->kind == V_PTRTYPE) t = tirx_dtype(DT_HANDLE);
  else if (rt && (rt->kind == V_STR || rt->kind == V_DTYPE)) {
    if (!ev_get_dtype(ev, *rt, &t, "ret_ty")) return v_make(V_ERROR, a->loc);
  } else if (rt && rt->kind != V_NONE) {
    return ev_error(ev, rt->loc,
                    "tvm.ir.Call(): ret_ty must be a dtype string, a dtype or a pointer type");
  }
  int n = args->u.list.n;
  Expr **xs = TIRX_NEWN(ev->m, Expr *, n + 1);
  for (int i = 0; i < n; i++) {
    xs[i] = ev_to_expr(ev, args->u.list.items[i], "an argument");
    if (!xs[i]) return v_make(V_ERROR, a->loc);
  }
  const PrimFunc *f = tirx_module_find(ev->m, op->u.ns);
  if (f && t.id == DT_VOID && f->has_ret) t = f->ret;
  Expr *c = tirx_call(ev->m, tirx_intrin(I_CALL_FUNC), t, xs, n, a->loc);
  c->u.call.name = op->u.ns;
  /* ret_ty None, of a function defined later: typed after the module ran (TVM builds a
   * call of the GlobalVar as it is told: with ret_ty given there is nothing to check) */
  if (!f && t.id == DT_VOID) TIRX_VEC_PUSH(ev->mod->calls, ev->mod->ncalls, ev->mod->capcalls, c);
  return v_expr(c, a->loc);
}

/* IRBuilder.name(s, v): v (a buffer or a variable) is named s; v is the value. */
static Value ir_builder_name(Eval *ev, Args *a) {
  if (a->nkw || a->npos != 2 || a->pos[0].kind != V_STR)
    return ev_error(ev, a->loc, "IRBuilder.name() takes a name string and the object to name");
  const char *nm = tirx_intern(ev->m, a->pos[0].u.s.p, a->pos[0].u.s.len);
  Value v = a->pos[1];
  if (v.kind == V_BUFFER || v.kind == V_SCALAR) {
    ev_rename_buffer(ev, v.u.buf, nm);
  } else if (v.kind == V_EXPR && v.u.e->kind == E_VAR && v.u.e->u.var->kind == VAR_PLAIN) {
    v.u.e->u.var->name = nm;
  } else {
    return ev_error(ev, v.loc, "IRBuilder.name(): tirx names buffers and variables only");
  }
  return v;
}

bool ev_tvm_call(Eval *ev, const char *path, Args *a, Value *out) {
  if (strncmp(path, "tvm.", 4) != 0) return false; /* the other rows bind T.* and Axis.* values */
  if (ev_irnode_construct(ev, path, a, out)) return true; /* tvm.tirx.IfThenElse, SeqStmt */
  if (strcmp(path, "tvm.tirx.any") == 0) *out = any_all(ev, "tvm.tirx.any", false, a);
  else if (strcmp(path, "tvm.tirx.all") == 0) *out = any_all(ev, "tvm.tirx.all", true, a);
  else if (strcmp(path, "tvm.DataType") == 0) *out = dtype_of(ev, "tvm.DataType", a);
  else if (strcmp(path, "tvm.tirx.const") == 0) *out = tvm_const(ev, a);
  else if (strcmp(path, "tvm.ir.PrimType") == 0) *out = dtype_of(ev, "PrimType", a);
  else if (strcmp(path, "tvm.ir.PointerType") == 0) *out = pointer_type(ev, a);
  else if (strcmp(path, "tvm.ir.GlobalVar") == 0) *out = global_var(ev, a);
  else if (strcmp(path, "tvm.ir.Call") == 0) *out = ir_call(ev, a);
  else if (strcmp(path, "tvm.IRBuilder.current") == 0) { /* the builder of the kernel being built */
    if (a->npos || a->nkw) *out = ev_error(ev, a->loc, "IRBuilder.current() takes no arguments");
    else if (!ev->func)
      *out = ev_error(ev, a->loc, "IRBuilder.current(): no kernel is being built here");
    else *out = v_make(V_NS, a->loc), out->u.ns = tirx_intern0(ev->m, "tvm.IRBuilder.builder");
  } else if (strcmp(path, "tvm.IRBuilder.name") == 0 ||
             strcmp(path, "tvm.IRBuilder.builder.name") == 0)
    *out = ir_builder_name(ev, a);
  else /* tvm.IRModule, tvm.testing.main, ... */
    *out = ev_error(ev, a->loc, "'%s' is TVM's and not part of tirx's prelude", path);
  return true;
}

/* ---- @T.meta_class ------------------------------------------------------------
 *
 * TVM names the buffers of a helper object after the kernel variable it is
 * bound to: `bar = MBarrier(pool, 2)` declares `bar_buf`, `p = Pipeline(...)`
 * declares `p_full_buf` and `p_empty_buf`.  The rules, as TVM 0.27 behaves:
 *   - an instance owns the buffers made while its class's own __init__ ran,
 *     except those made by the constructors of other meta_class objects it
 *     built (they own theirs);
 *   - an instance of a class whose __init__ is inherited owns nothing (TVM
 *     wraps each subclass's __init__ again, and the outer, empty wrapper has
 *     the last word): a TMABar's buffer keeps the default name;
 *   - binding `x = obj` in a kernel names each owned buffer found in a field
 *     `f` as x_f; a field holding a meta_class object is named x_f_<its fields>
 *     by its own owned buffers; list/tuple items are x_f_0, x_f_1, dict items
 *     x_f_<key>; an object keeps the first prefix it was named with;
 *   - T.meta_var(obj) binds without naming. */

typedef struct MetaScope {
  struct MetaScope *up;
  struct PyClass *cls;
  int start; /* the module's next Var/Buffer id when it began */
  int *skip;
  int nskip, capskip; /* [lo, hi) id ranges of nested constructions */
} MetaScope;

static bool class_is_meta(const struct PyClass *k, int depth) {
  if (!k || depth > 64) return false;
  if (k->meta_class) return true;
  for (int i = 0; i < k->nbases; i++)
    if (class_is_meta(k->bases[i], depth + 1)) return true;
  return false;
}

MetaScope *ev_meta_begin(Eval *ev, struct PyClass *k) {
  if (!class_is_meta(k, 0)) return NULL;
  MetaScope *s = TIRX_NEW(ev->m, MetaScope);
  s->up = ev->mod->meta_scope;
  s->cls = k;
  s->start = ev->m->next_id;
  ev->mod->meta_scope = s;
  return s;
}

static bool skipped(const MetaScope *s, int id) {
  for (int i = 0; i + 1 < s->nskip; i += 2)
    if (id >= s->skip[i] && id < s->skip[i + 1]) return true;
  return false;
}

static void own_buffers(Eval *ev, MetaScope *s, struct PyObject *o, Value v, int depth) {
  if (depth > 16) return;
  if ((v.kind == V_BUFFER || v.kind == V_SCALAR) && v.u.buf->id >= s->start &&
      !skipped(s, v.u.buf->id)) {
    for (int i = 0; i < o->nmeta_owned; i++)
      if (o->meta_owned[i] == v.u.buf) return;
    Buffer **nb = TIRX_NEWN(ev->m, Buffer *, o->nmeta_owned + 1);
    if (o->nmeta_owned) memcpy(nb, o->meta_owned, sizeof *nb * (size_t)o->nmeta_owned);
    nb[o->nmeta_owned++] = v.u.buf;
    o->meta_owned = nb;
    return;
  }
  if (v.kind == V_TUPLE || v.kind == V_LIST)
    for (int i = 0; i < v.u.list.n; i++) own_buffers(ev, s, o, v.u.list.items[i], depth + 1);
  if (v.kind == V_DICT)
    for (int i = 0; i < v.u.dict.n; i++) own_buffers(ev, s, o, v.u.dict.vals[i], depth + 1);
}

void ev_meta_end(Eval *ev, MetaScope *s, struct PyObject *o, const Value *init) {
  if (!s) return;
  ev->mod->meta_scope = s->up;
  int end = ev->m->next_id;
  if (s->up) { /* the enclosing constructor does not own what this one made */
    MetaScope *u = s->up;
    if (u->nskip + 2 > u->capskip) {
      int nc = u->capskip ? u->capskip * 2 : 8;
      int *ns = TIRX_NEWN(ev->m, int, nc);
      if (u->nskip) memcpy(ns, u->skip, sizeof *ns * (size_t)u->nskip);
      u->skip = ns;
      u->capskip = nc;
    }
    u->skip[u->nskip++] = s->start;
    u->skip[u->nskip++] = end;
  }
  /* an inherited __init__: the instance owns nothing */
  if (!o || !init || init->kind != V_PYFUNC || init->u.py.owner != s->cls) return;
  for (int i = 0; i < o->attrs.n; i++) own_buffers(ev, s, o, o->attrs.vals[i], 0);
}

/* Buffers named in one naming walk: an alias field (tile_idx = tile_count)
 * keeps the first name. */
typedef struct Named {
  Buffer **b;
  int n, cap;
} Named;

static bool named_once(Eval *ev, Named *nd, Buffer *b) {
  for (int i = 0; i < nd->n; i++)
    if (nd->b[i] == b) return false;
  if (nd->n == nd->cap) {
    int nc = nd->cap ? nd->cap * 2 : 8;
    Buffer **nb = TIRX_NEWN(ev->m, Buffer *, nc);
    if (nd->n) memcpy(nb, nd->b, sizeof *nb * (size_t)nd->n);
    nd->b = nb;
    nd->cap = nc;
  }
  nd->b[nd->n++] = b;
  return true;
}

static void name_value(Eval *ev, Named *nd, const char *prefix, Value v, struct PyObject *owner,
                       int depth) {
  if (depth > 16) return;
  if (v.kind == V_BUFFER || v.kind == V_SCALAR) {
    if (!owner) return;
    for (int i = 0; i < owner->nmeta_owned; i++)
      if (owner->meta_owned[i] == v.u.buf) {
        if (named_once(ev, nd, v.u.buf)) ev_rename_buffer(ev, v.u.buf, prefix);
        return;
      }
    return;
  }
  if (v.kind == V_OBJECT && class_is_meta(v.u.obj->cls, 0)) {
    struct PyObject *o = v.u.obj;
    if (o->meta_name) return; /* named already (or being named: a cycle) */
    o->meta_name = tirx_intern0(ev->m, prefix);
    for (int i = 0; i < o->attrs.n; i++)
      name_value(ev, nd, tirx_intern_printf(ev->m, "%s_%s", prefix, o->attrs.names[i]),
                 o->attrs.vals[i], o, depth + 1);
    return;
  }
  if (v.kind == V_TUPLE || v.kind == V_LIST)
    for (int i = 0; i < v.u.list.n; i++)
      name_value(ev, nd, tirx_intern_printf(ev->m, "%s_%d", prefix, i), v.u.list.items[i], owner,
                 depth + 1);
  if (v.kind == V_DICT)
    for (int i = 0; i < v.u.dict.n; i++) {
      Value k = v.u.dict.keys[i];
      const char *part = k.kind == V_STR ? tirx_strdup(ev->m, k.u.s.p, k.u.s.len)
                                         : tirx_intern_printf(ev->m, "item%d", i);
      name_value(ev, nd, tirx_intern_printf(ev->m, "%s_%s", prefix, part), v.u.dict.vals[i], owner,
                 depth + 1);
    }
}

void ev_meta_name(Eval *ev, const char *prefix, Value v) {
  if (v.kind != V_OBJECT || v.meta) return;
  Named nd = {0};
  name_value(ev, &nd, prefix, v, NULL, 0);
}
