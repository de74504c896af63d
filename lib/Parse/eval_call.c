/* Attribute access, subscripts and calls: the `T.*` builder surface.
 *
 * Every callable name resolves through the intrinsic registry (intrin.h);
 * rows marked INTRIN_SPECIAL are the builder's statement forms (buffers,
 * scope ids, frames, loops) and are handled here; the rest become E_CALL
 * nodes after their arity and argument kinds are checked. */
#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "Parse/eval_tirx.h"
#include "Support/vec.h"
#include "Support/strbuf.h"

/* ---- attributes ------------------------------------------------------------- */

static Value ns_value(Eval *ev, const char *path, Loc loc) {
  Value v = v_make(V_NS, loc);
  v.u.ns = tirx_intern0(ev->m, path);
  return v;
}

static Value shape_tuple(Eval *ev, Buffer *b, Loc loc) {
  Value v = v_make(V_TUPLE, loc);
  v.u.list.n = b->ndim;
  v.u.list.items = TIRX_NEWN(ev->m, Value, b->ndim + 1);
  for (int i = 0; i < b->ndim; i++) {
    int64_t c;
    if (tirx_expr_is_const_int(b->shape[i], &c) && b->shape[i]->dtype.id == DT_INT32)
      v.u.list.items[i] = v_int(c, loc);
    else v.u.list.items[i] = v_expr(b->shape[i], loc);
  }
  return v;
}

/* The getattr slots of the kinds this file builds (value_kinds.def). */

/* T.NAME: T's dtypes and its paths; Tx (the tile namespace); TVM's names under
 * tvm (the prelude, eval_tvm.c) */
Value ev_ns_getattr(Eval *ev, Value obj, const char *name, Loc loc) {
  Value pya;
  bool probe =
      ev->probe_name == name && ev->probe_ns == obj.u.ns; /* taken: nested lookups ask anew */
  ev->probe_ns = ev->probe_name = NULL;
  if (!obj.aux && strcmp(obj.u.ns, "irb") == 0) return ev_irb_getattr(ev, name, loc);
  if (!obj.aux && strcmp(obj.u.ns, "tvm.IRBuilder.builder") == 0 && strcmp(name, "frames") == 0)
    return ev_irb_frames(ev, loc); /* IRBuilder.current().frames */
  if (strcmp(name, "__name__") == 0 &&
      strncmp(obj.u.ns, "tvm.", 4) == 0) { /* a TVM class: its last name */
    const char *last = strrchr(obj.u.ns, '.') + 1;
    Value v = v_make(V_STR, loc);
    v.u.s.p = last;
    v.u.s.len = strlen(last);
    return v;
  }
  if (ev_tvm_attr(ev, obj, name, loc, &pya)) return pya;
  if (!VAUX(obj, buftype) && strcmp(obj.u.ns, "T.tile") == 0) {
    /* Tx (the tirx module under another name, bound to its tile namespace):
     * a name that is no tile scope is T's (Tx.prim_func, Tx.handle, Tx.int32) */
    static const char *const tile_names[] = {"tile", "warp",    "wg",     "warpgroup",
                                             "cta",  "cluster", "thread", "compose_op"};
    bool tile = false;
    for (size_t i = 0; i < sizeof tile_names / sizeof tile_names[0]; i++)
      tile = tile || strcmp(name, tile_names[i]) == 0;
    const char *tsc, *top;
    size_t tsl;
    if (!tile)
      tile = tirx_tile_op_split(tirx_intern_printf(ev->m, "tile.%s", name), &tsc, &tsl,
                                &top); /* Tx.memset */
    if (!tile) return ev_ns_getattr(ev, ns_value(ev, "T", loc), name, loc);
  }
  if (!VAUX(obj, buftype) && strncmp(obj.u.ns, "T.", 2) == 0 &&
      ((name[0] == '_' && strncmp(obj.u.ns, "T.ptx", 5) == 0) || strcmp(name, "_cands") == 0)) {
    if (probe) { /* getattr(T.ptx.X, "_cands", None): the caller drops the error */
      ev->nerr++;
      return v_make(V_ERROR, loc);
    }
    return ev_error(ev, loc, "'%s' has no attribute '%s'", obj.u.ns,
                    name); /* TVM's op proxies' private fields */
  }
  if (!VAUX(obj, buftype)) {
    const char *path = ev_path_join(ev, obj.u.ns, name);
    if (strcmp(obj.u.ns, "T") == 0) {
      DType t;
      if (tirx_dtype_parse(name, strlen(name), &t) && strcmp(name, "handle") != 0) {
        Value v = v_make(V_DTYPE, loc);
        v.u.dt = t;
        return v;
      }
      if (strcmp(name, "let") == 0) {
        Value v = v_make(V_LETTYPE, loc);
        return v;
      }
      /* TVM's Tx alias and scope prefixes */
      if (strcmp(name, "warpgroup") == 0) return ns_value(ev, "T.wg", loc);
    }
    return ns_value(ev, path, loc);
  }
  return ev_error(ev, loc, "value has no attribute '%s'", name);
}

/* A.shape, A.dtype, A.data, ..., its methods (methods.def) */
Value ev_buffer_getattr(Eval *ev, Value obj, const char *name, Loc loc) {
  {
    Buffer *b = obj.u.buf;
    if (strcmp(name, "data") == 0) return v_expr(tirx_varref(ev->m, b->data, loc), loc);
    if (strcmp(name, "shape") == 0) return shape_tuple(ev, b, loc);
    if (strcmp(name, "dtype") == 0) {
      char buf[32];
      tirx_dtype_str(b->dtype, buf);
      Value v = v_make(V_STR, loc);
      v.u.s.p = tirx_strdup(ev->m, buf, strlen(buf));
      v.u.s.len = strlen(buf);
      return v;
    }
    if (strcmp(name, "ndim") == 0) return v_int(b->ndim, loc);
    if (strcmp(name, "allocated_addr") == 0) {
      /* TVM's Buffer.allocated_addr: a tuple of expressions (empty when not given) */
      Expr *aa = b->allocated_addr;
      int n = !aa ? 0 : aa->kind == E_LIST ? aa->u.list.n : 1;
      Value t = v_make(V_TUPLE, loc);
      t.u.list.items = TIRX_NEWN(ev->m, Value, n + 1);
      for (int i = 0; i < n; i++)
        t.u.list.items[i] = v_expr(aa->kind == E_LIST ? aa->u.list.items[i] : aa, loc);
      t.u.list.n = n;
      return t;
    }
    if (strcmp(name, "elem_offset") == 0)
      return b->elem_offset ? v_expr(b->elem_offset, loc) : v_int(0, loc);
    if (strcmp(name, "allocated_addr") == 0) {
      /* TVM: an array, one tmem column address or none */
      Value v = v_make(V_LIST, loc);
      v.u.list.items = TIRX_NEWN(ev->m, Value, 1);
      int64_t c;
      if (b->allocated_addr && tirx_expr_is_const_int(b->allocated_addr, &c))
        v.u.list.items[v.u.list.n++] = v_int(c, loc);
      else if (b->allocated_addr) v.u.list.items[v.u.list.n++] = v_expr(b->allocated_addr, loc);
      return v;
    }
    if (strcmp(name, "ty") == 0 && obj.kind == V_BUFFER)
      return obj; /* TVM main's BufferType: shape, dtype, scope, layout as the buffer's */
    if (strcmp(name, "layout") == 0) {
      /* the buffer's layout object; None when it has TVM's default row-major one */
      const Buffer *r = b;
      while (!r->layout && r->layout_src) r = r->layout_src;
      if (r->layout && r->layout->kind == E_LAYOUT) return v_expr(r->layout, loc);
      return v_make(V_NONE, loc);
    }
    if (strcmp(name, "indices") == 0 && obj.kind == V_SCALAR) { /* the element's: all 0 */
      Value l = v_make(V_LIST, loc);
      l.u.list.items = TIRX_NEWN(ev->m, Value, b->ndim + 1);
      for (int i = 0; i < b->ndim; i++) l.u.list.items[i] = v_int(0, loc);
      l.u.list.n = b->ndim;
      return l;
    }
    if (strcmp(name, "buffer") == 0 || strcmp(name, "source") == 0) {
      /* x.buffer (tirx) / x.source (TVM's printer): the buffer behind a scalar */
      Value v = obj;
      v.kind = V_BUFFER;
      v.loc = loc;
      return v;
    }
    const Method *m = ev_method_find(obj.kind, name);
    if (m) return ev_method_value(ev, m, obj, loc); /* A.sub[...] too (eval_view.c) */
    return ev_error(ev, loc, "buffer '%s' has no attribute '%s'", b->name, name);
  }
}

/* Call.op: the prelude's tvm.ir.Op named as TVM names the operator, "tirx." and the
 * registry name ("tirx.address_of", "tirx.cuda.func_call"; a tile primitive's spelling) */
static Value call_op(Eval *ev, Expr *e, Loc loc) {
  const char *nm =
      e->u.call.op->id == I_TILE_CALL && e->u.call.name ? e->u.call.name : e->u.call.op->name;
  Value *kept = txmap_get(&ev->py->ir_ops, nm);
  if (kept) {
    Value v = *kept;
    v.loc = loc;
    return v;
  }
  Value cls;
  if (!ev_import_name(ev, "tvm.ir.op", "Op", loc, &cls)) return v_make(V_ERROR, loc);
  const char *full = tirx_intern_printf(ev->m, "tirx.%s", nm);
  Value arg = v_make(V_STR, loc);
  arg.u.s.p = full;
  arg.u.s.len = strlen(full);
  Args a = {&arg, 1, NULL, NULL, 0, loc};
  Value r = ev_call_value(ev, cls, &a);
  if (r.kind == V_OBJECT) {
    kept = TIRX_NEW(ev->m, Value);
    *kept = r;
    txmap_put(&ev->py->ir_ops, nm, kept);
  }
  return r;
}

/* x.dtype, x.astype; a layout's methods */
Value ev_expr_getattr(Eval *ev, Value obj, const char *name, Loc loc) {
  {
    if (strcmp(name, "dtype") == 0) {
      char buf[32];
      tirx_dtype_str(obj.u.e->dtype, buf);
      Value v = v_make(V_STR, loc);
      v.u.s.p = tirx_strdup(ev->m, buf, strlen(buf));
      v.u.s.len = strlen(buf);
      return v;
    }
    Expr *e = obj.u.e;
    Var pv = {0}; /* a typed pointer's .ty: its PointerType (what a variable bound to it gets) */
    if (strcmp(name, "ty") == 0 && tirx_dtype_is_handle(e->dtype))
      ev_type_bound_pointer(ev, &pv, e);
    if (pv.ptr_typed) {
      Value v = v_make(V_PTRTYPE, loc);
      v.u.ptr.elem = pv.ptr_elem;
      v.u.ptr.typed = true;
      v.u.ptr.scope = pv.ptr_scope;
      return v;
    }
    if (strcmp(name, "ty") == 0 && e->kind != E_LAYOUT) { /* TVM's PrimExpr.ty: its PrimType */
      Value v = v_make(V_DTYPE, loc);
      v.u.dt = e->dtype;
      return v;
    }
    if (e->kind == E_LAYOUT && strcmp(name, "tile_layout") == 0 && e->u.call.name &&
        strcmp(e->u.call.name, "T.ComposeLayout") == 0 && e->u.call.n == 4)
      return v_expr(e->u.call.args[3],
                    loc); /* ComposeLayout.tile_layout: the tile under the swizzle */
    if (e->kind == E_LOAD && strcmp(name, "buffer") == 0) {
      Value v = v_make(V_BUFFER, loc);
      v.u.buf = e->u.load.buf;
      return v;
    }
    if (e->kind == E_LOAD && strcmp(name, "indices") == 0) {
      Value v = v_make(V_LIST, loc);
      v.u.list.n = e->u.load.n;
      v.u.list.items = TIRX_NEWN(ev->m, Value, e->u.load.n + 1);
      for (int i = 0; i < e->u.load.n; i++) v.u.list.items[i] = v_expr(e->u.load.idx[i], loc);
      return v;
    }
    const Method *m = ev_method_find(V_EXPR, name);
    if (m && (m == &ev_methods[M_V_EXPR_astype] || m == &ev_methods[M_V_EXPR_same_as] ||
              obj.u.e->kind == E_LAYOUT)) /* the others: a layout's */
      return ev_method_value(ev, m, obj, loc);
    Value r;
    if (e->kind == E_CALL && strcmp(name, "op") == 0) return call_op(ev, e, loc);
    if (ev_irnode_expr_attr(ev, obj, name, loc, &r)) return r;
    return ev_error(ev, loc, "expression has no attribute '%s'", name);
  }
}

/* pool.offset, ..., its methods */
Value ev_pool_getattr(Eval *ev, Value obj, const char *name, Loc loc) {
  {
    Value field;
    if (ev_pool_field(ev, obj.u.pool, name, loc, &field)) return field;
    const Method *m = ev_method_find(V_POOL, name);
    if (m) return ev_method_value(ev, m, obj, loc);
    return ev_error(
        ev, loc, "SMEMPool has no method '%s' (alloc, alloc_tcgen05_mma_AB, move_base_to, commit)",
        name);
  }
}

/* t.bits, t.lanes (eval_tvm.c), T.float32.ty */
Value ev_dtype_getattr(Eval *ev, Value obj, const char *name, Loc loc) {
  Value r;
  if (ev_tvm_attr(ev, obj, name, loc, &r)) return r;
  if (strcmp(name, "ty") == 0 || strcmp(name, "dtype") == 0) return obj; /* PrimType(t).dtype */
  if (strcmp(name, "is_integer") == 0 ||
      strcmp(name, "is_float") == 0) { /* tvm.DataType's properties */
    int code = tirx_dtype_code(obj.u.dt);
    Value v = v_make(V_BOOL, loc);
    v.u.i = name[3] == 'i' ? code == DTC_INT || code == DTC_UINT : code == DTC_FLOAT;
    return v;
  }
  return ev_error(ev, loc, "value has no attribute '%s'", name);
}

Value ev_ptrtype_getattr(Eval *ev, Value obj, const char *name, Loc loc) {
  if (strcmp(name, "ty") == 0) return obj;
  if (strcmp(name, "element_type") == 0 && obj.u.ptr.typed) { /* PointerType.element_type */
    Value v = v_make(V_DTYPE, loc);
    v.u.dt = obj.u.ptr.elem;
    return v;
  }
  if (strcmp(name, "storage_scope") == 0 && obj.u.ptr.scope) {
    Value v = v_make(V_STR, loc);
    v.u.s.p = obj.u.ptr.scope;
    v.u.s.len = strlen(obj.u.ptr.scope);
    return v;
  }
  return ev_error(ev, loc, "value has no attribute '%s'", name);
}

/* f.with_attr(...), f.specialize(...) (eval_class.c) */
Value ev_funcref_getattr(Eval *ev, Value obj, const char *name, Loc loc) {
  Value r;
  if (ev_irnode_func_attr(ev, obj, name, loc, &r)) return r;
  if (ev_py_attr(ev, obj, name, loc, &r)) return r;
  return ev_error(ev, loc, "function has no attribute '%s'", name);
}

