/* host_plan.c — split-host-device's host half (split.h): the host code
 * before T.device_entry() (parameter handling and TMA tensor maps), the
 * launch plan's symbols, parameters, SIG and tensor-map specs, and each
 * kernel's arguments, launch extents, dynamic shared memory and flags.  The
 * contract is in split_host_device.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Support/strbuf.h"
#include "Transforms/split.h"
#include "tirx/runtime.h"

/* ---- dtype conversions -------------------------------------------------------- */

/* The DLPack type and the kernel-argument C type (-1: none) of a dtype:
 * tirx/dtype.def's dl and ctype columns. */
static const struct {
  uint8_t code, bits;
  int ctype;
} dl_rows[DT_COUNT] = {
#define X(E, name, code, bits, dl_code, dl_bits, ctype, tma, npy) [E] = {dl_code, dl_bits, ctype},
#include "tirx/dtype.def"
#undef X
};

static DLDataType dl_of(DType t) {
  return (DLDataType){dl_rows[t.id].code, dl_rows[t.id].bits, (uint16_t)t.lanes};
}

static int ctype_of(DType t) { return t.lanes == 1 ? dl_rows[t.id].ctype : -1; }

/* ---- host-side TMA tensor maps (runtime_semantics.md §4.1) ---------------------- */

static bool is_call(const Expr *e, IntrinId id) {
  return e && e->kind == E_CALL && e->u.call.op->id == id;
}

static bool is_str(const Expr *e, const char *s) {
  return e && e->kind == E_STR && e->u.s.len == strlen(s) && memcmp(e->u.s.p, s, e->u.s.len) == 0;
}

/* `m = T.tvm_stack_alloca(...)`, or a binding typed as a tensor map. */
static bool is_map_bind(const Stmt *s) {
  return s->u.bind.var->is_tensormap || is_call(s->u.bind.value, I_TVM_STACK_ALLOCA);
}

static void host_map_bind(Split *S, Stmt *s) {
  Expr *v = s->u.bind.value;
  int64_t n = 0;
  if (!is_call(v, I_TVM_STACK_ALLOCA)) {
    xf_error(S->d, s->loc, "tensor map '%s' must be bound to T.tvm_stack_alloca(\"tensormap\", 1)",
             s->u.bind.var->name);
    S->errors++;
    return;
  }
  if (v->u.call.n != 2 || !is_str(v->u.call.args[0], "tensormap") ||
      !xf_const_int(v->u.call.args[1], &n) || n != 1) {
    xf_error(S->d, v->loc,
             "only T.tvm_stack_alloca(\"tensormap\", 1) is supported (a host "
             "CUtensorMap for TMA); other stack allocations need TVM's host codegen");
    S->errors++;
    return;
  }
  s->u.bind.var->is_tensormap = true; /* the kernel parameter is a by-value CUtensorMap */
  xf_vec_push(&S->maps, s->u.bind.var);
  xf_vec_push(&S->map_binds, s);
}

/* The argument layout of cuTensorMapEncodeTiled after the function name:
   map, dtype, rank, base, globalDim[r], globalStrides[r-1], boxDim[r],
   elementStrides[r], interleave, swizzle, l2Promotion, oobFill [, force_cu_dtype]. */
enum { ENC_MAP = 1, ENC_DTYPE, ENC_RANK, ENC_BASE, ENC_DIMS };

static void host_map_encode(Split *S, Stmt *s) {
  Expr *e = s->u.eval.e;
  Expr **a = e->u.call.args;
  int n = e->u.call.n;
  int64_t rank = 0;
  if (n < 1 || !is_str(a[0], "runtime.cuTensorMapEncodeTiled")) {
    bool str = n >= 1 && a[0]->kind == E_STR;
    xf_error(S->d, e->loc,
             "T.call_packed(\"%.*s\", ...) is not supported before "
             "T.device_entry(): only \"runtime.cuTensorMapEncodeTiled\" (TMA tensor maps) is",
             str ? (int)a[0]->u.s.len : 1, str ? a[0]->u.s.p : "?");
    S->errors++;
    return;
  }
  /* From here on an error leaves the map "encoded" for the never-encoded check. */
  if (n > ENC_MAP && a[ENC_MAP]->kind == E_VAR && xf_vec_index(&S->maps, a[ENC_MAP]->u.var) >= 0)
    xf_vec_push(&S->map_bad, a[ENC_MAP]->u.var);
  Loc at = e->loc;
  const char *msg = NULL;
  if (n <= ENC_RANK) {
    msg = "needs at least a tensor map, a dtype and a rank";
  } else if (a[ENC_MAP]->kind != E_VAR || xf_vec_index(&S->maps, a[ENC_MAP]->u.var) < 0) {
    msg = "takes first a tensor map bound before it by T.tvm_stack_alloca(\"tensormap\", 1)";
    at = a[ENC_MAP]->loc;
  } else if (a[ENC_DTYPE]->kind != E_STR) {
    msg = "takes the element dtype as a string (\"float16\")";
    at = a[ENC_DTYPE]->loc;
  } else if (!xf_const_int(a[ENC_RANK], &rank) || rank < 1 || rank > TIRX_TMAP_MAX_RANK) {
    msg = "takes the tensorRank as an integer constant in 1..5";
    at = a[ENC_RANK]->loc;
  }
  if (msg) {
    xf_error(S->d, at.line ? at : e->loc, "runtime.cuTensorMapEncodeTiled %s", msg);
    S->errors++;
    return;
  }
  int want = 4 + 4 * (int)rank + 3;
  if (n - 1 != want && n - 1 != want + 1) {
    xf_error(S->d, e->loc,
             "cuTensorMapEncodeTiled expects %d (or %d with force_cu_dtype) "
             "arguments for rank %d, got %d: map, dtype, rank, base address, globalDim[%d], "
             "globalStrides[%d] (bytes), boxDim[%d], elementStrides[%d], interleave, swizzle, "
             "l2Promotion, oobFill",
             want, want + 1, (int)rank, n - 1, (int)rank, (int)rank - 1, (int)rank, (int)rank);
    S->errors++;
    return;
  }
  for (int i = 0; i < S->map_encodes.n; i++) {
    Stmt *o = S->map_encodes.items[i];
    if (o->u.eval.e->u.call.args[ENC_MAP]->u.var == a[ENC_MAP]->u.var) {
      xf_error(S->d, e->loc, "tensor map '%s' is encoded twice (first at line %u)",
               a[ENC_MAP]->u.var->name, o->loc.line);
      S->errors++;
      return;
    }
  }
  xf_vec_push(&S->map_encodes, s);
}

