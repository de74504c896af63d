/* The native part of tirx's prelude: the few names of TVM's Python library
 * whose values the evaluator already represents (tvm_builtin.def).
 *
 *   tvm.DataType("float16")            a dtype (V_DTYPE): .bits, .lanes, str()
 *   tvm.ir.PrimType("uint32")          a dtype (V_DTYPE)
 *   tvm.ir.PointerType(prim, scope)    a pointer type (V_PTRTYPE), as T.handle(dtype, scope);
 *                                      the scope defaults to "global"
 *
 * The rest of the library (barriers, pipelines, descriptors, schedulers,
 * layouts) is Python source under prelude/, run by the evaluator like any
 * module; the prelude directory is found by tirx_prelude_dir (prelude_dir.c). */
#include <string.h>

#include "Parse/eval.h"

typedef struct TvmBuiltin {
  const char *module, *name, *path;
} TvmBuiltin;

static const TvmBuiltin tvm_builtins[] = {
#define TVM_BUILTIN(M, N, P) {M, N, P},
#include "Parse/tvm_builtin.def"
#undef TVM_BUILTIN
};

bool ev_tvm_import(Eval *ev, const char *module, const char *name, Loc loc, Value *out) {
  for (size_t i = 0; i < sizeof tvm_builtins / sizeof tvm_builtins[0]; i++)
    if (strcmp(tvm_builtins[i].module, module) == 0 && strcmp(tvm_builtins[i].name, name) == 0) {
      *out = v_make(V_NS, loc);
      out->u.ns = tirx_intern0(ev->m, tvm_builtins[i].path);
      return true;
    }
  return false;
}

bool ev_tvm_attr(Eval *ev, Value obj, const char *name, Loc loc, Value *out) {
  (void)ev;
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

/* tvm.ir.PointerType(element_type, storage_scope="global") */
static Value pointer_type(Eval *ev, Args *a) {
  static const char *const kw[] = {"element_type", "storage_scope", NULL};
  if (!ev_check_kw(ev, a, "PointerType", kw)) return v_make(V_ERROR, a->loc);
  Value *elem = ev_arg(a, 0, "element_type");
  Value *scope = ev_arg(a, 1, "storage_scope");
  if (!elem || a->npos > 2)
    return ev_error(ev, a->loc, "PointerType() takes an element type and an optional storage scope");
  if (elem->kind != V_DTYPE)
    return ev_error(ev, elem->loc, "PointerType() needs an element type such as PrimType(\"float32\")");
  Value v = v_make(V_PTRTYPE, a->loc);
  v.u.ptr.elem = elem->u.dt;
  v.u.ptr.typed = true;
  v.u.ptr.scope = tirx_intern0(ev->m, tirx_scope_name(MEM_GLOBAL));
  if (scope) {
    if (scope->kind != V_STR) return ev_error(ev, scope->loc, "PointerType() storage scope must be a string");
    const char *sc = ev_scope_str(ev, scope, tirx_scope_name(MEM_GLOBAL));
    if (!sc) return v_make(V_ERROR, a->loc);
    v.u.ptr.scope = sc;
  }
  return v;
}

bool ev_tvm_call(Eval *ev, const char *path, Args *a, Value *out) {
  if (strcmp(path, "tvm.DataType") == 0) *out = dtype_of(ev, "tvm.DataType", a);
  else if (strcmp(path, "tvm.ir.PrimType") == 0) *out = dtype_of(ev, "PrimType", a);
  else if (strcmp(path, "tvm.ir.PointerType") == 0) *out = pointer_type(ev, a);
  else return false; /* the other rows bind T.* and Axis.* values */
  return true;
}