/* ---- layouts ------------------------------------------------------------------ */

/* Layout integers are IR constants, not Python attribute values. */
static void clear_pod(Expr *e) {
  if (!e) return;
  if (e->kind == E_INT) e->u.i.pod = false;
  if (e->kind == E_TUPLE || e->kind == E_LIST)
    for (int i = 0; i < e->u.list.n; i++) clear_pod(e->u.list.items[i]);
}

Value ev_layout_call(Eval *ev, const char *name, Args *a, Loc loc) {
  Expr *e = tirx_expr_new(ev->m, E_LAYOUT, tirx_dtype(DT_VOID), loc);
  e->u.call.op = tirx_intrin(I_TILE_LAYOUT);
  e->u.call.name = tirx_intern0(ev->m, name);
  e->u.call.n = a->npos;
  e->u.call.args = TIRX_NEWN(ev->m, Expr *, a->npos + 1);
  for (int i = 0; i < a->npos; i++) {
    e->u.call.args[i] = ev_value_to_any(ev, a->pos[i]);
    if (!e->u.call.args[i]) return v_make(V_ERROR, loc);
    clear_pod(e->u.call.args[i]);
  }
  e->u.call.nkw = a->nkw;
  e->u.call.kw = TIRX_NEWN(ev->m, KwArg, a->nkw + 1);
  for (int i = 0; i < a->nkw; i++) {
    e->u.call.kw[i].name = a->kwn[i];
    e->u.call.kw[i].value = ev_value_to_any(ev, a->kwv[i]);
    if (!e->u.call.kw[i].value) return v_make(V_ERROR, loc);
  }
  return v_expr(e, loc);
}

/* ---- generic intrinsic calls ------------------------------------------------------ */

static DType ret_dtype(const Intrin *in, Expr **args, int n, DType explicit_dt) {
  switch (in->ret) {
  case RET_VOID: return tirx_dtype(DT_VOID);
  case RET_ARG0: return n > 0 ? args[0]->dtype : tirx_dtype(DT_VOID);
  case RET_ARG1: return n > 1 ? args[1]->dtype : tirx_dtype(DT_VOID);
  case RET_BOOL: return tirx_dtype(DT_BOOL);
  case RET_I32: return tirx_dtype(DT_INT32);
  case RET_U32: return tirx_dtype(DT_UINT32);
  case RET_I64: return tirx_dtype(DT_INT64);
  case RET_U64: return tirx_dtype(DT_UINT64);
  case RET_F32: return tirx_dtype(DT_FLOAT32);
  case RET_F64: return tirx_dtype(DT_FLOAT64);
  case RET_HANDLE: return tirx_dtype(DT_HANDLE);
  case RET_DTYPE0:
  case RET_DTYPE1:
  case RET_DTYPE_KW: return explicit_dt;
  case RET_SPECIAL:
    if (in->id == I_CUDA_MOV_SREG) {
      int64_t bits = 32;
      if (n > 0) tirx_expr_is_const_int(args[0], &bits);
      return tirx_dtype(bits == 64 ? DT_INT64 : DT_INT32);
    }
    return tirx_dtype(DT_VOID);
  }
  return tirx_dtype(DT_VOID);
}

static Expr *arg_expr(Eval *ev, const Intrin *in, int i, Value v) {
  const char *k = in->kinds;
  size_t nk = strlen(k);
  char kind = nk == 0 ? 'a' : (size_t)i < nk ? k[i] : k[nk - 1];
  switch (kind) {
  case 's': {
    if (v.kind == V_EXPR && v.u.e->kind == E_CALL && v.u.e->u.call.op->id == I_METADATA)
      return v.u.e; /* metadata["ir.StringImm"][i] stands for a string */
    if (v.kind != V_STR) {
      ev_error(ev, v.loc, "argument %d of T.%s must be a string literal", i + 1, in->name);
      return NULL;
    }
    return tirx_str(ev->m, v.u.s.p, v.u.s.len, v.loc);
  }
  case 'd': {
    DType t;
    if (!ev_get_dtype(ev, v, &t, "a dtype argument")) return NULL;
    char b[32];
    tirx_dtype_str(t, b);
    return tirx_str(ev->m, b, strlen(b), v.loc);
  }
  case 'l':
  case 'a': return ev_value_to_any(ev, v);
  case 'p': {
    if (v.kind == V_BUFFER) return tirx_varref(ev->m, v.u.buf->data, v.loc);
    Expr *e = ev_to_expr(ev, v, "a pointer argument");
    if (e && !tirx_dtype_is_handle(e->dtype) && !tirx_dtype_is_int(e->dtype)) {
      ev_error(ev, v.loc, "argument %d of T.%s must be a pointer (e.g. A.data or A.ptr_to([i]))",
               i + 1, in->name);
      return NULL;
    }
    return e;
  }
  case 'i': {
    Expr *e = ev_to_expr(ev, v, "an integer argument");
    if (e && !tirx_dtype_is_int(e->dtype) && !tirx_dtype_is_bool(e->dtype)) {
      char b[32];
      ev_error(ev, v.loc, "argument %d of T.%s must be an integer, got %s", i + 1, in->name,
               tirx_dtype_str(e->dtype, b));
      return NULL;
    }
    return e;
  }
  case 'f': {
    Expr *e = ev_to_expr(ev, v, "a floating-point argument");
    if (e && !tirx_dtype_is_float(e->dtype)) {
      char b[32];
      ev_error(ev, v.loc, "argument %d of T.%s must be a floating-point value, got %s", i + 1,
               in->name, tirx_dtype_str(e->dtype, b));
      return NULL;
    }
    return e;
  }
  default: return ev_to_expr(ev, v, "an argument");
  }
}

static Value generic_call(Eval *ev, const Intrin *in, Args *a);

/* T.cuda.ldg(dst0, ..., dstN-1, addr, dtype, "vN", N): one vector __ldg whose
 * lanes go to N destination pointers (TVM's cuda_ldg(addr, dtype, dst=, vec=)). */
static Value ldg_vector(Eval *ev, Args *a, Loc loc) {
  int n = a->npos - 4;
  int64_t cnt;
  const char *vs;
  size_t vl;
  DType t;
  if ((n != 2 && n != 4) || !ev_get_dtype(ev, a->pos[n + 1], &t, "dtype") ||
      !ev_get_str(ev, a->pos[n + 2], &vs, &vl, "the vector width") ||
      !ev_get_int(ev, a->pos[n + 3], &cnt, "the lane count") || cnt != n || vl != 2 ||
      vs[0] != 'v' || vs[1] - '0' != n)
    return ev_error(
        ev, loc,
        "vector T.cuda.ldg takes (dst0, ..., dstN-1, addr, dtype, \"vN\", N) with N 2 or 4");
  Expr **args = TIRX_NEWN(ev->m, Expr *, a->npos);
  for (int i = 0; i <= n; i++) {
    args[i] = ev_to_expr(ev, a->pos[i], "a pointer");
    if (!args[i]) return v_make(V_ERROR, loc);
    if (!tirx_dtype_is_handle(args[i]->dtype))
      return ev_error(ev, a->pos[i].loc, "vector T.cuda.ldg: argument %d must be a pointer", i + 1);
  }
  char b[32];
  tirx_dtype_str(t, b);
  args[n + 1] = tirx_str(ev->m, b, strlen(b), a->pos[n + 1].loc);
  args[n + 2] = tirx_str(ev->m, vs, vl, a->pos[n + 2].loc);
  args[n + 3] = tirx_int(ev->m, tirx_dtype(DT_INT32), cnt, a->pos[n + 3].loc);
  args[n + 3]->u.i.pod = true;
  Expr *c = tirx_call(ev->m, tirx_intrin(I_CUDA_LDG_VEC), tirx_dtype(DT_VOID), args, a->npos, loc);
  c->u.call.name = tirx_intern0(ev->m, "T.cuda.ldg");
  return v_expr(c, loc);
}

/* T.cuda.ldg(addr, dtype, dst=(p0, ..., pN-1), vec="vN"): TVM's keyword
 * spelling of the vector form, the call T.cuda.ldg(p0, ..., pN-1, addr,
 * dtype, "vN", N) (TVM 0.27's cuda_ldg builds exactly that). */
static Value ldg_keywords(Eval *ev, Args *a, Loc loc) {
  static const char *const kws[] = {"addr", "dtype", "dst", "vec", NULL};
  if (!ev_check_kw(ev, a, "T.cuda.ldg", kws)) return v_make(V_ERROR, loc);
  Value *addr = ev_arg(a, 0, "addr"), *dt = ev_arg(a, 1, "dtype"), *dst = ev_kwarg(a, "dst"),
        *vec = ev_kwarg(a, "vec");
  if (!addr || !dt) return ev_error(ev, loc, "T.cuda.ldg() needs an address and a dtype");
  if (!dst || dst->kind == V_NONE) return ev_error(ev, loc, "vector cuda.ldg requires dst");
  const char *vs = "";
  size_t vl = 0;
  if (vec && !ev_get_str(ev, *vec, &vs, &vl, "vec")) return v_make(V_ERROR, loc);
  if (!(vl == 2 && vs[0] == 'v' && (vs[1] == '2' || vs[1] == '4')))
    return ev_error(ev, vec ? vec->loc : loc,
                    "vector cuda.ldg expects vec in {'v2', 'v4'}, got '%.*s'", (int)vl, vs);
  if (dst->kind != V_TUPLE && dst->kind != V_LIST)
    return ev_error(ev, dst->loc, "vector cuda.ldg requires tuple/list dst");
  int n = vs[1] - '0';
  if (dst->u.list.n != n)
    return ev_error(ev, dst->loc, "cuda.ldg dst length must match %.*s: got %d", (int)vl, vs,
                    dst->u.list.n);
  Value *pos = TIRX_NEWN(ev->m, Value, n + 4);
  for (int i = 0; i < n; i++) pos[i] = dst->u.list.items[i];
  pos[n] = *addr;
  pos[n + 1] = *dt;
  pos[n + 2] = *vec;
  pos[n + 3] = v_int(n, loc);
  Args va = {.pos = pos, .npos = n + 4, .loc = loc};
  return ldg_vector(ev, &va, loc);
}

/* The storage scope of a pointer expression's type, when it has one: a typed
 * pointer variable, a buffer's data, T.address_of(buf[...]), a typed result. */
static const char *pointer_scope(const Expr *e) {
  if (e->kind == E_VAR) {
    const Var *v = e->u.var;
    return (v->ptr_typed || v->kind == VAR_BUFDATA) && v->ptr_scope && *v->ptr_scope ? v->ptr_scope
                                                                                     : NULL;
  }
  if (e->kind != E_CALL) return NULL;
  if (e->u.call.ptr_ty && e->u.call.ptr_ty->scope) return e->u.call.ptr_ty->scope;
  if (e->u.call.op->id == I_ADDRESS_OF && e->u.call.n == 1 && e->u.call.args[0]->kind == E_LOAD) {
    const Buffer *b = e->u.call.args[0]->u.load.buf;
    return b->scope && *b->scope ? b->scope : NULL;
  }
  return NULL;
}

/* Keyword parameters of intrinsics (intrin_params.def). */
typedef struct IntrinParams {
  IntrinId id;
  const char *spec;
} IntrinParams;

static const IntrinParams intrin_params[] = {
#define INTRIN_PARAMS(ID, SPEC) {ID, SPEC},
#include "Parse/intrin_params.def"
#undef INTRIN_PARAMS
};

/* One parameter of a spec ("name" or "name=default") at *p; advances *p. */
static bool next_param(const char **p, const char **name, size_t *nlen, const char **dflt,
                       size_t *dlen) {
  const char *s = *p;
  if (!*s) return false;
  size_t n = strcspn(s, ",");
  const char *eq = memchr(s, '=', n);
  *name = s;
  *nlen = eq ? (size_t)(eq - s) : n;
  *dflt = eq ? eq + 1 : NULL;
  *dlen = eq ? n - *nlen - 1 : 0;
  s += n;
  while (*s == ',' || *s == ' ') s++;
  *p = s;
  return true;
}

/* The arguments of a call of an intrinsic with named parameters, bound to its
 * slots: positional ones first, then keywords by name, then defaults.  False
 * after reporting an error (an unknown or repeated keyword, a missing one). */
static bool bind_params(Eval *ev, const Intrin *in, Args *a) {
  const char *spec = NULL;
  for (size_t i = 0; i < sizeof intrin_params / sizeof intrin_params[0]; i++)
    if (intrin_params[i].id == in->id) spec = intrin_params[i].spec;
  if (!spec) return true;
  int nslots = 0;
  const char *p = spec, *nm, *df;
  size_t nl, dl;
  while (next_param(&p, &nm, &nl, &df, &dl)) nslots++;
  if (a->nkw == 0 && a->npos >= nslots) return true;
  for (int k = 0; k < a->nkw; k++) {
    bool found = false;
    for (p = spec; next_param(&p, &nm, &nl, &df, &dl);)
      if (strlen(a->kwn[k]) == nl && memcmp(a->kwn[k], nm, nl) == 0) found = true;
    if (!found) {
      ev_error(ev, a->kwv[k].loc, "T.%s() got an unexpected keyword argument '%s'", in->name,
               a->kwn[k]);
      return false;
    }
  }
  if (a->npos > nslots) return true; /* the arity check reports it */
  Value *pos = TIRX_NEWN(ev->m, Value, nslots);
  int slot = 0;
  for (p = spec; next_param(&p, &nm, &nl, &df, &dl); slot++) {
    Value *kv = NULL;
    for (int k = 0; k < a->nkw; k++)
      if (strlen(a->kwn[k]) == nl && memcmp(a->kwn[k], nm, nl) == 0) kv = &a->kwv[k];
    if (slot < a->npos) {
      if (kv) {
        ev_error(ev, kv->loc, "T.%s() got multiple values for argument '%.*s'", in->name, (int)nl,
                 nm);
        return false;
      }
      pos[slot] = a->pos[slot];
    } else if (kv) {
      pos[slot] = *kv;
    } else if (df) {
      if (dl == 4 && memcmp(df, "True", 4) == 0)
        pos[slot] = v_make(V_BOOL, a->loc), pos[slot].u.i = 1;
      else if (dl == 5 && memcmp(df, "False", 5) == 0)
        pos[slot] = v_make(V_BOOL, a->loc), pos[slot].u.i = 0;
      else pos[slot] = v_int(strtoll(df, NULL, 10), a->loc);
    } else {
      ev_error(ev, a->loc, "T.%s() missing argument '%.*s'", in->name, (int)nl, nm);
      return false;
    }
  }
  a->pos = pos;
  a->npos = nslots;
  a->nkw = 0;
  return true;
}

/* The IR arguments of an intrinsic call: each positional value but the dtype
 * one (skip), T.print_buffer's shape tuple flattened.  NULL after an error. */