/* ---- host scalars ------------------------------------------------------------------ */

/* Scalar code before T.device_entry() (TVM 0.27 computes it on the host and passes the
 * result): `m = n * 2` (a mutable scalar, stored once) or `m: T.let[T.int32] = n * 2`.
 * Its value must be integer arithmetic over the scalar parameters and shape variables (and
 * earlier host scalars); shd_subst_host_scalars puts it in place of every use in the
 * regions, so a kernel computes the same integer from what it is passed, and a launch extent
 * that uses it is a plan expression over the symbols. */
static bool is_scalar_local(const Buffer *b) {
  int64_t n;
  return b->ndim == 1 && xf_const_int(b->shape[0], &n) && n == 1 &&
         (tirx_scope_is(b->scope, MEM_LOCAL) || tirx_scope_is(b->scope, MEM_LOCAL_VAR));
}

/* The host scalar `key` refers to (a load m[0] or a let var), its index, else -1. */
static int host_scalar_of(const Split *S, const Expr *e) {
  int64_t i;
  if (e->kind == E_LOAD && e->u.load.n == 1 && !e->u.load.pred &&
      xf_const_int(e->u.load.idx[0], &i) && i == 0)
    return xf_vec_index(&S->host_keys, e->u.load.buf);
  if (e->kind == E_VAR) return xf_vec_index(&S->host_keys, e->u.var);
  return -1;
}

static Expr *subst_cb(IRMutator *mu, Expr *e) {
  Split *S = mu->ctx;
  int i = host_scalar_of(S, e);
  if (i < 0) return e;
  IRMutator cp = {NULL, S->m, NULL, NULL, NULL, NULL, NULL, true}; /* a fresh copy per use */
  Expr *v = tirx_mutate_expr(&cp, S->host_vals.items[i]);
  if (!tirx_dtype_eq(v->dtype, e->dtype)) {
    Expr *c = tirx_expr_new(S->m, E_CAST, e->dtype, e->loc);
    c->u.un.a = v;
    v = c;
  }
  return v;
}

static Expr *subst_host(Split *S, Expr *e) {
  IRMutator mu = {S, S->m, subst_cb, NULL, NULL, NULL, NULL, false};
  return tirx_mutate_expr(&mu, e);
}

/* Integer arithmetic over parameters and shape variables: the first part that is not
 * (NULL: all of it is). */
typedef struct HostPure {
  Split *S;
  Expr *bad;
} HostPure;

static bool host_pure_cb(IRVisitor *v, Expr *e) {
  HostPure *h = v->ctx;
  if (h->bad) return false;
  bool ok;
  switch ((ExprKind)e->kind) {
  case E_INT:
  case E_ADD:
  case E_SUB:
  case E_MUL:
  case E_DIV:
  case E_MOD:
  case E_FLOORDIV:
  case E_FLOORMOD:
  case E_MIN:
  case E_MAX:
  case E_EQ:
  case E_NE:
  case E_LT:
  case E_LE:
  case E_GT:
  case E_GE:
  case E_AND:
  case E_OR:
  case E_NOT:
  case E_CAST:
  case E_SELECT: ok = tirx_dtype_is_int(e->dtype) || tirx_dtype_is_bool(e->dtype); break;
  case E_VAR: {
    int pi = shd_param_of_var(h->S->f, e->u.var);
    ok = (tirx_dtype_is_int(e->dtype) || tirx_dtype_is_bool(e->dtype)) &&
         ((pi >= 0 && !tirx_dtype_is_handle(e->u.var->dtype)) ||
          shd_is_shape_var(h->S->f, e->u.var));
    break;
  }
  default: ok = false; break;
  }
  if (!ok) h->bad = e;
  return ok;
}

static void host_scalar(Split *S, Stmt *s, void *key, const char *name, Expr *value) {
  if (xf_vec_has(&S->host_keys, key)) {
    xf_error(S->d, s->loc,
             "'%s' is assigned more than once before T.device_entry(): host "
             "code there may compute each scalar once",
             name);
    S->errors++;
    return;
  }
  Expr *v = subst_host(S, value);
  HostPure h = {S, NULL};
  IRVisitor pv = {&h, host_pure_cb, NULL};
  tirx_visit_expr(&pv, v);
  if (h.bad) {
    char whole[128], part[160];
    if (h.bad->kind == E_LOAD) /* xf_expr_str elides loads */
      snprintf(part, sizeof part, "a load of '%s'", h.bad->u.load.buf->name);
    else xf_expr_str(h.bad, part, sizeof part);
    xf_error(S->d, value->loc.line ? value->loc : s->loc,
             "host code before T.device_entry(): '%s' = %s is not integer arithmetic over the "
             "parameters and shape variables (%s is not), which is all the host computes "
             "for a kernel",
             name, xf_expr_str(value, whole, sizeof whole), part);
    S->errors++;
    return;
  }
  xf_vec_push(&S->host_keys, key);
  xf_vec_push(&S->host_vals, v);
}

void shd_subst_host_scalars(Split *S) {
  if (!S->host_keys.n) return;
  IRMutator mu = {S, S->m, subst_cb, NULL, NULL, NULL, NULL, false};
  for (int r = 0; r < S->regions.n; r++)
    S->regions.items[r] = tirx_mutate_stmt(&mu, S->regions.items[r]);
}

/* Host part: sequences of decls around the regions. */
static void scan_host(Split *S, Stmt *s) {
  if (xf_is_device_entry(s)) {
    xf_vec_push(&S->regions, s);
    return;
  }
  switch ((StmtKind)s->kind) {
  case S_SEQ:
    for (int i = 0; i < s->u.seq.n; i++) scan_host(S, s->u.seq.items[i]);
    return;
  case S_DECL: xf_vec_push(&S->host_decls, s); return;
  case S_BIND:
    if (!S->regions.n && is_map_bind(s)) {
      host_map_bind(S, s);
      return;
    }
    if (!S->regions.n) {
      host_scalar(S, s, s->u.bind.var, s->u.bind.var->name, s->u.bind.value);
      return;
    }
    break;
  case S_ALLOC:
    if (!S->regions.n && is_scalar_local(s->u.alloc.buf)) {
      xf_vec_push(&S->host_allocs, s->u.alloc.buf);
      return;
    }
    /* a shared-memory buffer allocated before the region (TVM's printer writes an
     * alloc_shared above `with T.attr({"tirx.device_entry": ...})`) is device memory: each
     * region that uses it carries the allocation, as it carries host decls */
    if (!S->regions.n && (tirx_scope_is(s->u.alloc.buf->scope, MEM_SHARED) ||
                          tirx_scope_is(s->u.alloc.buf->scope, MEM_SHARED_DYN))) {
      xf_vec_push(&S->host_decls, s);
      return;
    }
    break;
  case S_STORE: {
    int64_t i;
    Buffer *b = s->u.store.buf;
    if (!S->regions.n && xf_vec_has(&S->host_allocs, b) && s->u.store.n == 1 && !s->u.store.pred &&
        xf_const_int(s->u.store.idx[0], &i) && i == 0) {
      host_scalar(S, s, b, b->name, s->u.store.value);
      return;
    }
    break;
  }
  case S_EVAL:
    if (s->u.eval.e->kind == E_INT) return;
    if (!S->regions.n && is_call(s->u.eval.e, I_CALL_PACKED)) {
      host_map_encode(S, s);
      return;
    }
    break;
  default: break;
  }
  if (!S->errors) {
    xf_error(S->d, s->loc, "host code %s T.device_entry() is not supported yet (line %u)",
             S->regions.n ? "after" : "before", s->loc.line);
    S->errors++;
  }
}

/* The first extent of each launch tag in s. */
typedef struct Launches {
  Expr *ext[2][3]; /* [grid/block][axis] */
} Launches;

static bool find_launch(IRVisitor *v, Stmt *s) {
  Launches *L = v->ctx;
  if (s->kind != S_LAUNCH) return true;
  const char *t = s->u.launch.tag;
  int dim = strncmp(t, "blockIdx.", 9) == 0 ? 0 : strncmp(t, "threadIdx.", 10) == 0 ? 1 : -1;
  if (dim >= 0) {
    int axis = t[strlen(t) - 1] - 'x';
    if (axis >= 0 && axis < 3 && !L->ext[dim][axis]) L->ext[dim][axis] = s->u.launch.extent;
  }
  return true;
}

typedef struct Smem {
  Split *S;
  Stmt *alloc, *attr;
  int nalloc, nattr;
} Smem;

static bool find_smem(IRVisitor *v, Stmt *s) {
  Smem *c = v->ctx;
  if (s->kind == S_ALLOC && tirx_scope_is(s->u.alloc.buf->scope, MEM_SHARED_DYN)) {
    if (c->nalloc++ == 0) c->alloc = s;
    else {
      xf_error(c->S->d, s->loc, "Only one dynamic shared memory allocation is allowed.");
      c->S->errors++;
    }
  }
  if (xf_is_attr(s, ATTR_DYN_SMEM_BYTES)) {
    if (c->nattr++ == 0) c->attr = s;
    else {
      xf_error(c->S->d, s->loc, "Only one tirx.dyn_smem_bytes declaration is allowed per kernel.");
      c->S->errors++;
    }
  }
  return true;
}

/* Finds a node-0 attr `key` anywhere in s. */
typedef struct FindAttr {
  TirxAttrKey key;
  Stmt *found;
} FindAttr;

static bool find_attr(IRVisitor *v, Stmt *s) {
  FindAttr *c = v->ctx;
  if (!c->found && xf_is_attr(s, c->key)) c->found = s;
  return !c->found;
}

static Stmt *attr_in(Stmt *s, TirxAttrKey key) {
  FindAttr c = {key, NULL};
  IRVisitor v = {&c, NULL, find_attr};
  tirx_visit_stmt(&v, s);
  return c.found;
}

/* ---- plan expressions ---------------------------------------------------------- */

static int sym_of(Split *S, const Var *v) { return xf_vec_index(&S->symvars, v); }