static Expr **call_args(Eval *ev, const Intrin *in, Value *pos, int n, int skip, int *k) {
  Expr **args = TIRX_NEWN(ev->m, Expr *, n + 1);
  for (int i = 0; i < n; i++) {
    if (i == skip) continue;
    Value v = pos[i];
    if (in->id == I_PRINT_BUFFER && i >= 5 && (v.kind == V_TUPLE || v.kind == V_LIST)) {
      /* shape given as one tuple: flatten */
      Expr **na = TIRX_NEWN(ev->m, Expr *, n + v.u.list.n + 1);
      memcpy(na, args, sizeof(Expr *) * (size_t)*k);
      args = na;
      for (int j = 0; j < v.u.list.n; j++) {
        args[*k] = ev_index_expr(ev, v.u.list.items[j], v.loc);
        if (!args[*k]) return NULL;
        (*k)++;
      }
      continue;
    }
    args[*k] = arg_expr(ev, in, i, v);
    if (!args[*k]) return NULL;
    (*k)++;
  }
  return args;
}

/* T.Shuffle([v0, v1, ...], [i0, i1, ...]): the result type (lanes: the indices).
 * False after an error. */
static bool shuffle_dtype(Eval *ev, Expr **args, Loc loc, DType *t) {
  Expr *vs = args[0], *ix = args[1];
  if (vs->kind != E_LIST || vs->u.list.n < 1 || ix->kind != E_LIST || ix->u.list.n < 1)
    return ev_error(ev, loc, "T.Shuffle takes a list of vectors and a list of lane indices"), false;
  int total = 0;
  DType el = vs->u.list.items[0]->dtype;
  for (int i = 0; i < vs->u.list.n; i++) {
    DType vt = vs->u.list.items[i]->dtype;
    if (vt.id != el.id)
      return ev_error(ev, loc, "T.Shuffle: the vectors must have one element type"), false;
    total += vt.lanes;
  }
  for (int i = 0; i < ix->u.list.n; i++) {
    int64_t c;
    if (!tirx_expr_is_const_int(ix->u.list.items[i], &c) || c < 0 || c >= total)
      return ev_error(ev, loc, "T.Shuffle: lane index %d must be a constant below %d", i, total),
             false;
  }
  *t = el;
  t->lanes = (uint16_t)ix->u.list.n;
  return true;
}

/* The call's keywords kept on its node (but return_type=, and a RET_DTYPE1's dtype=). */
static bool call_kwargs(Eval *ev, const Intrin *in, Args *a, Expr *call) {
  int nkw = 0;
  KwArg *kw = TIRX_NEWN(ev->m, KwArg, a->nkw + 1);
  for (int i = 0; i < a->nkw; i++) {
    if (strcmp(a->kwn[i], "return_type") == 0 ||
        (in->ret == RET_DTYPE1 && strcmp(a->kwn[i], "dtype") == 0))
      continue;
    kw[nkw].name = a->kwn[i];
    kw[nkw].value = ev_value_to_any(ev, a->kwv[i]);
    if (!kw[nkw].value) return false;
    nkw++;
  }
  call->u.call.kw = kw;
  call->u.call.nkw = nkw;
  return true;
}

/* The dtype a call's arguments give (RET_DTYPE0/1/_KW rows): *explicit_dt,
 * *ptr_ty for a pointer result, *skip the argument that gave it.  False when
 * that settles the call: *done is its value (or an error). */
static bool explicit_dtype(Eval *ev, const Intrin *in, Args *a, DType *explicit_dt,
                           const PtrType **ptr_ty, int *skip, Value *done) {
  int n = a->npos;
  Value *pos = a->pos;
  if (in->ret == RET_DTYPE0 && in->id != I_MIN_VALUE && in->id != I_MAX_VALUE &&
      in->id != I_INFINITY) {
    if (n < 1)
      return *done = ev_error(ev, a->loc, "T.%s needs a dtype as its first argument", in->name),
             false;
    if (pos[0].kind == V_PTRTYPE && in->id == I_REINTERPRET && !pos[0].u.ptr.tensormap) {
      /* T.reinterpret(T.handle("uint64", "global").ty, x): a pointer result */
      PtrType *pt = TIRX_NEW(ev->m, PtrType);
      pt->elem = pos[0].u.ptr.elem;
      pt->typed = pos[0].u.ptr.typed;
      pt->scope = pos[0].u.ptr.scope;
      *ptr_ty = pt;
      *explicit_dt = tirx_dtype(DT_HANDLE);
    } else if (!ev_get_dtype(ev, pos[0], explicit_dt, "the result dtype")) {
      return *done = v_make(V_ERROR, a->loc), false;
    }
    *skip = 0;
    /* T.reinterpret("uint64", T.address_of(tmap)): TVM's address of a
     * T.TensorMap() is a uint64 already, so this is no node (the T.ptx
     * engine reinterprets it to a handle where an address is wanted) */
    if (in->id == I_REINTERPRET && !*ptr_ty && n == 2 &&
        tirx_dtype_eq(*explicit_dt, tirx_dtype(DT_UINT64)) && pos[1].kind == V_EXPR &&
        pos[1].u.e->kind == E_CALL && pos[1].u.e->u.call.op->id == I_ADDRESS_OF &&
        pos[1].u.e->u.call.n == 1 && pos[1].u.e->u.call.args[0]->kind == E_VAR &&
        pos[1].u.e->u.call.args[0]->u.var->is_tensormap)
      return *done = pos[1], false;
  }
  if (in->ret == RET_DTYPE0 &&
      (in->id == I_MIN_VALUE || in->id == I_MAX_VALUE || in->id == I_INFINITY)) {
    if (n != 1 || !ev_get_dtype(ev, pos[0], explicit_dt, "dtype"))
      return *done = v_make(V_ERROR, a->loc), false;
    *skip = 0;
    /* TVM 0.27's T.infinity of a float type is the constant itself (printed T.float32("inf")) */
    if (in->id == I_INFINITY && tirx_dtype_code(*explicit_dt) == DTC_FLOAT &&
        explicit_dt->lanes == 1)
      return *done = v_expr(tirx_float(ev->m, *explicit_dt, (double)INFINITY, a->loc), a->loc),
             false;
  }
  if (in->ret == RET_DTYPE1) {
    Value *dv = n >= 2 ? &pos[1] : ev_kwarg(a, "dtype");
    if (!dv) return *done = ev_error(ev, a->loc, "T.%s needs a dtype", in->name), false;
    if (!ev_get_dtype(ev, *dv, explicit_dt, "dtype")) return *done = v_make(V_ERROR, a->loc), false;
    if (n >= 2) *skip = 1;
  }
  if (in->ret == RET_DTYPE_KW) {
    Value *rv = ev_kwarg(a, "return_type");
    if (!rv) rv = ev_kwarg(a, "dtype");
    if (rv && !ev_get_dtype(ev, *rv, explicit_dt, "return_type"))
      return *done = v_make(V_ERROR, a->loc), false;
  }
  return true;
}

/* The arity check of a call with n arguments (skip >= 0: one was the dtype). */
static bool check_arity(Eval *ev, const Intrin *in, int n, int skip, Loc loc) {
  int nargs = n - (skip >= 0 ? 1 : 0);
  if (nargs < in->min_args - (skip >= 0 ? 1 : 0) || (in->max_args >= 0 && n > in->max_args)) {
    if (in->max_args == in->min_args)
      return ev_error(ev, loc, "T.%s takes %d argument%s, got %d", in->name, in->min_args,
                      in->min_args == 1 ? "" : "s", n),
             false;
    if (in->max_args < 0)
      return ev_error(ev, loc, "T.%s takes at least %d arguments, got %d", in->name, in->min_args,
                      n),
             false;
    return ev_error(ev, loc, "T.%s takes %d to %d arguments, got %d", in->name, in->min_args,
                    in->max_args, n),
           false;
  }
  return true;
}

/* T.if_then_else(c, x, y): a boolean condition, the sides promoted to one
 * dtype.  False when that settles the call: *done (a constant condition picks
 * its side, as TVM's if_then_else does; or an error). */
static bool if_then_else_args(Eval *ev, Expr **args, const Value *pos, Loc loc, Value *done) {
  if (!tirx_dtype_is_bool(args[0]->dtype))
    return *done =
               ev_error(ev, pos[0].loc, "T.if_then_else condition must be a boolean expression"),
           false;
  Value x = v_expr(args[1], pos[1].loc), y = v_expr(args[2], pos[2].loc);
  /* two boolean sides need no promotion (and `+` would refuse them) */
  bool both_bool = tirx_dtype_is_bool(args[1]->dtype) && tirx_dtype_is_bool(args[2]->dtype);
  Value t = both_bool ? x : ev_binop(ev, OP_PLUS, x, y, loc); /* only to promote */
  if (t.kind == V_ERROR) return *done = t, false;
  if (!tirx_dtype_eq(args[1]->dtype, args[2]->dtype)) {
    if (args[1]->kind == E_INT || args[1]->kind == E_FLOAT)
      args[1] = ev_const_cast(ev, args[2]->dtype, args[1], loc);
    else args[2] = ev_const_cast(ev, args[1]->dtype, args[2], loc);
  }
  /* a constant condition picks its side, as TVM's if_then_else does */
  int64_t c;
  if (tirx_expr_is_const_int(args[0], &c)) return *done = v_expr(c ? args[1] : args[2], loc), false;
  return true;
}

static Value generic_call(Eval *ev, const Intrin *in, Args *a) {
  Args bound = *a;
  if (!bind_params(ev, in, &bound)) return v_make(V_ERROR, a->loc);
  a = &bound;
  if (in->id == I_PTR_BYTE_OFFSET && a->npos == 3 &&
      (a->pos[2].kind == V_STR || a->pos[2].kind == V_DTYPE)) {
    /* TVM 0.27 wraps a dtype given by name: T.type_annotation("uint8") */
    Value *pos = TIRX_NEWN(ev->m, Value, 3);
    memcpy(pos, a->pos, 3 * sizeof *pos);
    Args ta = {.pos = &pos[2], .npos = 1, .loc = pos[2].loc};
    pos[2] = generic_call(ev, tirx_intrin(I_TYPE_ANNOTATION), &ta);
    if (pos[2].kind == V_ERROR) return pos[2];
    a->pos = pos;
  }
  int n = a->npos;
  DType explicit_dt = tirx_dtype(DT_VOID);
  const PtrType *ptr_ty = NULL;
  Value *pos = a->pos;
  int skip = -1;
  Value done;
  if (!explicit_dtype(ev, in, a, &explicit_dt, &ptr_ty, &skip, &done)) return done;
  if (!check_arity(ev, in, n, skip, a->loc)) return v_make(V_ERROR, a->loc);
  int k = 0;
  Expr **args = call_args(ev, in, pos, n, skip, &k);
  if (!args) return v_make(V_ERROR, a->loc);
  if (in->id == I_IF_THEN_ELSE && k == 3 && !if_then_else_args(ev, args, pos, a->loc, &done))
    return done;
  if ((in->id == I_POW || in->id == I_FMOD || in->id == I_FMA) && k >= 2) {
    for (int i = 1; i < k; i++) args[i] = ev_const_cast(ev, args[0]->dtype, args[i], a->loc);
  }
  DType t = ret_dtype(in, args, k, explicit_dt);
  if (in->id == I_SHUFFLE && !shuffle_dtype(ev, args, a->loc, &t)) return v_make(V_ERROR, a->loc);
  if (in->id == I_BITWISE_NOT_NODE) in = tirx_intrin(I_BITWISE_NOT);
  Expr *call = tirx_call(ev->m, in, t, args, k, a->loc);
  call->u.call.ptr_ty = ptr_ty;
  if (in->id == I_PTR_BYTE_OFFSET && k == 3 && args[2]->kind == E_CALL &&
      args[2]->u.call.op->id == I_TYPE_ANNOTATION) {
    /* TVM 0.27: a pointer to the annotated type, in the storage scope of the
     * source pointer's type ("global" when it has none) */
    PtrType *pt = TIRX_NEW(ev->m, PtrType);
    pt->elem = args[2]->dtype;
    pt->typed = true;
    pt->scope = pointer_scope(args[0]);
    if (!pt->scope) pt->scope = tirx_intern0(ev->m, tirx_scope_name(MEM_GLOBAL));
    call->u.call.ptr_ty = pt;
  }
  if ((in->ret != RET_DTYPE_KW || ev_kwarg(a, "source_code")) && !call_kwargs(ev, in, a, call))
    return v_make(V_ERROR, a->loc);
  return v_expr(call, a->loc);
}

/* Decodes the Python-escaped chained form T.ptx.cp.async_.ca.shared__cta:
 * `__` is `::`, `__colon__` is `:` and a trailing `_` escapes a keyword. */
static void ptx_unescape(const char *in, char *out, size_t n) {
  size_t o = 0;
  for (size_t i = 0; in[i] && o + 3 < n; i++) {
    if (in[i] == '_' && strncmp(in + i, "__colon__", 9) == 0) { /* a single ':' (TVM's escape) */
      out[o++] = ':';
      i += 8;
    } else if (in[i] == '_' && in[i + 1] == '_') {
      out[o++] = ':';
      out[o++] = ':';
      i++;
    } else if (in[i] == '_' && (in[i + 1] == '.' || in[i + 1] == '\0') && i > 0 &&
               in[i - 1] != '.') {
      /* keyword escape: async_ → async */
    } else {
      out[o++] = in[i];
    }
  }
  out[o] = '\0';
}

/* The exact-text form T.ptx["st.global_.b32"] as TVM reads it: a token that
 * is a Python keyword plus '_' (global_, async_) is the keyword. */
static void ptx_unescape_keywords(const char *in, char *out) {
  static const char *const kw[] = {"global", "async", "and", "or",   "not",
                                   "in",     "is",    "as",  "from", "with"};
  size_t o = 0;
  for (const char *t = in; *t;) {
    size_t k = strcspn(t, ".");
    bool esc = false;
    for (size_t j = 0; k > 1 && t[k - 1] == '_' && j < sizeof kw / sizeof kw[0]; j++)
      esc |= strlen(kw[j]) == k - 1 && memcmp(kw[j], t, k - 1) == 0;
    memcpy(out + o, t, k - esc);
    o += k - esc;
    t += k;
    if (*t) out[o++] = *t++;
  }
  out[o] = '\0';
}

static Value binop_node(Eval *ev, ExprKind k, Args *a, const char *fn, bool fold) {
  if (a->npos != 2) return ev_error(ev, a->loc, "T.%s takes 2 arguments", fn);
  Expr *x = ev_to_expr(ev, a->pos[0], "an operand");
  Expr *y = ev_to_expr(ev, a->pos[1], "an operand");
  if (!x || !y) return v_make(V_ERROR, a->loc);
  if (!tirx_dtype_eq(x->dtype, y->dtype)) {
    /* Python literals adopt the other side's type */
    if (a->pos[0].kind != V_EXPR) x = ev_const_cast(ev, y->dtype, x, a->loc);
    else if (a->pos[1].kind != V_EXPR) y = ev_const_cast(ev, x->dtype, y, a->loc);
  }
  if (!ev_check_divisor(ev, k, y, a->pos[1].loc)) return v_make(V_ERROR, a->loc);
  return v_expr(fold ? ev_fold_binary(ev, k, x, y, a->loc) : tirx_binary(ev->m, k, x, y, a->loc),
                a->loc);
}