/* Appends e in postfix; false (with an error) if the host cannot compute it. */
static bool plan_expr(Split *S, const Expr *e, TirxPlanExpr *out, const char *what) {
  static const struct {
    ExprKind k;
    TirxExprOpcode op;
  } ops[] = {{E_ADD, TIRX_EXPR_ADD},
             {E_SUB, TIRX_EXPR_SUB},
             {E_MUL, TIRX_EXPR_MUL},
             {E_FLOORDIV, TIRX_EXPR_FLOORDIV},
             {E_FLOORMOD, TIRX_EXPR_FLOORMOD},
             {E_MIN, TIRX_EXPR_MIN},
             {E_MAX, TIRX_EXPR_MAX}};
  char tmp[128];
  switch ((ExprKind)e->kind) {
  case E_INT:
    if (tirx_dtype_is_int(e->dtype))
      return tirx_plan_expr_push(out, TIRX_EXPR_CONST, e->u.i.v) == 0;
    break;
  case E_VAR: {
    int s = sym_of(S, e->u.var);
    if (s >= 0) return tirx_plan_expr_push(out, TIRX_EXPR_SYM, s) == 0;
    xf_error(S->d, e->loc.line ? e->loc : S->f->loc,
             "%s uses '%s', which the host cannot compute from the arguments", what,
             e->u.var->name);
    S->errors++;
    return false;
  }
  case E_CAST:
    if (tirx_dtype_is_int(e->dtype) && tirx_dtype_is_int(e->u.un.a->dtype))
      return plan_expr(S, e->u.un.a, out, what);
    break;
  default:
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
      if (ops[i].k == e->kind)
        return plan_expr(S, e->u.bin.a, out, what) && plan_expr(S, e->u.bin.b, out, what) &&
               tirx_plan_expr_push(out, ops[i].op, 0) == 0;
    break;
  }
  xf_error(S->d, e->loc.line ? e->loc : S->f->loc, "%s '%s' cannot be evaluated on the host", what,
           xf_expr_str(e, tmp, sizeof tmp));
  S->errors++;
  return false;
}

/* Symbols every var of e (which must be a param var or shape var). */
static bool collect_syms(IRVisitor *v, Expr *e) {
  Split *S = v->ctx;
  if (e->kind == E_VAR && e->u.var->kind == VAR_PLAIN && tirx_dtype_is_int(e->u.var->dtype) &&
      !xf_vec_has(&S->symvars, e->u.var))
    xf_vec_push(&S->symvars, e->u.var);
  return true;
}

static void add_syms_of(Split *S, Expr *e) {
  IRVisitor v = {S, collect_syms, NULL};
  tirx_visit_expr(&v, e);
}

/* ---- tensor-map specs ------------------------------------------------------------- */

/* T.tvm_stack_alloca / T.call_packed inside a device region: host-only calls. */
static bool host_call_in_region(IRVisitor *v, Expr *e) {
  Split *S = v->ctx;
  if (is_call(e, I_TVM_STACK_ALLOCA) || is_call(e, I_CALL_PACKED)) {
    xf_error(S->d, e->loc,
             "T.%s runs on the host: it must come before T.device_entry() "
             "(tensor maps are encoded there and passed to the kernel)",
             e->u.call.op->name);
    S->errors++;
  }
  return true;
}

static Stmt *map_encode_of(Split *S, const Var *map) {
  for (int i = 0; i < S->map_encodes.n; i++) {
    Stmt *o = S->map_encodes.items[i];
    if (o->u.eval.e->u.call.args[ENC_MAP]->u.var == map) return o;
  }
  return NULL;
}

static Expr *add_off(Module *m, Expr *a, Expr *b) {
  return !a ? b : !b ? a : tirx_binary(m, E_ADD, a, b, xf_noloc());
}

/* elems * (bytes of one element of b). */
static Expr *elem_bytes(Module *m, Expr *elems, const Buffer *b) {
  int64_t eb = ((int64_t)tirx_dtype_bits(b->dtype) * b->dtype.lanes + 7) / 8;
  return tirx_binary(m, E_MUL, elems, tirx_int(m, elems->dtype, eb, xf_noloc()), xf_noloc());
}

/* b[idx] as an element offset from b's data (strides, else row-major over the shape);
   NULL when b has a layout or the indices are not scalars. */
static Expr *linear_index(Module *m, const Buffer *b, Expr **idx, int n) {
  if (n != b->ndim || n < 1 || (b->layout && b->layout->kind != E_NONE)) return NULL;
  Expr *lin = NULL;
  for (int k = 0; k < n; k++) {
    if (idx[k]->dtype.lanes != 1 || !tirx_dtype_is_int(idx[k]->dtype)) return NULL;
    if (b->nstrides == n)
      lin = add_off(m, lin, tirx_binary(m, E_MUL, idx[k], b->strides[k], xf_noloc()));
    else
      lin = lin ? tirx_binary(m, E_ADD, tirx_binary(m, E_MUL, lin, b->shape[k], xf_noloc()), idx[k],
                              xf_noloc())
                : idx[k];
  }
  return lin;
}

static bool map_base(Split *S, Expr *e, int *param, Expr **off, int depth);

/* The param under buffer b's data pointer (through decl_buffer aliases), and the byte
   offset of that pointer from the param's.  b.data is the pointer its declaration aliased
   (`data=A.data`), as TVM's Buffer.data: b's own elem_offset applies to b's element
   accesses, not to b.data, so it is not added here (an element's address adds it). */
static bool buffer_base(Split *S, Buffer *b, int *param, Expr **off, int depth) {
  int pi = shd_param_of_buf(S->f, b);
  if (pi >= 0) {
    *param = pi;
    *off = NULL;
    return true;
  }
  return depth <= 16 && b->decl_data && map_base(S, b->decl_data, param, off, depth + 1);
}

/* A tensor map's base address: `A.data`, `T.address_of(A[i, j])` / `A.ptr_to([i, j])`
   (also through decl_buffer aliases such as flatten-buffer's A_flat), or a T.handle
   param.  Sets the param and the byte offset from its pointer (NULL = 0). */
static bool map_base(Split *S, Expr *e, int *param, Expr **off, int depth) {
  if (e->kind == E_VAR && e->u.var->kind == VAR_BUFDATA)
    return buffer_base(S, e->u.var->buffer, param, off, depth);
  if (e->kind == E_VAR) {
    int pi = shd_param_of_var(S->f, e->u.var);
    if (pi < 0 || !tirx_dtype_is_handle(e->u.var->dtype)) return false;
    *param = pi;
    *off = NULL;
    return true;
  }
  if (is_call(e, I_ADDRESS_OF) && e->u.call.n == 1 && e->u.call.args[0]->kind == E_LOAD) {
    Expr *ld = e->u.call.args[0];
    Buffer *b = ld->u.load.buf;
    Expr *lin = linear_index(S->m, b, ld->u.load.idx, ld->u.load.n);
    if (!lin || !buffer_base(S, b, param, off, depth)) return false;
    if (b->elem_offset && shd_param_of_buf(S->f, b) < 0)
      lin = tirx_binary(S->m, E_ADD, b->elem_offset, lin, xf_noloc());
    *off = add_off(S->m, *off, elem_bytes(S->m, lin, b));
    return true;
  }
  /* a byte offset on one of those: T.handle_add_byte_offset(kv.data, 528),
     T.ptr_byte_offset(p, n, T.type_annotation(t)), p + n */
  Expr *p = NULL, *n = NULL;
  if ((is_call(e, I_HANDLE_ADD_BYTE_OFFSET) || is_call(e, I_PTR_BYTE_OFFSET)) && e->u.call.n >= 2) {
    p = e->u.call.args[0];
    n = e->u.call.args[1];
  } else if (e->kind == E_ADD && tirx_dtype_is_handle(e->u.bin.a->dtype) &&
             tirx_dtype_is_int(e->u.bin.b->dtype)) {
    p = e->u.bin.a;
    n = e->u.bin.b;
  }
  if (p && depth < 16 && map_base(S, p, param, off, depth + 1)) {
    if (*off && !tirx_dtype_eq((*off)->dtype, n->dtype))
      n = tirx_cast(S->m, (*off)->dtype, n, xf_noloc());
    *off = add_off(S->m, *off, n);
    return true;
  }
  return false;
}

/* e's value when it uses no symbol. */
static bool plan_const(const TirxPlanExpr *e, int64_t *v) {
  for (int i = 0; i < e->nops; i++)
    if (e->ops[i].op == TIRX_EXPR_SYM) return false;
  return e->nops > 0 && tirx_plan_expr_eval(e, NULL, 0, v, NULL) == 0;
}

/* plan_expr, folded to one constant when it uses no symbol. */
static bool map_expr(Split *S, Expr *e, TirxPlanExpr *out, const char *what) {
  int64_t v;
  if (!plan_expr(S, e, out, what)) return false;
  if (plan_const(out, &v)) tirx_plan_expr_set_const(out, v);
  return true;
}

/* Checks what is constant at compile time with the runtime's own rules (§4.2), so
   that a bad box or stride is a located error rather than a failure at every call. */
static void precheck_map(Split *S, const TirxPlanTensorMap *m, const char *tensor, Stmt *enc,
                         Expr *base) {
  TirxrtTensorMapArgs a;
  tirxrt_tensor_map_args_init(&a, m);
  bool konst = true;
  for (int i = 0; i < m->rank && konst; i++)
    konst = plan_const(&m->global_dim[i], &a.global_dim[i]) &&
            plan_const(&m->box_dim[i], &a.box_dim[i]) &&
            plan_const(&m->element_strides[i], &a.element_strides[i]) &&
            (i + 1 >= m->rank || plan_const(&m->global_strides[i], &a.global_strides[i]));
  char *err = NULL;
  if (konst && tirxrt_tensor_map_validate(&a, m->name, tensor, &err) != 0) {
    xf_error(S->d, enc->loc, "%s", err ? err : "invalid tensor map");
    S->errors++;
  }
  free(err);
  int64_t off = 0, align = m->interleave == 2 ? 32 : 16; /* params are 64-byte aligned */
  if (m->byte_offset.nops && plan_const(&m->byte_offset, &off) && off % align != 0) {
    xf_error(S->d, base->loc.line ? base->loc : enc->loc,
             "the base address of tensor map %s is %s's data + %lld bytes, which is not "
             "%d-byte aligned",
             m->name, tensor, (long long)off, (int)align);
    S->errors++;
  }
}

/* Plan spec of tensor map mi from its encode call (host_map_encode checked the shape of
   the call). */