static Value dtype_call(Eval *ev, DType t, Args *a) {
  if (a->npos == 0 && a->nkw == 0) {
    /* n = T.int32(): a fresh variable (or the signature's, see eval_stmt) */
    Var *v = tirx_var_new(ev->m, ev->name_hint ? ev->name_hint : "", t, a->loc);
    return v_expr(tirx_varref(ev->m, v, a->loc), a->loc);
  }
  if (a->npos != 1) {
    char b[32];
    return ev_error(ev, a->loc, "T.%s() takes one argument", tirx_dtype_str(t, b));
  }
  Value x = a->pos[0];
  if (x.kind == V_STR) {
    double d;
    if (x.u.s.len == 3 && memcmp(x.u.s.p, "inf", 3) == 0) d = INFINITY;
    else if (x.u.s.len == 4 && memcmp(x.u.s.p, "-inf", 4) == 0) d = -INFINITY;
    else if (x.u.s.len == 3 && memcmp(x.u.s.p, "nan", 3) == 0) d = NAN;
    else return ev_error(ev, x.loc, "T.<float>(\"...\") accepts \"inf\", \"-inf\" or \"nan\"");
    if (!tirx_dtype_is_float(t))
      return ev_error(ev, x.loc, "only float types accept \"inf\"/\"nan\"");
    return v_expr(tirx_float(ev->m, t, d, a->loc), a->loc);
  }
  if (x.kind == V_INT && tirx_dtype_is_int(t) && !ev_int_fits(t, x.u.i, x.uint_big)) {
    char b[32];
    return ev_error(
        ev, x.loc, "%s%" PRIu64 " does not fit in %s", x.uint_big || x.u.i >= 0 ? "" : "-",
        x.uint_big || x.u.i >= 0 ? (uint64_t)x.u.i : -(uint64_t)x.u.i, tirx_dtype_str(t, b));
  }
  if (x.kind == V_INT && x.uint_big && t.id == DT_UINT64)
    return v_expr(tirx_int(ev->m, t, x.u.i, a->loc), a->loc);
  if (x.kind == V_INT && (t.id == DT_INT64 || t.id == DT_UINT64 || t.id == DT_UINT32) &&
      t.lanes == 1)
    return v_expr(tirx_int(ev->m, t, x.u.i, a->loc), a->loc);
  if (x.kind == V_FLOAT && tirx_dtype_is_float(t) && t.lanes == 1)
    return v_expr(tirx_float(ev->m, t, x.u.f, a->loc), a->loc);
  Expr *e = ev_to_expr(ev, x, "a value to convert");
  if (!e) return v_make(V_ERROR, a->loc);
  if (tirx_dtype_is_handle(e->dtype) && !tirx_dtype_is_handle(t))
    return ev_error(ev, x.loc, "cannot cast a pointer to a number; use T.reinterpret");
  return v_expr(ev_const_cast(ev, t, e, a->loc), a->loc);
}

/* ---- methods of buffers and values (x.astype, A.vload ...) --------------------------- */

/* x.astype(dtype) of an expression or a scalar */
Value m_astype(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)m, (void)recv;
  DType t;
  if (a->npos != 1 || !ev_get_dtype(ev, a->pos[0], &t, "dtype")) return v_make(V_ERROR, a->loc);
  Expr *e = self.kind == V_EXPR ? self.u.e : ev_to_expr(ev, self, "a value");
  if (!e) return v_make(V_ERROR, a->loc);
  return v_expr(ev_const_cast(ev, t, e, a->loc), a->loc);
}

Value m_buffer_scope(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)ev, (void)m, (void)recv;
  Value v = v_make(V_STR, a->loc);
  v.u.s.p = self.u.buf->scope;
  v.u.s.len = strlen(self.u.buf->scope);
  return v;
}

/* A.ptr_to([i, j]), A.vload([i, j], dtype=, predicate=), A.vstore([i, j], value, predicate=) */
Value m_buffer_access(Eval *ev, const Method *mt, Value self, Args *a, Ast *recv) {
  (void)recv;
  const char *m = mt->name;
  Buffer *b = self.u.buf;
  bool store = m[1] == 's';
  Value *iv = ev_arg(a, 0, "begin");
  if (!iv || (iv->kind != V_LIST && iv->kind != V_TUPLE))
    return ev_error(ev, a->loc, "%s.%s needs a list of indices", b->name, m);
  int n = iv->u.list.n;
  if (n != b->ndim)
    return ev_error(ev, iv->loc, "buffer '%s' has %d dimension%s but %d indices were given",
                    b->name, b->ndim, b->ndim == 1 ? "" : "s", n);
  Expr **idx = TIRX_NEWN(ev->m, Expr *, n + 1);
  for (int i = 0; i < n; i++) {
    idx[i] = ev_index_expr(ev, iv->u.list.items[i], iv->loc);
    if (!idx[i]) return v_make(V_ERROR, a->loc);
  }
  if (strcmp(m, "ptr_to") == 0) {
    Expr *ld = tirx_load(ev->m, b, idx, n, a->loc);
    Expr **args = TIRX_NEWN(ev->m, Expr *, 1);
    args[0] = ld;
    Expr *c = tirx_call(ev->m, tirx_intrin(I_ADDRESS_OF), tirx_dtype(DT_HANDLE), args, 1, a->loc);
    return v_expr(c, a->loc);
  }
  Value *pred = ev_kwarg(a, "predicate");
  Expr *pe = NULL;
  if (pred && pred->kind != V_NONE) {
    pe = ev_to_expr(ev, *pred, "predicate");
    if (!pe) return v_make(V_ERROR, a->loc);
  }
  int lanes = 1;
  Expr *val = NULL;
  if (store) {
    Value *vv = ev_arg(a, 1, "value");
    if (!vv) return ev_error(ev, a->loc, "%s.vstore needs a value", b->name);
    val = ev_to_expr(ev, *vv, "the stored value");
    if (!val) return v_make(V_ERROR, a->loc);
    lanes = val->dtype.lanes;
  } else {
    Value *dv = ev_arg(a, 1, "dtype");
    if (dv && dv->kind != V_NONE) {
      DType t;
      if (!ev_get_dtype(ev, *dv, &t, "dtype")) return v_make(V_ERROR, a->loc);
      if (t.id != b->dtype.id)
        return ev_error(ev, dv->loc, "vload dtype must have the buffer's element type");
      lanes = t.lanes;
    } else {
      lanes = b->dtype.lanes;
    }
  }
  int per = lanes / b->dtype.lanes;
  if (per * b->dtype.lanes != lanes || per < 1)
    return ev_error(ev, a->loc, "vector width %d is not a multiple of the buffer's lanes", lanes);
  if (per > 1 && n > 0) {
    Expr *base = idx[n - 1];
    if (base->dtype.lanes == 1) {
      Expr *r = tirx_expr_new(ev->m, E_RAMP, tirx_dtype_vec((DTypeId)base->dtype.id, per), a->loc);
      r->u.ramp.base = base;
      r->u.ramp.stride = tirx_int(ev->m, tirx_dtype(base->dtype.id), 1, a->loc);
      r->u.ramp.lanes = per;
      idx[n - 1] = r;
    }
  }
  if (!store) {
    Expr *ld = tirx_load(ev->m, b, idx, n, a->loc);
    ld->u.load.pred = pe;
    return v_expr(ld, a->loc);
  }
  val = ev_const_cast(ev, tirx_dtype_vec((DTypeId)b->dtype.id, lanes), val, a->loc);
  Stmt *s = tirx_stmt_new(ev->m, S_STORE, a->loc);
  s->u.store.buf = b;
  s->u.store.idx = idx;
  s->u.store.n = n;
  s->u.store.value = val;
  s->u.store.pred = pe;
  ev_emit(ev, s);
  return v_make(V_NONE, a->loc);
}

/* ---- tile primitives (Tier 4: parsed and printed, not lowered) ------------- */

/* The tile ops whose operands after the destination may be scalars (a fill
 * value, a binary op's constant, a unary op's bias or scale). */
static bool tile_takes_scalars(const char *op) {
  static const char *const ops[] = {
      "fill",    "add",    "sub",          "mul",          "fdiv",         "maximum",
      "minimum", "fma",    "sqrt",         "exp",          "exp2",         "log2",
      "select",  "memset", "binary_chain", "unary_reduce", "binary_reduce"};
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
    if (strcmp(op, ops[i]) == 0) return true;
  return false;
}

/* A tile-op argument: a whole buffer is its full region, as TVM converts it.
 * An element access (S[1, 0], x.buffer[0]) where the op wants a region is
 * the one-element region there: the text TVM prints for a region whose every
 * extent is 1 (TVM itself cannot parse it back).  `region` says whether the
 * position wants a region. */
static Expr *tile_arg(Eval *ev, Value v, bool region) {
  if (region && v.kind == V_EXPR && v.u.e->kind == E_LOAD && !v.u.e->u.load.pred &&
      v.u.e->u.load.n == v.u.e->u.load.buf->ndim &&
      tirx_dtype_eq(v.u.e->dtype, v.u.e->u.load.buf->dtype)) {
    const Expr *ld = v.u.e;
    Expr *r = tirx_expr_new(ev->m, E_REGION, ld->dtype, v.loc);
    r->u.region.buf = ld->u.load.buf;
    r->u.region.n = ld->u.load.n;
    r->u.region.min = TIRX_NEWN(ev->m, Expr *, ld->u.load.n + 1);
    r->u.region.ext = TIRX_NEWN(ev->m, Expr *, ld->u.load.n + 1);
    for (int i = 0; i < ld->u.load.n; i++) {
      r->u.region.min[i] = ld->u.load.idx[i];
      r->u.region.ext[i] = tirx_i32(ev->m, 1);
    }
    return r;
  }
  if (v.kind == V_BUFFER || v.kind == V_SCALAR) {
    Buffer *b = v.u.buf;
    Expr *r = tirx_expr_new(ev->m, E_REGION, b->dtype, v.loc);
    r->u.region.buf = b;
    r->u.region.n = b->ndim;
    r->u.region.min = TIRX_NEWN(ev->m, Expr *, b->ndim + 1);
    r->u.region.ext = TIRX_NEWN(ev->m, Expr *, b->ndim + 1);
    for (int i = 0; i < b->ndim; i++) {
      r->u.region.min[i] = tirx_i32(ev->m, 0);
      r->u.region.ext[i] = b->shape[i];
    }
    return r;
  }
  if (v.kind == V_LAMBDA) {
    ev_error(ev, v.loc, "lambda arguments to tile primitives are not supported yet");
    return NULL;
  }
  Expr *e = ev_value_to_any(ev, v);
  if (e && e->kind == E_INT && v.kind == V_INT) e->u.i.pod = false;
  return e;
}

static int tile_kw_rank(const char *k) {
  return strcmp(k, "workspace") == 0 ? 0 : strcmp(k, "dispatch") == 0 ? 1 : 2;
}

static KwArg *tile_kwargs(Eval *ev, Args *a, int *nkw) {
  KwArg *kw = TIRX_NEWN(ev->m, KwArg, a->nkw + 1);
  int n = 0;
  for (int i = 0; i < a->nkw; i++) {
    if (a->kwv[i].kind == V_NONE) continue;
    if (strcmp(a->kwn[i], "workspace") == 0 && a->kwv[i].kind == V_DICT && a->kwv[i].u.dict.n == 0)
      continue;
    kw[n].name = a->kwn[i];
    kw[n].value = tile_arg(ev, a->kwv[i], false);
    if (!kw[n].value) return NULL;
    n++;
  }
  /* workspace, dispatch, then the config keys sorted (TVM's order) */
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0; j--) {
      int ra = tile_kw_rank(kw[j - 1].name), rb = tile_kw_rank(kw[j].name);
      if (ra < rb || (ra == rb && (ra < 2 || strcmp(kw[j - 1].name, kw[j].name) <= 0))) break;
      KwArg t = kw[j - 1];
      kw[j - 1] = kw[j];
      kw[j] = t;
    }
  *nkw = n;
  return kw;
}

static Value tile_call(Eval *ev, const char *scope, size_t sl, const char *op, Args *a) {
  const char *name = tirx_intern_printf(ev->m, "T.%.*s.%s", (int)sl, scope, op);
  int n = a->npos;
  while (n > 0 && a->pos[n - 1].kind == V_NONE) n--; /* trailing None are dropped */
  Expr **args = TIRX_NEWN(ev->m, Expr *, n + 1);
  for (int i = 0; i < n; i++) {
    args[i] = tile_arg(ev, a->pos[i], i == 0 || !tile_takes_scalars(op));
    if (!args[i]) return v_make(V_ERROR, a->loc);
  }
  Expr *c = tirx_call(ev->m, tirx_intrin(I_TILE_CALL), tirx_dtype(DT_VOID), args, n, a->loc);
  c->u.call.name = tirx_intern0(ev->m, name);
  c->u.call.kw = tile_kwargs(ev, a, &c->u.call.nkw);
  if (!c->u.call.kw) return v_make(V_ERROR, a->loc);
  return v_expr(c, a->loc);
}

/* `with T.tile.compose_op(...):` groups tile calls; kept as an attribute
 * whose node is the compose_op call. */
static Value compose_op(Eval *ev, Args *a) {
  if (a->npos) return ev_error(ev, a->loc, "T.tile.compose_op takes keyword arguments only");
  Expr *c = tirx_call(ev->m, tirx_intrin(I_TILE_COMPOSE_OP), tirx_dtype(DT_VOID), NULL, 0, a->loc);
  c->u.call.name = tirx_intern0(ev->m, "T.tile.compose_op");
  c->u.call.kw = tile_kwargs(ev, a, &c->u.call.nkw);
  if (!c->u.call.kw) return v_make(V_ERROR, a->loc);
  Stmt *s = tirx_stmt_new(ev->m, S_ATTR, a->loc);
  s->u.attr.node = c;
  s->u.attr.key = tirx_intern0(ev->m, tirx_attr_name(ATTR_TILE_COMPOSE_OP));
  s->u.attr.value = tirx_i32(ev->m, 1);
  return ev_frame(s, s, a->loc);
}

/* `T.ptx.add.s32(d, a, b)`: d (a scalar or a buffer element) = the value;
 * a destination of another dtype of the same width takes the bits. */