static void build_map(Split *S, int mi) {
  Var *mv = S->maps.items[mi];
  Stmt *enc = map_encode_of(S, mv);
  Expr **a = enc->u.eval.e->u.call.args;
  int n = enc->u.eval.e->u.call.n;
  int errors = S->errors;
  TirxPlanTensorMap m;
  tirx_plan_tensor_map_init(&m);
  m.name = tirx_xstrdup(mv->name); /* tirx_plan_add_tensor_map copies it */
  int64_t rank = 0;
  xf_const_int(a[ENC_RANK], &rank);
  m.rank = (int32_t)rank;
  DType dt = tirx_dtype(DT_VOID);
  if (!tirx_dtype_parse(a[ENC_DTYPE]->u.s.p, a[ENC_DTYPE]->u.s.len, &dt)) {
    xf_error(S->d, a[ENC_DTYPE]->loc.line ? a[ENC_DTYPE]->loc : enc->loc,
             "unknown dtype \"%.*s\" for tensor map %s", (int)a[ENC_DTYPE]->u.s.len,
             a[ENC_DTYPE]->u.s.p, mv->name);
    S->errors++;
  }
  m.dtype = dl_of(dt);
  Expr *off = NULL;
  if (!map_base(S, a[ENC_BASE], &m.param, &off, 0)) {
    xf_error(S->d, a[ENC_BASE]->loc.line ? a[ENC_BASE]->loc : enc->loc,
             "the base address of tensor map %s must be a parameter's data pointer (A.data), "
             "the address of one of its elements (A.ptr_to([i, j]), T.address_of(A[i, j])) "
             "or a T.handle parameter",
             mv->name);
    S->errors++;
  }
  char what[160];
  if (off) {
    snprintf(what, sizeof what, "the base offset of tensor map %s", mv->name);
    map_expr(S, off, &m.byte_offset, what);
  }
  static const char *const lists[] = {"globalDim", "globalStrides", "boxDim", "elementStrides"};
  TirxPlanExpr *slots[] = {m.global_dim, m.global_strides, m.box_dim, m.element_strides};
  int k = ENC_DIMS;
  for (int l = 0; l < 4; l++)
    for (int i = 0; i < (l == 1 ? m.rank - 1 : m.rank); i++) {
      snprintf(what, sizeof what, "%s[%d] of tensor map %s", lists[l], i, mv->name);
      map_expr(S, a[k++], &slots[l][i], what);
    }
  static const char *const enums[] = {"interleave", "swizzle", "l2Promotion", "oobFill",
                                      "force_cu_dtype"};
  int32_t *evals[] = {&m.interleave, &m.swizzle, &m.l2_promotion, &m.oob_fill, &m.force_cu_dtype};
  for (int j = 0; j < 5 && k < n; j++, k++) {
    int64_t v;
    if (!xf_const_int(a[k], &v) || v < INT32_MIN || v > INT32_MAX) {
      xf_error(S->d, a[k]->loc.line ? a[k]->loc : enc->loc,
               "%s of tensor map %s must be an integer constant", enums[j], mv->name);
      S->errors++;
      continue;
    }
    *evals[j] = (int32_t)v;
  }
  if (S->errors == errors) {
    const Param *p = &S->f->params[m.param];
    precheck_map(S, &m, p->buf ? p->buf->name : p->var->name, enc, a[ENC_BASE]);
  }
  /* Only a clean split adds maps: after an error in an earlier map the plan's
   * indices would no longer match (and the split fails anyway). */
  if (S->errors == 0 && tirx_plan_add_tensor_map(S->plan, &m) != mi)
    tirx_oom(); /* the only failure */
  free(m.name);
  tirx_plan_tensor_map_clear(&m);
}

/* ---- SIG ------------------------------------------------------------------------- */

static char *render_sig(Split *S) {
  StrBuf out = {0};
#define PUT(...) strbuf_printf(&out, __VA_ARGS__)
  char dt[32], ex[256];
  PUT("%s(", S->sym_name);
  for (int i = 0; i < S->f->nparams; i++) {
    Param *p = &S->f->params[i];
    if (i) PUT(", ");
    if (p->buf) {
      PUT("%s: Tensor([", p->buf->name);
      for (int k = 0; k < p->buf->ndim; k++)
        PUT("%s%s", k ? ", " : "", xf_expr_str(p->buf->shape[k], ex, sizeof ex));
      PUT("], %s)", tirx_dtype_str(p->buf->dtype, dt));
    } else if (tirx_dtype_is_handle(p->var->dtype)) {
      PUT("%s: handle", p->var->name);
    } else {
      PUT("%s: %s", p->var->name, tirx_dtype_str(p->var->dtype, dt));
    }
  }
  PUT(")");
#undef PUT
  return strbuf_take(&out);
}

static void destroy_plan(void *p) { tirx_plan_destroy(p); }

/* Symbols: int scalar params first (param order), then the vars of the
 * param buffers' shapes (param order, dim order), then any other var the
 * launch expressions mention (which validate will reject as unbound). */
static void assign_symbols(Split *S) {
  PrimFunc *f = S->f;
  XfPtrVec needed = {0};
  /* vars used by launch extents / shapes / dyn smem of every region */
  for (int r = 0; r < S->regions.n; r++) {
    Stmt *region = S->regions.items[r];
    Launches L;
    memset(&L, 0, sizeof L);
    IRVisitor lv = {&L, NULL, find_launch};
    tirx_visit_stmt(&lv, region);
    for (int dim = 0; dim < 2; dim++)
      for (int a = 0; a < 3; a++)
        if (L.ext[dim][a]) {
          Split tmp = *S;
          tmp.symvars = (XfPtrVec){0};
          add_syms_of(&tmp, L.ext[dim][a]);
          for (int i = 0; i < tmp.symvars.n; i++)
            if (!xf_vec_has(&needed, tmp.symvars.items[i]))
              xf_vec_push(&needed, tmp.symvars.items[i]);
          xf_vec_free(&tmp.symvars);
        }
    shd_vars_used(f, region->u.attr.body, &needed);
  }
  /* vars of the tensor-map encodes (dims, strides, base offsets) */
  for (int r = 0; r < S->map_encodes.n; r++) shd_vars_used(f, S->map_encodes.items[r], &needed);
  for (int i = 0; i < f->nparams; i++) {
    Var *v = f->params[i].var;
    if (f->params[i].buf || !tirx_dtype_is_int(v->dtype)) continue;
    if (xf_vec_has(&needed, v) || shd_is_shape_var(f, v)) xf_vec_push(&S->symvars, v);
  }
  for (int i = 0; i < f->nparams; i++) {
    Buffer *b = f->params[i].buf;
    if (!b) continue;
    for (int k = 0; k < b->ndim; k++) add_syms_of(S, b->shape[k]);
  }
  xf_vec_free(&needed);
}

/* Host code before the regions: collects the regions, host decls and
 * tensor maps; reports host code that is not parameter handling, maps never
 * encoded, and host-only calls inside a region. */
void shd_scan_host(Split *S) {
  PrimFunc *f = S->f;
  scan_host(S, f->body);
  for (int i = 0; i < S->maps.n; i++)
    if (!map_encode_of(S, S->maps.items[i]) && !xf_vec_has(&S->map_bad, S->maps.items[i])) {
      Stmt *b = S->map_binds.items[i];
      xf_error(S->d, b->loc,
               "tensor map '%s' is never encoded: call T.call_packed("
               "\"runtime.cuTensorMapEncodeTiled\", %s, ...) before T.device_entry()",
               b->u.bind.var->name, b->u.bind.var->name);
      S->errors++;
    }
  for (int r = 0; r < S->regions.n; r++) {
    IRVisitor hv = {S, host_call_in_region, NULL};
    tirx_visit_stmt(&hv, S->regions.items[r]);
  }
}

/* Creates the plan (owned by the module): symbols, params, SIG and the
 * tensor-map specs; kernels are added by shd_plan_kernel. */
void shd_plan_begin(Split *S) {
  PrimFunc *f = S->f;
  S->plan = tirx_plan_create(S->sym_name);
  if (!S->plan) tirx_oom();
  tirx_module_on_free(S->m, destroy_plan, S->plan);
  assign_symbols(S);
  for (int i = 0; i < S->symvars.n; i++) {
    Var *v = S->symvars.items[i];
    tirx_plan_add_symbol(S->plan, v->name, dl_of(v->dtype));
  }
  /* Params. */
  for (int i = 0; i < f->nparams; i++) {
    Param *p = &f->params[i];
    if (p->buf) {
      Buffer *b = p->buf;
      TirxPlanExpr *shape = tirx_xcalloc((size_t)(b->ndim > 0 ? b->ndim : 1), sizeof *shape);
      for (int k = 0; k < b->ndim; k++) {
        tirx_plan_expr_init(&shape[k]);
        plan_expr(S, b->shape[k], &shape[k], "buffer shape");
      }
      const char *hn = strcmp(p->var->name, b->name) == 0 ? NULL : p->var->name;
      tirx_plan_add_tensor_param(S->plan, b->name, hn, dl_of(b->dtype), b->ndim, shape);
      for (int k = 0; k < b->ndim; k++) tirx_plan_expr_clear(&shape[k]);
      free(shape);
    } else if (tirx_dtype_is_handle(p->var->dtype)) {
      tirx_plan_add_handle_param(S->plan, p->var->name);
    } else {
      tirx_plan_add_scalar_param(S->plan, p->var->name, dl_of(p->var->dtype), sym_of(S, p->var));
    }
  }
  char *sig = render_sig(S);
  if (sig) tirx_plan_set_signature(S->plan, sig);
  free(sig);
  for (int i = 0; i < S->maps.n; i++) build_map(S, i);
}

/* The plan's entry for kernel kidx (named kname, outlined from body, with
 * parameters kp[0..nkp)): its arguments, grid / block / cluster extents,
 * dynamic shared memory and launch flags. */
/* T.nvshmem.* calls mark the kernel; nvshmem.barrier_all waits for every CTA of every PE,
 * so such a kernel is launched collectively (cooperatively: all CTAs co-resident, as
 * nvshmemx_collective_launch does); so is one that calls T.cuda.grid_sync (the grid
 * barrier lives in a cooperative launch's workspace). */
static bool find_nvshmem(IRVisitor *v, Expr *e) {
  uint32_t *fl = v->ctx;
  if (e->kind == E_CALL && (e->u.call.op->flags & INTRIN_NVSHMEM)) {
    *fl |= TIRX_KERNEL_NVSHMEM;
    if (e->u.call.op->id == I_NVSHMEM_BARRIER_ALL) *fl |= TIRX_KERNEL_COOPERATIVE;
  }
  if (e->kind == E_CALL && e->u.call.op->id == I_CUDA_GRID_SYNC) *fl |= TIRX_KERNEL_COOPERATIVE;
  return true;
}

static uint32_t nvshmem_flags(Stmt *body) {
  uint32_t fl = 0;
  IRVisitor v = {&fl, find_nvshmem, NULL};
  tirx_visit_stmt(&v, body);
  return fl;
}