static Value ptx_alu_store(Eval *ev, const char *sp, Value dst, Expr *c, Loc loc) {
  Buffer *buf = NULL;
  Expr **idx = NULL;
  int nidx = 0;
  if (dst.kind == V_SCALAR) {
    buf = dst.u.buf;
    idx = TIRX_NEWN(ev->m, Expr *, 1);
    idx[0] = tirx_i32(ev->m, 0);
    nidx = 1;
  } else if (dst.kind == V_EXPR && dst.u.e->kind == E_LOAD && !dst.u.e->u.load.pred) {
    buf = dst.u.e->u.load.buf;
    idx = dst.u.e->u.load.idx;
    nidx = dst.u.e->u.load.n;
  }
  if (!buf || buf->dtype.lanes != 1)
    return ev_error(ev, dst.loc,
                    "the destination of T.ptx[\"%s\"] must be a scalar or a buffer element", sp);
  DType want = buf->dtype;
  if (!tirx_dtype_eq(want, c->dtype)) {
    char b1[32], b2[32];
    if (tirx_dtype_bits(want) != tirx_dtype_bits(c->dtype) || tirx_dtype_code(want) == DTC_BOOL ||
        tirx_dtype_code(c->dtype) == DTC_BOOL)
      return ev_error(ev, dst.loc, "the destination of T.ptx[\"%s\"] must be %s, got %s", sp,
                      tirx_dtype_str(c->dtype, b1), tirx_dtype_str(want, b2));
    Expr **arg = TIRX_NEWN(ev->m, Expr *, 1);
    arg[0] = c;
    c = tirx_call(ev->m, tirx_intrin(I_REINTERPRET), want, arg, 1, loc);
  }
  Stmt *st = tirx_stmt_new(ev->m, S_STORE, loc);
  st->u.store.buf = buf;
  st->u.store.idx = idx;
  st->u.store.n = nidx;
  st->u.store.value = c;
  ev_emit(ev, st);
  return v_make(V_NONE, loc);
}

/* A scalar T.ptx ALU/conversion spelling (PTX_ALU rows of ptx_table.def): one generic
 * row, I_PTX_ALU, whose call name keeps the spelling.  Operands are checked
 * against the PTX types: a concrete type (.s32, .f32 ...) takes exactly its
 * dtype, a bit or 16-bit-float carrier type (.b32, .f16, .bf16x2) and the
 * uint32 position/shift operands take any integer/float dtype of that width;
 * Python literals adopt the operand's dtype. */
static Value ptx_alu_call(Eval *ev, const PtxSpell *ps, Args *a) {
  const char *sp = ps->spelling;
  PtxAlu p;
  char err[256];
  if (ps->alu_ok) p = ps->alu; /* decoded at the spelling's first call */
  else if (!tirx_ptx_alu_parse(sp, &p, err, sizeof err))
    return ev_error(ev, a->loc, "T.ptx[\"%s\"]: %s", sp, err);
  for (int i = 0; i < a->nkw; i++)
    if (a->kwv[i].kind != V_NONE)
      return ev_error(ev, a->loc, "T.ptx[\"%s\"] takes no keyword '%s'", sp, a->kwn[i]);
  int n = a->npos;
  /* the spec's statement form, destination first: T.ptx.add.s32(d, a, b) */
  Value *dst = n == p.fam->nops + 1 ? &a->pos[0] : NULL;
  if (dst) n--;
  if (n != p.fam->nops)
    return ev_error(ev, a->loc,
                    "T.ptx[\"%s\"] takes %d operand%s (or a destination and %d), got %d", sp,
                    p.fam->nops, p.fam->nops == 1 ? "" : "s", p.fam->nops, n);
  Expr **args = TIRX_NEWN(ev->m, Expr *, n + 1);
  for (int i = 0; i < n; i++) {
    Value v = a->pos[dst ? i + 1 : i];
    DType want = tirx_ptx_alu_operand_dtype(&p, i);
    bool want_float = tirx_dtype_code(want) == DTC_FLOAT;
    if (v.kind == V_FLOAT && !want_float)
      return ev_error(ev, v.loc,
                      "operand %d of T.ptx[\"%s\"] is %s: a float literal is not allowed", i + 1,
                      sp, tirx_dtype_str(want, (char[32]){0}));
    Expr *x = ev_to_expr(ev, v, "an operand");
    if (!x) return v_make(V_ERROR, a->loc);
    if (v.kind == V_INT || v.kind == V_FLOAT || v.kind == V_BOOL) {
      int bits = tirx_dtype_bits(want);
      DTypeCode wc = tirx_dtype_code(want);
      if (v.kind == V_INT && !v.uint_big && bits < 64 && (wc == DTC_INT || wc == DTC_UINT)) {
        /* unsigned operands also take negative literals as bit patterns (-1) */
        int64_t lo = -(INT64_C(1) << (bits - 1));
        int64_t hi = wc == DTC_INT ? (INT64_C(1) << (bits - 1)) - 1 : (INT64_C(1) << bits) - 1;
        if (v.u.i < lo || v.u.i > hi) {
          char b1[32];
          return ev_error(ev, v.loc, "operand %d of T.ptx[\"%s\"]: %lld does not fit in %s", i + 1,
                          sp, (long long)v.u.i, tirx_dtype_str(want, b1));
        }
      }
      x = ev_const_cast(ev, want, x, v.loc);
    } else if (!tirx_dtype_eq(x->dtype, want)) {
      /* bit types, 16-bit float carriers and the uint32 position/shift
       * operands take any scalar of that width */
      PtxType pt = p.fam->rule == PA_CVT ? p.type[1] : p.type[0];
      bool aux = (p.fam->rule == PA_SHIFT && i == 1) || (p.fam->rule == PA_BFE && i >= 1) ||
                 (p.fam->rule == PA_BFI && i >= 2);
      bool loose = aux || (!(p.fam->rule == PA_SELP && i == 2) && !(p.hlw == 'w' && i == 2) &&
                           (pt >= PT_B16 && pt <= PT_BF16X2));
      DTypeCode xc = tirx_dtype_code(x->dtype);
      if (!(loose && x->dtype.lanes == 1 && xc != DTC_BOOL && xc != DTC_HANDLE &&
            tirx_dtype_bits(x->dtype) == tirx_dtype_bits(want))) {
        char b1[32], b2[32];
        return ev_error(ev, v.loc, "operand %d of T.ptx[\"%s\"] must be %s, got %s", i + 1, sp,
                        tirx_dtype_str(want, b1), tirx_dtype_str(x->dtype, b2));
      }
    }
    args[i] = x;
  }
  Expr *c =
      tirx_call(ev->m, tirx_intrin(I_PTX_ALU), tirx_ptx_alu_result_dtype(&p), args, n, a->loc);
  c->u.call.name = tirx_intern_printf(ev->m, "T.ptx[\"%s\"]", sp);
  if (!dst) return v_expr(c, a->loc);
  return ptx_alu_store(ev, sp, *dst, c, a->loc);
}

/* f(args) for a function of the module: by name (f unbound: defined in
 * another file, typed void until a typed context sets it) or by reference. */
static bool func_arity_ok(Eval *ev, const PrimFunc *f, int n, Loc loc) {
  if (f->nparams == n) return true;
  ev_error(ev, loc, "function '%s' takes %d argument%s, got %d", f->name, f->nparams,
           f->nparams == 1 ? "" : "s", n);
  return false;
}

static Value call_func(Eval *ev, const char *name, const PrimFunc *f, Args *a) {
  if (a->nkw)
    return ev_error(ev, a->loc, "a call of function '%s' takes positional arguments only", name);
  if (f && !func_arity_ok(ev, f, a->npos, a->loc)) return v_make(V_ERROR, a->loc);
  Expr **args = TIRX_NEWN(ev->m, Expr *, a->npos + 1);
  for (int i = 0; i < a->npos; i++) {
    args[i] = ev_to_expr(ev, a->pos[i], "an argument");
    if (!args[i]) return v_make(V_ERROR, a->loc);
    if (f && !f->params[i].buf)
      args[i] = ev_const_cast(ev, f->params[i].var->dtype, args[i], a->pos[i].loc);
  }
  DType rt = f && f->has_ret ? f->ret : tirx_dtype(DT_VOID);
  Expr *c = tirx_call(ev->m, tirx_intrin(I_CALL_FUNC), rt, args, a->npos, a->loc);
  c->u.call.name = tirx_intern0(ev->m, name);
  return v_expr(c, a->loc);
}

/* After the module ran: a call by name of a function defined later takes
 * its return type; one the module does not define at all is an external
 * device function, with a warning (a typo would otherwise go unnoticed). */
void ev_resolve_calls(Eval *ev) {
  for (int i = 0; i < ev->mod->ncalls; i++) {
    Expr *c = ev->mod->calls[i];
    PrimFunc *f = tirx_module_find(ev->m, c->u.call.name);
    if (!f) {
      tirx_diag_add(ev->d, DIAG_WARNING, c->loc.line, c->loc.col,
                    "'%s' is not defined in this module: a call of a device function defined "
                    "elsewhere (linked later)",
                    c->u.call.name);
    } else if (func_arity_ok(ev, f, c->u.call.n, c->loc) && c->dtype.id == DT_VOID && f->has_ret) {
      c->dtype = f->ret;
    }
  }
  free(ev->mod->calls);
  ev->mod->calls = NULL;
  ev->mod->ncalls = ev->mod->capcalls = 0;
}

/* f(...) of a V_GLOBALVAR: f unbound in a kernel body (eval_expr.c), tvm.ir.GlobalVar */
static Value call_by_name(Eval *ev, Value callee, Args *a) {
  const char *fn = callee.u.ns;
  PrimFunc *f = tirx_module_find(ev->m, fn);
  Value r = call_func(ev, fn, f, a);
  if (!f && r.kind == V_EXPR)
    TIRX_VEC_PUSH(ev->mod->calls, ev->mod->ncalls, ev->mod->capcalls, r.u.e);
  return r;
}


/* ---- special forms: the T.* builtins the evaluator computes ----------------------------
 *
 * One row per INTRIN_SPECIAL intrinsic (intrin_core.def): its handler and the row's
 * parameters, so that the forms sharing a handler (the allocations, the loop kinds, the
 * scope ids, the arithmetic nodes) differ by data.  A special intrinsic without a row
 * is "not supported here".  A call row (not INTRIN_SPECIAL) with a handler is one of
 * TVM's operator functions, built as its operator is.  `a->loc` is the call's location. */
typedef struct SpecialForm SpecialForm;
typedef Value (*SpecialFn)(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a);
struct SpecialForm {
  SpecialFn fn;
  Value (*args_fn)(Eval *ev, Args *a); /* or: a handler that takes the arguments only
                                          (eval_stmt.c's frames, T.grid, T.smem_pool) */
  int arg, arg2;    /* per row: a TirxScope, a ForKind, an ExprKind, a ScopeIdKind and its
                       dimensions, a StmtKind ... (see the handler) */
  const char *what; /* the name in the handler's messages; NULL: the intrinsic's name */
};

static const char *sf_name(const SpecialForm *f, const Intrin *in) {
  return f->what ? f->what : in->name;
}

static Value sf_device_entry(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)f, (void)in;
  if (a->npos || a->nkw) return ev_err(ev, a->loc, "T.device_entry() takes no arguments");
  if (ev->tx->seen_device_entry)
    return ev_err(ev, a->loc, "only one T.device_entry() is allowed per kernel");
  Stmt *s = tirx_stmt_new(ev->m, S_ATTR, a->loc);
  s->u.attr.key = tirx_intern0(ev->m, tirx_attr_name(ATTR_DEVICE_ENTRY));
  s->u.attr.value = tirx_int(ev->m, tirx_dtype(DT_BOOL), 1, a->loc);
  return ev_frame(s, s, a->loc);
}

/* T.alloc_buffer / alloc_shared / alloc_local / smem / tmem / decl_buffer:
 * arg = the default scope, arg2 = 1 for a declaration over existing data */
static Value sf_alloc(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)in;
  return ev_alloc(ev, a, f->what, tirx_scope_name((TirxScope)f->arg), f->arg2 != 0);
}

/* T.local_scalar / shared_scalar / alloc_scalar(dtype[, scope]): arg = the scope,
 * arg2 = 1 when a scope argument is accepted */
static Value sf_scalar(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)in;
  DType t = tirx_dtype(DT_FLOAT32);
  Value *dv = ev_arg(a, 0, "dtype");
  if (dv && !ev_get_dtype(ev, *dv, &t, "dtype")) return v_make(V_ERROR, a->loc);
  const char *scope = tirx_scope_name((TirxScope)f->arg);
  if (f->arg2) {
    Value *sv = ev_arg(a, 1, "scope");
    const char *sc = ev_scope_str(ev, sv, tirx_scope_name(MEM_GLOBAL));
    if (!sc) return v_make(V_ERROR, a->loc);
    scope = sc;
  }
  return ev_new_scalar(ev, ev->name_hint ? ev->name_hint : "buffer", t, scope,
                       a->loc); /* TVM's default */
}

static Value sf_decl_scalar(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)f, (void)in;
  Args b = *a;
  Value shp = v_make(V_TUPLE, a->loc);
  shp.u.list.n = 1;
  shp.u.list.items = TIRX_NEWN(ev->m, Value, 1);
  shp.u.list.items[0] = v_int(1, a->loc);
  Value pos[2];
  pos[0] = shp;
  pos[1] = a->npos > 0 ? a->pos[0]
                       : (ev_kwarg(a, "dtype") ? *ev_kwarg(a, "dtype") : v_make(V_NONE, a->loc));
  b.pos = pos;
  b.npos = 2;
  /* data/scope/elem_offset may be positional in TVM's signature */
  Value dv = ev_alloc(ev, &b, "T.decl_scalar", tirx_scope_name(MEM_GLOBAL), true);
  if (dv.kind == V_BUFFER) dv.kind = V_SCALAR;
  return dv;
}

static Value sf_match_buffer(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)f, (void)in;
  if (a->npos == 1 && ev_kwarg(a, "shape")) { /* T.match_buffer(h, shape=..., dtype=...) */
    Value *pos = TIRX_NEWN(ev->m, Value, 3);
    pos[0] = a->pos[0];
    pos[1] = *ev_kwarg(a, "shape");
    int k = 0;
    for (int i = 0; i < a->nkw; i++)
      if (strcmp(a->kwn[i], "shape") != 0) a->kwn[k] = a->kwn[i], a->kwv[k++] = a->kwv[i];
    a->nkw = k;
    a->pos = pos;
    a->npos = 2;
  }
  if (a->npos < 2)
    return ev_err(ev, a->loc,
                  "T.match_buffer(param, shape, dtype, ...) needs a parameter and a shape");
  Value param = a->pos[0];
  Args b = *a;
  b.pos = a->pos + 1;
  b.npos = a->npos - 1;
  if (param.kind != V_EXPR || param.u.e->kind != E_VAR)
    return ev_err(ev, param.loc, "T.match_buffer's first argument must be a T.handle parameter");
  Var *pv = param.u.e->u.var;
  Param *P = NULL;
  for (int i = 0; ev->func && i < ev->func->nparams; i++)
    if (ev->func->params[i].var == pv) P = &ev->func->params[i];
  if (!P || !tirx_dtype_is_handle(pv->dtype))
    return ev_err(ev, param.loc, "T.match_buffer's first argument must be a T.handle parameter");
  if (P->buf)
    return ev_error(ev, param.loc, "parameter '%s' is already matched to a buffer", pv->name);
  if (ev->tx->in_device)
    return ev_err(ev, a->loc, "T.match_buffer must come before T.device_entry()");
  Buffer *buf = ev_make_buffer(ev, &b, "T.match_buffer", tirx_scope_name(MEM_GLOBAL), false);
  if (!buf) return v_make(V_ERROR, a->loc);
  P->buf = buf;
  Value v = v_make(V_BUFFER, a->loc);
  v.u.buf = buf;
  return v;
}