void shd_plan_kernel(Split *S, int kidx, const char *kname, Stmt *body, const KParam *kp, int nkp) {
  Module *m = S->m;
  PrimFunc *f = S->f;
  TirxPlan *plan = S->plan;
  int ki = tirx_plan_add_kernel(plan, kname);
  if (ki != kidx) tirx_oom(); /* the only failure */
  for (int i = 0; i < nkp; i++) {
    int ct = kp[i].var->is_tensormap ? TIRX_CTYPE_TENSORMAP : ctype_of(kp[i].dtype);
    char dt[32];
    if (ct < 0) {
      xf_error(S->d, kp[i].var->loc,
               "kernel parameter '%s' of type %s cannot be passed to a kernel", kp[i].var->name,
               tirx_dtype_str(kp[i].dtype, dt));
      S->errors++;
      continue;
    }
    int idx = kp[i].index;
    if (kp[i].src == TIRX_ARG_SYMBOL) idx = sym_of(S, kp[i].var);
    if (idx < 0 ||
        tirx_plan_kernel_add_arg(plan, ki, (TirxArgSource)kp[i].src, idx, (TirxCType)ct) < 0) {
      xf_error(S->d, kp[i].var->loc, "cannot pass '%s' to the kernel", kp[i].var->name);
      S->errors++;
    }
  }
  Launches L;
  memset(&L, 0, sizeof L);
  IRVisitor lv = {&L, NULL, find_launch};
  tirx_visit_stmt(&lv, body);
  for (int dim = 0; dim < 2; dim++)
    for (int a = 0; a < 3; a++) {
      if (!L.ext[dim][a]) continue;
      TirxPlanExpr pe;
      tirx_plan_expr_init(&pe);
      if (plan_expr(S, L.ext[dim][a], &pe, dim ? "thread extent" : "grid extent"))
        tirx_plan_kernel_set_launch(plan, ki, dim ? TIRX_LAUNCH_BLOCK : TIRX_LAUNCH_GRID, a, &pe);
      tirx_plan_expr_clear(&pe);
    }
  static const struct {
    TirxAttrKey key;
    TirxLaunchDim dim;
  } cl[] = {{ATTR_CLUSTER_DIMS, TIRX_LAUNCH_CLUSTER},
            {ATTR_PREFERRED_CLUSTER_DIMS, TIRX_LAUNCH_PREFERRED_CLUSTER}};
  for (int c = 0; c < 2; c++) {
    Stmt *at = attr_in(body, cl[c].key);
    if (!at || !at->u.attr.value || at->u.attr.value->kind != E_LIST) continue;
    for (int a = 0; a < at->u.attr.value->u.list.n && a < 3; a++) {
      TirxPlanExpr pe;
      tirx_plan_expr_init(&pe);
      if (plan_expr(S, at->u.attr.value->u.list.items[a], &pe, "cluster extent"))
        tirx_plan_kernel_set_launch(plan, ki, cl[c].dim, a, &pe);
      tirx_plan_expr_clear(&pe);
    }
  }
  /* Dynamic shared memory. */
  Smem sm = {S, NULL, NULL, 0, 0};
  IRVisitor sv = {&sm, NULL, find_smem};
  tirx_visit_stmt(&sv, body);
  Expr *bytes = NULL;
  if (sm.attr) {
    if (!sm.attr->u.attr.value || sm.attr->u.attr.value->kind != E_INT) {
      xf_error(S->d, sm.attr->loc, "tirx.dyn_smem_bytes must be an IntImm");
      S->errors++;
    } else {
      bytes = sm.attr->u.attr.value;
    }
  } else if (sm.alloc) {
    Buffer *b = sm.alloc->u.alloc.buf;
    int64_t elems = 1, c;
    bool konst = true;
    Expr *n = NULL;
    for (int i = 0; i < b->ndim; i++) {
      if (xf_const_int(b->shape[i], &c)) elems *= c;
      else konst = false;
      n = n ? tirx_binary(m, E_MUL, n, b->shape[i], xf_noloc()) : b->shape[i];
    }
    int64_t eb = ((int64_t)tirx_dtype_bits(b->dtype) * b->dtype.lanes + 7) / 8;
    if (konst && elems == 0) {
      xf_error(S->d, sm.alloc->loc,
               "the dynamic shared memory allocation '%s' has size 0: annotate the kernel with "
               "tirx.dyn_smem_bytes (SMEMPool.commit() emits it)",
               b->name);
      S->errors++;
    } else if (konst) {
      bytes = tirx_int(m, tirx_dtype(DT_INT64), elems * eb, xf_noloc());
    } else {
      bytes = tirx_binary(m, E_MUL, n, tirx_int(m, n->dtype, eb, xf_noloc()), xf_noloc());
    }
  }
  if (bytes) {
    TirxPlanExpr pe;
    tirx_plan_expr_init(&pe);
    if (plan_expr(S, bytes, &pe, "dynamic shared memory size"))
      tirx_plan_kernel_set_dyn_smem(plan, ki, &pe);
    tirx_plan_expr_clear(&pe);
  }
  /* Flags. */
  uint32_t flags = 0;
  Expr *fa = f->attrs;
  for (int i = 0; fa && fa->kind == E_DICT && i < fa->u.dict.n; i++) {
    Expr *key = fa->u.dict.keys[i], *val = fa->u.dict.vals[i];
    if (key->kind != E_STR || !tirx_attr_is_str(key, ATTR_KERNEL_LAUNCH_PARAMS)) continue;
    if (val->kind != E_LIST && val->kind != E_TUPLE) continue;
    for (int j = 0; j < val->u.list.n; j++) {
      Expr *it = val->u.list.items[j];
      if (it->kind != E_STR) continue;
      if (tirx_attr_is_str(it, ATTR_USE_PDL)) flags |= TIRX_KERNEL_PDL;
      if (tirx_attr_is_str(it, ATTR_USE_COOPERATIVE_LAUNCH)) flags |= TIRX_KERNEL_COOPERATIVE;
    }
  }
  flags |= nvshmem_flags(body);
  if (flags) tirx_plan_kernel_set_flags(plan, ki, flags);
}

/* Validates the finished plan with the runtime's own check. */
void shd_plan_finish(Split *S) {
  PrimFunc *f = S->f;
  if (!S->errors) {
    char *err = NULL;
    if (tirx_plan_validate(S->plan, &err) != 0) {
      xf_error(S->d, f->loc, "invalid launch plan for '%s': %s", f->name, err ? err : "?");
      S->errors++;
    }
    free(err);
  }
}