static Value sf_buffer(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)f, (void)in;
  Buffer *buf = ev_make_buffer(ev, a, "T.Buffer", tirx_scope_name(MEM_GLOBAL), !ev->in_signature);
  if (!buf) return v_make(V_ERROR, a->loc);
  if (ev->in_signature) {
    Value v = v_make(V_BUFTYPE, a->loc);
    v_aux(ev, &v)->buftype = buf;
    return v;
  }
  if (!buf->decl_data) {
    /* TVM's body-level alias: a buffer over its own (free) data pointer,
     * with no declaration statement; the printer recreates the line */
    buf->declared_by_T_Buffer = true;
    Value v = v_make(V_BUFFER, a->loc);
    v.u.buf = buf;
    return v;
  }
  Stmt *s = tirx_stmt_new(ev->m, S_DECL, a->loc);
  s->u.alloc.buf = buf;
  ev_emit(ev, s);
  Value v = v_make(V_BUFFER, a->loc);
  v.u.buf = buf;
  return v;
}

static Value sf_handle(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)f, (void)in;
  Value v = v_make(V_PTRTYPE, a->loc);
  v.u.ptr.scope = tirx_intern0(ev->m, tirx_scope_name(MEM_GLOBAL));
  Value *dv = ev_arg(a, 0, "dtype");
  if (dv && dv->kind == V_STR && dv->u.s.len == 9 && memcmp(dv->u.s.p, "tensormap", 9) == 0) {
    v.u.ptr.tensormap = true; /* T.handle("tensormap") == T.TensorMap() */
  } else if (dv && dv->kind != V_NONE) {
    if (!ev_get_dtype(ev, *dv, &v.u.ptr.elem, "pointer element dtype"))
      return v_make(V_ERROR, a->loc);
    v.u.ptr.typed = true;
  }
  Value *sv = ev_arg(a, 1, "storage_scope");
  if (sv) {
    const char *sc = ev_scope_str(ev, sv, tirx_scope_name(MEM_GLOBAL));
    if (!sc) return v_make(V_ERROR, a->loc);
    v.u.ptr.scope = sc;
  }
  return v;
}

static Value sf_tensormap(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)f, (void)in;
  Value v = v_make(V_PTRTYPE, a->loc);
  v.u.ptr.tensormap = true;
  v.u.ptr.scope = tirx_intern0(ev->m, tirx_scope_name(MEM_GLOBAL));
  return v;
}

/* T.Var(name, ty, span=None, *, name_hint=None): a fresh variable of type ty (a
 * dtype string, "handle", a dtype, PrimType(...) or PointerType(...)), as
 * tvm.ir.Var builds it.  `x: T.let[T.Var(...)] = v` binds that variable (named x). */
static Value sf_var(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)f, (void)in;
  static const char *const kw[] = {"name", "ty", "span", "name_hint", NULL};
  if (!ev_check_kw(ev, a, "T.Var", kw)) return v_make(V_ERROR, a->loc);
  if (a->npos > 3) return ev_error(ev, a->loc, "T.Var() takes a name, a type and an optional span");
  Value *nv = ev_arg(a, 0, "name"), *hv = NULL, *tv = ev_arg(a, 1, "ty");
  for (int i = 0; i < a->nkw; i++)
    if (strcmp(a->kwn[i], "name_hint") == 0) hv = &a->kwv[i];
  if (nv && hv) return ev_error(ev, hv->loc, "T.Var(): give either name or name_hint, not both");
  if (!nv) nv = hv;
  if (!nv || nv->kind != V_STR)
    return ev_error(ev, nv ? nv->loc : a->loc, "T.Var() needs a name string");
  const char *name = tirx_intern(ev->m, nv->u.s.p, nv->u.s.len);
  if (!tv || tv->kind == V_NONE)
    return ev_error(ev, a->loc, "T.Var() needs a type (ty=\"int32\", a dtype or PointerType(...))");
  Var *var;
  if (tv->kind == V_STR && tv->u.s.len == 6 && memcmp(tv->u.s.p, "handle", 6) == 0) {
    var = tirx_var_new(ev->m, name, tirx_dtype(DT_HANDLE), a->loc);
  } else if (tv->kind == V_STR || tv->kind == V_DTYPE) {
    DType t;
    if (!ev_get_dtype(ev, *tv, &t, "T.Var() type")) return v_make(V_ERROR, a->loc);
    var = tirx_var_new(ev->m, name, t, a->loc);
  } else if (tv->kind == V_PTRTYPE) {
    var = tv->u.ptr.typed ? tirx_var_ptr(ev->m, name, tv->u.ptr.elem, tv->u.ptr.scope, a->loc)
                          : tirx_var_new(ev->m, name, tirx_dtype(DT_HANDLE), a->loc);
    if (!tv->u.ptr.typed) var->ptr_scope = tv->u.ptr.scope;
    var->is_tensormap = tv->u.ptr.tensormap;
  } else {
    return ev_error(ev, tv->loc,
                    "T.Var() type must be a dtype string, a dtype or PointerType(...)");
  }
  return v_expr(tirx_varref(ev->m, var, a->loc), a->loc);
}

static Value sf_func_attr(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)f, (void)in;
  if (a->npos != 1 || a->pos[0].kind != V_DICT)
    return ev_err(ev, a->loc, "T.func_attr takes one dict");
  Expr *d = ev_value_to_any(ev, a->pos[0]);
  if (!d || !ev->func) return v_make(V_ERROR, a->loc);
  for (int i = 0; i < d->u.dict.n; i++) {
    Expr *k = d->u.dict.keys[i];
    /* a lowered kernel (split-host-device output) is device code throughout */
    if (tirx_attr_is_str(k, ATTR_IS_DEVICE_KERNEL)) {
      ev->func->is_device_kernel = true;
      ev->tx->in_device = true;
      ev->tx->seen_device_entry = true;
    }
  }
  if (!ev->func->attrs) {
    ev->func->attrs = d;
    return v_make(V_NONE, a->loc);
  }
  /* merge, rejecting duplicates */
  Expr *o = ev->func->attrs;
  int n = o->u.dict.n + d->u.dict.n;
  Expr **ks = TIRX_NEWN(ev->m, Expr *, n), **vs = TIRX_NEWN(ev->m, Expr *, n);
  memcpy(ks, o->u.dict.keys, sizeof(Expr *) * (size_t)o->u.dict.n);
  memcpy(vs, o->u.dict.vals, sizeof(Expr *) * (size_t)o->u.dict.n);
  for (int i = 0; i < d->u.dict.n; i++) {
    for (int j = 0; j < o->u.dict.n; j++)
      if (o->u.dict.keys[j]->u.s.len == d->u.dict.keys[i]->u.s.len &&
          memcmp(o->u.dict.keys[j]->u.s.p, d->u.dict.keys[i]->u.s.p, d->u.dict.keys[i]->u.s.len) ==
              0)
        return ev_error(ev, d->u.dict.keys[i]->loc, "duplicate function attribute \"%.*s\"",
                        (int)d->u.dict.keys[i]->u.s.len, d->u.dict.keys[i]->u.s.p);
    ks[o->u.dict.n + i] = d->u.dict.keys[i];
    vs[o->u.dict.n + i] = d->u.dict.vals[i];
  }
  o->u.dict.keys = ks;
  o->u.dict.vals = vs;
  o->u.dict.n = n;
  return v_make(V_NONE, a->loc);
}

static Value sf_evaluate(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)f, (void)in;
  if (a->npos != 1) return ev_err(ev, a->loc, "T.evaluate takes one argument");
  Expr *e = ev_to_expr(ev, a->pos[0], "a value");
  if (!e) return v_make(V_ERROR, a->loc);
  Stmt *s = tirx_stmt_new(ev->m, S_EVAL, a->loc);
  s->u.eval.e = e;
  ev_emit(ev, s);
  return v_make(V_NONE, a->loc);
}

/* T.Return(x) (TVM's IRBuilder Return, kern's K.Return): the statement `return x` */
static Value sf_return(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)f, (void)in;
  if (a->npos != 1 || a->nkw) return ev_err(ev, a->loc, "T.Return takes one argument");
  Expr *e = ev_to_expr(ev, a->pos[0], "a return value");
  if (!e) return v_make(V_ERROR, a->loc);
  Stmt *s = tirx_stmt_new(ev->m, S_RETURN, a->loc);
  s->u.ret.value = e;
  ev_emit(ev, s);
  return v_make(V_NONE, a->loc);
}

/* T.buffer_store(buf, value, indices, predicate=None): the statement buf[indices] = value
 * (TVM's tirx.buffer_store; one index may be given bare), through A.vstore's path */
static Value sf_buffer_store(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)f, (void)in;
  static const char *const kws[] = {"buffer", "value", "indices", "predicate", NULL};
  if (!ev_check_kw(ev, a, "T.buffer_store", kws)) return v_make(V_ERROR, a->loc);
  Value *bv = ev_arg(a, 0, "buffer"), *vv = ev_arg(a, 1, "value"), *iv = ev_arg(a, 2, "indices");
  Value *pv = ev_arg(a, 3, "predicate");
  if (!bv || !vv || !iv)
    return ev_err(ev, a->loc, "T.buffer_store takes (buffer, value, indices[, predicate])");
  if (bv->kind != V_BUFFER && bv->kind != V_SCALAR)
    return ev_err(ev, bv->loc, "T.buffer_store: the first argument must be a buffer");
  Value idx = *iv;
  if (idx.kind != V_LIST && idx.kind != V_TUPLE) {
    idx = v_make(V_LIST, iv->loc);
    idx.u.list.items = TIRX_NEWN(ev->m, Value, 1);
    idx.u.list.items[0] = *iv;
    idx.u.list.n = 1;
  }
  Value args[2] = {idx, *vv};
  const char *kwn[1] = {"predicate"};
  Value kwv[1] = {pv ? *pv : v_make(V_NONE, a->loc)};
  Args b = {args, 2, kwn, kwv, 1, a->loc};
  return m_buffer_access(ev, &ev_methods[M_V_BUFFER_vstore], *bv, &b, NULL);
}

/* T.serial / parallel / unroll / vectorized / thread_binding: arg = the ForKind */
static Value sf_loop(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)in;
  return ev_loop_spec(ev, a, (ForKind)f->arg, f->what);
}

/* T.cta_id, T.thread_id ...: arg = the ScopeIdKind, arg2 = the most dimensions */
static Value sf_scope_id(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)in;
  return ev_scope_id(ev, (ScopeIdKind)f->arg, f->arg2, a, f->what);
}

static Value sf_layout(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)in;
  return ev_layout_call(ev, f->what, a, a->loc);
}

/* T.break_loop / continue_loop (arg2 1: T.Break / T.Continue, TVM's statements, printed
 * as the keyword): arg = S_BREAK or S_CONTINUE, what = the keyword */
static Value sf_loop_exit(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)in;
  if (ev->tx->loop_depth == 0) return ev_error(ev, a->loc, "'%s' outside a loop", f->what);
  Stmt *st = tirx_stmt_new(ev->m, (StmtKind)f->arg, a->loc);
  st->u.loopexit.as_call = !f->arg2;
  ev_emit(ev, st);
  return v_make(V_NONE, a->loc);
}

static Value sf_cast_fn(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)f, (void)in;
  static const char *const kw[] = {"value", "dtype", "span", NULL};
  if (!ev_check_kw(ev, a, "T.cast", kw)) return v_make(V_ERROR, a->loc);
  DType t;
  Value *x = ev_arg(a, 0, "value"), *d = ev_arg(a, 1, "dtype");
  if (a->npos > 2 || !x || !d || !ev_get_dtype(ev, *d, &t, "dtype"))
    return ev_err(ev, a->loc, "T.cast(value, dtype)");
  Expr *e = ev_to_expr(ev, *x, "a value");
  return e ? v_expr(ev_const_cast(ev, t, e, a->loc), a->loc) : v_make(V_ERROR, a->loc);
}

static Value sf_cast_node(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)f, (void)in;
  DType t;
  if (a->npos != 2 || !ev_get_dtype(ev, a->pos[0], &t, "dtype"))
    return ev_err(ev, a->loc, "T.Cast(dtype, value)");
  Expr *e = ev_to_expr(ev, a->pos[1], "a value");
  return e ? v_expr(tirx_cast(ev->m, t, e, a->loc), a->loc) : v_make(V_ERROR, a->loc);
}

static Value sf_select(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)f, (void)in;
  if (a->npos != 3) return ev_err(ev, a->loc, "T.Select(cond, a, b) takes 3 arguments");
  Expr *c = ev_to_expr(ev, a->pos[0], "a condition");
  Expr *x = ev_to_expr(ev, a->pos[1], "a value");
  Expr *y = ev_to_expr(ev, a->pos[2], "a value");
  if (!c || !x || !y) return v_make(V_ERROR, a->loc);
  if (!tirx_dtype_is_bool(c->dtype))
    return ev_err(ev, a->pos[0].loc, "T.Select condition must be boolean");
  if (!tirx_dtype_eq(x->dtype, y->dtype)) {
    if (a->pos[1].kind != V_EXPR) x = ev_const_cast(ev, y->dtype, x, a->loc);
    else y = ev_const_cast(ev, x->dtype, y, a->loc);
  }
  Expr *e = tirx_expr_new(ev->m, E_SELECT, x->dtype, a->loc);
  e->u.sel.c = c;
  e->u.sel.t = x;
  e->u.sel.f = y;
  return v_expr(e, a->loc);
}

static Value sf_ramp(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)f, (void)in;
  int64_t lanes;
  if (a->npos != 3 || !ev_get_int(ev, a->pos[2], &lanes, "lanes"))
    return ev_err(ev, a->loc, "T.Ramp(base, stride, lanes)");
  if (lanes < 2 || lanes > 64)
    return ev_err(ev, a->pos[2].loc, "T.Ramp lanes must be between 2 and 64");
  Expr *b0 = ev_index_expr(ev, a->pos[0], a->loc), *st = ev_index_expr(ev, a->pos[1], a->loc);
  if (!b0 || !st) return v_make(V_ERROR, a->loc);
  st = ev_const_cast(ev, b0->dtype, st, a->loc);
  Expr *e = tirx_expr_new(ev->m, E_RAMP, tirx_dtype_vec((DTypeId)b0->dtype.id, (int)lanes), a->loc);
  e->u.ramp.base = b0;
  e->u.ramp.stride = st;
  e->u.ramp.lanes = (int)lanes;
  return v_expr(e, a->loc);
}

static Value sf_broadcast(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)f, (void)in;
  int64_t lanes;
  if (a->npos != 2 || !ev_get_int(ev, a->pos[1], &lanes, "lanes"))
    return ev_err(ev, a->loc, "T.Broadcast(value, lanes)");
  if (lanes < 2 || lanes > 64)
    return ev_err(ev, a->pos[1].loc, "T.Broadcast lanes must be between 2 and 64");
  Expr *v = ev_to_expr(ev, a->pos[0], "a value");
  if (!v) return v_make(V_ERROR, a->loc);
  Expr *e = tirx_expr_new(ev->m, E_BCAST, tirx_dtype_vec((DTypeId)v->dtype.id, (int)lanes), a->loc);
  e->u.bcast.value = v;
  e->u.bcast.lanes = (int)lanes;
  return v_expr(e, a->loc);
}

/* T.min / T.max: the operands' common type, folded when both are constants;
 * arg = E_MIN or E_MAX */
static Value sf_minmax(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  if (a->npos != 2) return ev_error(ev, a->loc, "T.%s takes 2 arguments", in->name);
  Value x = a->pos[0], y = a->pos[1];
  Expr *ex = ev_to_expr(ev, x, "an operand"), *ey = ev_to_expr(ev, y, "an operand");
  if (!ex || !ey) return v_make(V_ERROR, a->loc);
  Value r = ev_binop(ev, OP_PLUS, v_expr(ex, x.loc), v_expr(ey, y.loc), a->loc); /* type check */
  if (r.kind == V_ERROR) return r;
  DType t = r.u.e->dtype;
  ex = ev_const_cast(ev, t, ex, a->loc);
  ey = ev_const_cast(ev, t, ey, a->loc);
  return v_expr(ev_fold_binary(ev, (ExprKind)f->arg, ex, ey, a->loc), a->loc);
}

/* T.Add, T.floordiv, T.EQ ...: arg = the ExprKind, what = the name after "T." */
static Value sf_binop(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  return binop_node(ev, (ExprKind)f->arg, a, sf_name(f, in), f->arg2 != 0);
}

/* T.bitwise_and / _or / _xor / shift_left / shift_right: TVM's operator
 * functions are its operators (promotion, folding); arg = the operator token */
static Value sf_bitop(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  if (a->npos != 2 || a->nkw) return ev_error(ev, a->loc, "T.%s takes 2 arguments", in->name);
  return ev_binop(ev, f->arg, a->pos[0], a->pos[1], a->loc);
}

/* T.ceildiv(a, b) = (a + b - 1) // b, folded when both are constants */
static Value sf_ceildiv(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)f, (void)in;
  if (a->npos != 2) return ev_err(ev, a->loc, "T.ceildiv takes 2 arguments");
  Value num = ev_binop(ev, OP_MINUS, ev_binop(ev, OP_PLUS, a->pos[0], a->pos[1], a->loc),
                       v_int(1, a->loc), a->loc);
  return ev_binop(ev, OP_DSLASH, num, a->pos[1], a->loc);
}

static Value sf_not(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)f, (void)in;
  if (a->npos != 1) return ev_err(ev, a->loc, "T.Not takes 1 argument");
  Expr *x = ev_to_expr(ev, a->pos[0], "an operand");
  if (!x) return v_make(V_ERROR, a->loc);
  Expr *e = tirx_expr_new(ev->m, E_NOT, x->dtype, a->loc);
  e->u.un.a = x;
  return v_expr(e, a->loc);
}

static Value sf_stringimm(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)f, (void)in;
  if (a->npos != 1 || a->pos[0].kind != V_STR)
    return ev_err(ev, a->loc, "T.StringImm takes a string");
  return v_expr(tirx_str(ev->m, a->pos[0].u.s.p, a->pos[0].u.s.len, a->loc), a->loc);
}

static Value sf_large_uint(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)f, (void)in;
  int64_t lo, hi;
  if (a->npos != 2 || !ev_get_int(ev, a->pos[0], &lo, "lo") ||
      !ev_get_int(ev, a->pos[1], &hi, "hi"))
    return v_make(V_ERROR, a->loc);
  return v_expr(tirx_int(ev->m, tirx_dtype(DT_UINT64),
                         (int64_t)(((uint64_t)hi << 32) | (uint32_t)lo), a->loc),
                a->loc);
}

/* T.Let(body, where={v: value}): v is a variable declared with
 * v = T.int32() (as TVM's printer declares it) */
static Value sf_let_node(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)f, (void)in;
  Value *w = ev_kwarg(a, "where");
  if (a->npos != 1 || !w || w->kind != V_DICT || w->u.dict.n != 1 || a->nkw != 1)
    return ev_err(ev, a->loc, "T.Let takes (body, where={var: value}) with one binding");
  Value key = w->u.dict.keys[0];
  if (key.kind != V_EXPR || key.u.e->kind != E_VAR)
    return ev_err(ev, key.loc,
                  "the key of T.Let's where= must be a variable (declare it with v = T.int32())");
  Var *var = key.u.e->u.var;
  Expr *value = ev_to_expr(ev, w->u.dict.vals[0], "a value");
  Expr *body = ev_to_expr(ev, a->pos[0], "a value");
  if (!value || !body) return v_make(V_ERROR, a->loc);
  value = ev_const_cast(ev, var->dtype, value, a->loc);
  Expr *e = tirx_expr_new(ev->m, E_LET, body->dtype, a->loc);
  e->u.let.var = var;
  e->u.let.value = value;
  e->u.let.body = body;
  return v_expr(e, a->loc);
}

static Value sf_meta_var(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)f, (void)in;
  if (a->npos != 1) return ev_err(ev, a->loc, "T.meta_var takes one argument");
  Value v = a->pos[0];
  v.meta = true;
  return v;
}

static Value sf_static_assert(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)f, (void)in;
  bool t;
  if (a->npos < 1 || !ev_truthy_const(ev, a->pos[0], &t))
    return ev_err(ev, a->loc, "T.static_assert needs a condition known at parse time");
  if (!t) {
    if (a->npos > 1 && a->pos[1].kind == V_STR)
      return ev_error(ev, a->loc, "static assertion failed: %.*s", (int)a->pos[1].u.s.len,
                      a->pos[1].u.s.p);
    return ev_err(ev, a->loc, "static assertion failed");
  }
  return v_make(V_NONE, a->loc);
}

/* forms that are valid somewhere else only */
static Value sf_decorator(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)f, (void)in;
  return ev_err(ev, a->loc, "decorator used as a call");
}

static Value sf_annotation(Eval *ev, const SpecialForm *f, const Intrin *in, Args *a) {
  (void)f;
  return ev_error(ev, a->loc, "T.%s is only valid as a parameter annotation", in->name);
}

static const SpecialForm special_forms[INTRIN_COUNT] = {
    [I_DEVICE_ENTRY] = {sf_device_entry, NULL, 0, 0, NULL},
    [I_ATTR] = {.args_fn = ev_attr_frame},
    [I_HINT] = {.args_fn = ev_hint_frame},
    [I_IF_FRAME] = {.args_fn = ev_if_frame},
    [I_THEN_FRAME] = {.args_fn = ev_then_frame},
    [I_ELSE_FRAME] = {.args_fn = ev_else_frame},
    [I_LAUNCH_THREAD] = {.args_fn = ev_launch_thread},
    [I_ENV_THREAD] = {.args_fn = ev_env_thread},
    [I_GRID] = {.args_fn = ev_grid},
    [I_SMEM_POOL] = {.args_fn = ev_smem_pool},
    [I_LDST_FRAG] = {.args_fn = ev_ldst_frag},
    [I_ALLOC_BUFFER] = {sf_alloc, NULL, MEM_GLOBAL, 0, "T.alloc_buffer"},
    [I_ALLOC_SHARED] = {sf_alloc, NULL, MEM_SHARED, 0, "T.alloc_shared"},
    [I_SMEM] = {sf_alloc, NULL, MEM_SHARED, 0, "T.alloc_shared"},
    [I_ALLOC_LOCAL] = {sf_alloc, NULL, MEM_LOCAL, 0, "T.alloc_local"},
    [I_TMEM] = {sf_alloc, NULL, MEM_TMEM, 0, "T.tmem"},
    [I_DECL_BUFFER] = {sf_alloc, NULL, MEM_GLOBAL, 1, "T.decl_buffer"},
    [I_LOCAL_SCALAR] = {sf_scalar, NULL, MEM_LOCAL, 0, NULL},
    [I_SHARED_SCALAR] = {sf_scalar, NULL, MEM_SHARED, 0, NULL},
    [I_ALLOC_SCALAR] = {sf_scalar, NULL, MEM_GLOBAL, 1, NULL},
    [I_DECL_SCALAR] = {sf_decl_scalar, NULL, 0, 0, NULL},
    [I_MATCH_BUFFER] = {sf_match_buffer, NULL, 0, 0, NULL},
    [I_BUFFER] = {sf_buffer, NULL, 0, 0, NULL},
    [I_HANDLE] = {sf_handle, NULL, 0, 0, NULL},
    [I_TENSORMAP] = {sf_tensormap, NULL, 0, 0, NULL},
    [I_VAR] = {sf_var, NULL, 0, 0, NULL},
    [I_FUNC_ATTR] = {sf_func_attr, NULL, 0, 0, NULL},
    [I_EVALUATE] = {sf_evaluate, NULL, 0, 0, NULL},
    [I_RETURN] = {sf_return, NULL, 0, 0, NULL},
    [I_BUFFER_STORE] = {sf_buffer_store, NULL, 0, 0, NULL},
    [I_SERIAL] = {sf_loop, NULL, FOR_SERIAL, 0, "T.serial"},
    [I_PARALLEL] = {sf_loop, NULL, FOR_PARALLEL, 0, "T.parallel"},
    [I_UNROLL] = {sf_loop, NULL, FOR_UNROLLED, 0, "T.unroll"},
    [I_VECTORIZED] = {sf_loop, NULL, FOR_VECTORIZED, 0, "T.vectorized"},
    [I_THREAD_BINDING] = {sf_loop, NULL, FOR_THREAD_BINDING, 0, "T.thread_binding"},
    [I_CLUSTER_ID] = {sf_scope_id, NULL, SID_CLUSTER_ID, 3, "T.cluster_id"},
    [I_CTA_ID] = {sf_scope_id, NULL, SID_CTA_ID, 3, "T.cta_id"},
    [I_CTA_ID_IN_CLUSTER] = {sf_scope_id, NULL, SID_CTA_ID_IN_CLUSTER, 3, "T.cta_id_in_cluster"},
    [I_CTA_ID_IN_PAIR] = {sf_scope_id, NULL, SID_CTA_ID_IN_PAIR, 0, "T.cta_id_in_pair"},
    [I_WARPGROUP_ID] = {sf_scope_id, NULL, SID_WARPGROUP_ID, 1, "T.warpgroup_id"},
    [I_WARP_ID] = {sf_scope_id, NULL, SID_WARP_ID, 1, "T.warp_id"},
    [I_WARP_ID_IN_WG] = {sf_scope_id, NULL, SID_WARP_ID_IN_WG, 1, "T.warp_id_in_wg"},
    [I_LANE_ID] = {sf_scope_id, NULL, SID_LANE_ID, 1, "T.lane_id"},
    [I_THREAD_ID] = {sf_scope_id, NULL, SID_THREAD_ID, 3, "T.thread_id"},
    [I_THREAD_ID_IN_WG] = {sf_scope_id, NULL, SID_THREAD_ID_IN_WG, 1, "T.thread_id_in_wg"},
    [I_TILE_LAYOUT] = {sf_layout, NULL, 0, 0, "T.TileLayout"},
    [I_COMPOSE_LAYOUT] = {sf_layout, NULL, 0, 0, "T.ComposeLayout"},
    [I_BREAK_LOOP] = {sf_loop_exit, NULL, S_BREAK, 0, "break"},
    [I_CONTINUE_LOOP] = {sf_loop_exit, NULL, S_CONTINUE, 0, "continue"},
    [I_BREAK_STMT] = {sf_loop_exit, NULL, S_BREAK, 1, "break"},
    [I_CONTINUE_STMT] = {sf_loop_exit, NULL, S_CONTINUE, 1, "continue"},
    [I_CAST_FN] = {sf_cast_fn, NULL, 0, 0, NULL},
    [I_CAST_NODE] = {sf_cast_node, NULL, 0, 0, NULL},
    [I_SELECT_NODE] = {sf_select, NULL, 0, 0, NULL},
    [I_RAMP_NODE] = {sf_ramp, NULL, 0, 0, NULL},
    [I_BCAST_NODE] = {sf_broadcast, NULL, 0, 0, NULL},
    [I_MIN] = {sf_minmax, NULL, E_MIN, 0, NULL},
    [I_MAX] = {sf_minmax, NULL, E_MAX, 0, NULL},
    [I_ADD_NODE] = {sf_binop, NULL, E_ADD, 0, "Add"},
    [I_SUB_NODE] = {sf_binop, NULL, E_SUB, 0, "Sub"},
    [I_MUL_NODE] = {sf_binop, NULL, E_MUL, 0, "Mul"},
    [I_DIV_NODE] = {sf_binop, NULL, E_DIV, 0, NULL},
    /* arg2 = 1: TVM's operator functions, which fold constants and
     * identities; the node constructors (T.Div, T.FloorDiv) do not */
    [I_TRUNCDIV] = {sf_binop, NULL, E_DIV, 1, NULL},
    [I_TRUNCMOD] = {sf_binop, NULL, E_MOD, 1, "truncmod"},
    [I_FLOORDIV_NODE] = {sf_binop, NULL, E_FLOORDIV, 0, NULL},
    [I_FLOORDIV_FN] = {sf_binop, NULL, E_FLOORDIV, 1, NULL},
    [I_FLOORMOD_NODE] = {sf_binop, NULL, E_FLOORMOD, 0, NULL},
    [I_FLOORMOD_FN] = {sf_binop, NULL, E_FLOORMOD, 1, NULL},
    [I_MIN_NODE] = {sf_binop, NULL, E_MIN, 0, "Min"},
    [I_MAX_NODE] = {sf_binop, NULL, E_MAX, 0, "Max"},
    [I_AND_NODE] = {sf_binop, NULL, E_AND, 0, "And"},
    [I_OR_NODE] = {sf_binop, NULL, E_OR, 0, "Or"},
    [I_EQ_NODE] = {sf_binop, NULL, E_EQ, 0, "EQ"},
    [I_NE_NODE] = {sf_binop, NULL, E_NE, 0, "NE"},
    [I_LT_NODE] = {sf_binop, NULL, E_LT, 0, "LT"},
    [I_LE_NODE] = {sf_binop, NULL, E_LE, 0, "LE"},
    [I_GT_NODE] = {sf_binop, NULL, E_GT, 0, "GT"},
    [I_GE_NODE] = {sf_binop, NULL, E_GE, 0, "GE"},
    [I_CEILDIV] = {sf_ceildiv, NULL, 0, 0, NULL},
    [I_BITWISE_AND] = {sf_bitop, NULL, OP_AMP, 0, NULL},
    [I_BITWISE_OR] = {sf_bitop, NULL, OP_PIPE, 0, NULL},
    [I_BITWISE_XOR] = {sf_bitop, NULL, OP_CARET, 0, NULL},
    [I_SHIFT_LEFT] = {sf_bitop, NULL, OP_LSHIFT, 0, NULL},
    [I_SHIFT_RIGHT] = {sf_bitop, NULL, OP_RSHIFT, 0, NULL},
    [I_NOT_NODE] = {sf_not, NULL, 0, 0, NULL},
    [I_STRINGIMM] = {sf_stringimm, NULL, 0, 0, NULL},
    [I_LARGE_UINT_IMM] = {sf_large_uint, NULL, 0, 0, NULL},
    [I_LET_NODE] = {sf_let_node, NULL, 0, 0, NULL},
    [I_META_VAR] = {sf_meta_var, NULL, 0, 0, NULL},
    [I_STATIC_ASSERT] = {sf_static_assert, NULL, 0, 0, NULL},
    [I_PRIM_FUNC] = {sf_decorator, NULL, 0, 0, NULL},
    [I_JIT] = {sf_decorator, NULL, 0, 0, NULL},
    [I_CONSTEXPR] = {sf_annotation, NULL, 0, 0, NULL},
    [I_OPTIONAL] = {sf_annotation, NULL, 0, 0, NULL},
    [I_LET] = {sf_annotation, NULL, 0, 0, NULL},
};

/* ---- T.ptx spellings ------------------------------------------------------------------ */

/* A call T.ptx.NAME(...) (name = "ptx.NAME", already unescaped) is looked up once in
 * the one T.ptx registry (ptx_table.def, tirx_ptx_lookup): the instruction engine
 * (eval_ptx.c, its PTX rows) for statements, else a value row (PTX_NVVM), a scalar
 * ALU spelling (PTX_ALU), or TVM's printed flat form T.ptx.family(ops..., "tok", ...,
 * "MARKER").  Returns true with *out set when the call was handled here; false with
 * *in set to the row to call generically (NULL: unknown). */
/* A spelling of the T.ptx table: the instruction (through the table engine),
 * unless a value form of the intrinsic rows fits; whether that settled it. */
static bool ptx_table_call(Eval *ev, const PtxSpell *sp, Args *a, bool as_stmt, Value *out) {
  Loc loc = a->loc;
  const Intrin *vf = sp->look.value;
  bool value_form = vf || sp->look.alu;
  if (!vf && value_form) {
    /* a scalar ALU value form takes exactly its sources; with a destination
     * first, or a spelling only the table has (mixed types, .satfinite,
     * f32x2), it is the instruction, as TVM reads it */
    bool flat = a->npos && a->pos[a->npos - 1].kind == V_STR; /* TVM's flat form, below */
    if (!flat && !as_stmt) {
      if (sp->alu_ok && a->npos == sp->alu.fam->nops) {
        value_form = true;
      } else {
        bool nomatch = false;
        Value v = ev_ptx_call(ev, sp, a, loc, &nomatch);
        if (!nomatch) {
          *out = v;
          return true;
        }
        /* no row of that spelling: the ALU family's message (below) */
      }
    }
  }
  /* more operands than the value form takes: the destination is given
   * (T.evaluate(T.ptx.mapa.shared__cluster.u32(dst, a, rank))) */
  if (vf && a->npos > vf->max_args) value_form = false;
  /* a row without a result is an instruction wherever it is written
   * (T.evaluate(T.ptx.bar.sync(T.uint32(0))) in a helper): the table
   * engine, as a statement would be, when it has the spelling */
  /* ... and so is every spelling the table has while a traced kernel is built
   * (TVM's IRBuilder: T.ptx.mbarrier.arrive.shared__cta.b64(bar) is the void
   * instruction, which kern emits; the value forms are TVMScript's) */
  if (vf && (vf->ret == RET_VOID || ev_irb_building(ev)) && value_form && !as_stmt) {
    bool nomatch = false;
    Value v = ev_ptx_call(ev, sp, a, loc, &nomatch);
    if (!nomatch) {
      *out = v;
      return true;
    }
  }
  if (as_stmt || !value_form) {
    *out = ev_ptx_call(ev, sp, a, loc, NULL);
    return true;
  }
  return false;
}

/* TVM's printed flat form: T.ptx.family(ops..., "tok", ..., "MARKER"), the
 * strings joined onto the name: an intrinsic row (*in, the strings dropped
 * from a) or a scalar ALU call (*out); whether that settled it. */
static bool ptx_flat_form(Eval *ev, const char *name, Args *a, const Intrin **in, Value *out) {
  int ns = 0;
  while (ns < a->npos && a->pos[a->npos - 1 - ns].kind == V_STR) ns++;
  if (ns >= 1) {
    StrBuf jb = {0};
    strbuf_puts(&jb, name);
    for (int i = a->npos - ns; i < a->npos - 1; i++)
      if (a->pos[i].u.s.len) strbuf_printf(&jb, ".%.*s", (int)a->pos[i].u.s.len, a->pos[i].u.s.p);
    const char *joined = tirx_intern0(ev->m, strbuf_str(&jb));
    strbuf_free(&jb);
    const PtxSpell *sp = ev_ptx_spelling(ev, joined + 4);
    if (sp->look.value) {
      *in = sp->look.value;
      a->npos -= ns;
    } else if (sp->look.alu) {
      a->npos -= ns;
      *out = ptx_alu_call(ev, sp, a);
      return true;
    }
  }
  return false;
}

/* An unknown T.ptx spelling: the error with a suggestion when one is close
 * (a misspelt scalar family with the rest of it valid, or a table family);
 * whether there was one. */
static bool ptx_suggest(Eval *ev, const char *name, Loc loc, Value *out) {
  size_t fl = strcspn(name + 4, ".");
  const char *fs = tirx_ptx_alu_suggest_family(name + 4, fl);
  PtxAlu p;
  char err[256];
  if (fs) {
    const char *fixed = tirx_intern_printf(ev->m, "%s%s", fs, name + 4 + fl);
    if (tirx_ptx_alu_parse(fixed, &p, err, sizeof err)) {
      *out = ev_error(ev, loc, "unknown intrinsic 'T.%s'; did you mean 'T.ptx.%s'?", name, fixed);
      return true;
    }
  }
  const char *ts = tirx_ptx_suggest_family(name + 4, fl);
  if (ts) {
    *out = ev_error(ev, loc, "unknown T.ptx instruction '%.*s'; did you mean 'T.ptx.%s'?", (int)fl,
                    name + 4, ts);
    return true;
  }
  return false;
}

static bool ptx_call(Eval *ev, const char *name, Args *a, bool as_stmt, const Intrin **in,
                     Value *out) {
  Loc loc = a->loc;
  const PtxSpell *sp = ev_ptx_spelling(ev, name + 4);
  /* T.ptx instructions are statements and go through the table engine;
   * inside an expression the value forms (`x = T.ptx.mul.wide.s32(a, b)`,
   * the PTX_NVVM rows with a result) are tried first */
  if (sp->look.nrows && ptx_table_call(ev, sp, a, as_stmt, out)) return true;
  *in = sp->look.value;
  if (!*in && ptx_flat_form(ev, name, a, in, out)) return true;
  if (!*in && sp->look.alu) {
    *out = ptx_alu_call(ev, sp, a);
    return true;
  }
  if (!*in) return ptx_suggest(ev, name, loc, out);
  if ((*in)->max_args >= 0 && a->npos == (*in)->max_args + 1 && sp->look.alu) {
    /* an exact scalar row (ptx.fma.rn.f32) in the destination-first form */
    Args b = *a;
    b.pos++;
    b.npos--;
    Value r = generic_call(ev, *in, &b);
    *out = r.kind != V_EXPR ? r : ptx_alu_store(ev, name + 4, a->pos[0], r.u.e, loc);
    return true;
  }
  return false;
}

/* ---- calls -------------------------------------------------------------------------- */

/* T.NAME(...) (callee.u.ns = "T.NAME"): tile ops, T.ptx spellings, then the intrinsic
 * table: generic rows become calls (generic_call), INTRIN_SPECIAL rows go through
 * special_forms. */
static Value t_call(Eval *ev, Value callee, Args *a, bool as_stmt) {
  Loc loc = a->loc;
  const char *name = callee.u.ns + 2;
  bool ptx = strncmp(name, "ptx.", 4) == 0;
  if (ptx && !callee.meta) {
    size_t cap = strlen(name) + 3; /* unescaping never lengthens */
    char *ptxname = tirx_alloc(ev->m, cap);
    ptx_unescape(name, ptxname, cap);
    name = ptxname;
  } else if (ptx) {
    char *ptxname = tirx_alloc(ev->m, strlen(name) + 1);
    ptx_unescape_keywords(name, ptxname);
    name = ptxname;
  }
  if (!ptx) { /* tile ops (a T.ptx spelling names none) */
    if (strncmp(name, "tile.", 5) == 0 && strchr(name + 5, '.')) name += 5; /* Tx.cta.copy */
    /* Tx.cast(value, dtype): the tirx module's expression cast (Tx bound to `tvm.script.tirx`),
     * not the tile op cast(dst, src), whose source is never a dtype */
    if (strcmp(name, "tile.cast") == 0) {
      Value *dt = a->npos == 2 ? &a->pos[1] : a->npos == 1 ? ev_kwarg(a, "dtype") : NULL;
      if (dt && (dt->kind == V_STR || dt->kind == V_DTYPE)) name = "cast";
    }
    const char *tscope, *top;
    size_t tsl;
    if (tirx_tile_op_split(name, &tscope, &tsl, &top)) return tile_call(ev, tscope, tsl, top, a);
    if (strcmp(name, "tile.compose_op") == 0) return compose_op(ev, a);
  }
  if (ptx && strcmp(name, "ptx.pred") == 0) {
    if (a->npos != 1 || a->nkw) return ev_err(ev, loc, "T.ptx.pred takes one argument");
    Value v = a->pos[0];
    v.ptx_pred = true;
    return v;
  }
  const Intrin *in = NULL;
  Value r;
  if (ptx) {
    if (ptx_call(ev, name, a, as_stmt, &in, &r)) return r;
  } else {
    in = tirx_intrin_lookup(name, strlen(name));
    /* TVM's T.cuda._shfl_sync / _shfl_*_sync / _activemask are the same ops as
     * the __ spellings (its Python helper's methods behind the attributes) */
    if (!in && strncmp(name, "cuda._", 6) == 0 && name[6] != '_')
      in = tirx_intrin_lookup(tirx_intern_printf(ev->m, "cuda._%s", name + 5), strlen(name) + 1);
  }
  if (!in && ev_tvm_T_call(ev, name, a, &r)) return r; /* T.TMEMPool (prelude) */
  if (!in) {
    const char *sug = tirx_intrin_suggest(name, strlen(name));
    if (sug) return ev_error(ev, loc, "unknown intrinsic 'T.%s'; did you mean 'T.%s'?", name, sug);
    return ev_error(ev, loc, "unknown intrinsic 'T.%s'", name);
  }
  if (in->id == I_CUDA_LDG && a->npos >= 6) return ldg_vector(ev, a, loc);
  if (in->id == I_CUDA_LDG && (ev_kwarg(a, "dst") || ev_kwarg(a, "vec")))
    return ldg_keywords(ev, a, loc);
  const SpecialForm *f = &special_forms[in->id];
  /* a call row with a handler here is an operator function (T.bitwise_and) */
  if (!(in->flags & INTRIN_SPECIAL) && !f->fn) {
    if (!ev->tx->in_device && strncmp(in->name, "cuda.", 5) == 0 && in->ret == RET_VOID)
      return ev_error(ev, loc, "T.%s is only valid after T.device_entry()", in->name);
    if (in->id == I_CUDA_FUNC_CALL && !ev_kwarg(a, "source_code"))
      return ev_error(ev, loc, "T.cuda.func_call needs source_code=");
    return generic_call(ev, in, a);
  }
  if (f->args_fn) return f->args_fn(ev, a);
  if (f->fn) return f->fn(ev, f, in, a);
  return ev_error(ev, loc, "T.%s is not supported here", in->name);
}

static Value call_unknown(Eval *ev, const char *path, Args *a) {
  return ev_error(ev, a->loc, "calling Python function '%s' is not supported in TIRx", path);
}
static Value call_decorator(Eval *ev, Value callee, Args *a) {
  return ev_error(ev, a->loc, "'%s' is only valid as a decorator", callee.u.ns);
}

/* Callees named by a path other than T.*, first match. */
static Value call_irb_new(Eval *ev, Value callee, Args *a) {
  (void)callee;
  return ev_irb_new(ev, a);
}

/* tvm.tirx.Var(name, dtype): T.Var's variable (traced code makes its own) */
static Value call_tvm_var(Eval *ev, Value callee, Args *a) {
  Value t = v_make(V_NS, callee.loc);
  t.u.ns = "T.Var";
  return t_call(ev, t, a, false);
}

static const struct {
  const char *prefix;
  bool whole; /* the path is exactly `prefix` */
  Value (*fn)(Eval *ev, Value callee, Args *a);
} ns_calls[] = {
    {"I.", false, call_decorator},
    {"irb.", false, ev_irb_call},
    {"tvm.IRBuilder", true, call_irb_new},
    {"tvm.tirx.Var", true, call_tvm_var},
};

/* A callee named by a path (V_NS's call slot): T.*, TVM's native names, the other paths. */
Value ev_ns_call(Eval *ev, Value callee, Args *a) {
  const char *path = callee.u.ns;
  bool as_stmt = ev->call_as_stmt; /* ev_call: the call is a whole statement */
  ev->call_as_stmt = false;
  if (strcmp(path, "T.While") == 0) return ev_irb_while(ev, a);
  if (strncmp(path, "T.", 2) == 0) {
    Value r = t_call(ev, callee, a, as_stmt), traced;
    return ev_irb_t_call(ev, path, r, a, &traced) ? traced
                                                  : r; /* traced Python emits (eval_irbuilder.c) */
  }
  for (size_t i = 0; i < sizeof ns_calls / sizeof ns_calls[0]; i++)
    if (ns_calls[i].whole && strcmp(path, ns_calls[i].prefix) == 0)
      return ns_calls[i].fn(ev, callee, a);
  Value tvm_r;
  if (ev_tvm_call(ev, path, a, &tvm_r))
    return tvm_r; /* tvm.DataType, PointerType, ... (eval_tvm.c) */
  for (size_t i = 0; i < sizeof ns_calls / sizeof ns_calls[0]; i++) {
    if (path[0] != ns_calls[i].prefix[0]) continue;
    size_t n = strlen(ns_calls[i].prefix);
    if (strncmp(path, ns_calls[i].prefix, n) == 0 && (!ns_calls[i].whole || path[n] == '\0'))
      return ns_calls[i].fn(ev, callee, a);
  }
  return call_unknown(ev, path, a);
}

Value ev_dtype_call(Eval *ev, Value callee, Args *a) { return dtype_call(ev, callee.u.dt, a); }

Value ev_funcref_call(Eval *ev, Value callee, Args *a) {
  PrimFunc *pf = ev_funcref(ev, callee);
  return pf ? call_func(ev, pf->name, pf, a) : v_make(V_ERROR, a->loc);
}

Value ev_globalvar_call(Eval *ev, Value callee, Args *a) { return call_by_name(ev, callee, a); }
