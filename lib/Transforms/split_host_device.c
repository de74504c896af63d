/* split-host-device: device regions -> kernels with explicit parameters,
 * plus the host launch plan (runtime/include/tirx/plan.h).
 *
 * require:   lower-tirx ran (no S_SCOPEID); before T.device_entry() a
 *            function holds only parameter handling: nothing,
 *            `X = T.decl_buffer(..., data=...)` aliases, and TMA tensor maps
 *            (`m = T.tvm_stack_alloca("tensormap", 1)` and one
 *            `T.call_packed("runtime.cuTensorMapEncodeTiled", m, ...)` each,
 *            runtime_semantics.md §4.1).  Anything else there is an error
 *            "host code before T.device_entry() is not supported yet (line N)".
 * guarantee: each host PrimFunc with device regions is replaced by one
 *            kernel per region, named `<sym>_kernel`, `<sym>_kernel_1`, ...
 *            (sym = the global_symbol attr, else the function name) with
 *            is_device_kernel = true and explicit params, no Param.buf:
 *              - `<buf>_ptr`, a typed handle (elem dtype, scope global), for
 *                every parameter buffer the region uses (accesses or .data);
 *                raw T.handle params used are passed as they are;
 *              - every free scalar: scalar params and shape vars;
 *              - every host tensor map used: a by-value T.TensorMap() param
 *                (arg source TENSOR_MAP j, C type tmap);
 *              ordered handles (maps included) first, sorted by name, then
 *              scalars sorted by name (TVM's rule).  A parameter buffer accessed directly is
 *              re-declared at the kernel's top, `A = T.decl_buffer((256,),
 *              data=A_ptr)`, after the leading attrs and launches.
 *            The kernel body is the region without its device_entry attr:
 *              [node-0 attrs (launch bounds, tirx.cluster_dims, ...)]
 *              S_LAUNCH blockIdx.* / threadIdx.*   (from lower-tirx)
 *              [param decls] body
 *            Every kernel of one host function points to the same TirxPlan
 *            (f->plan), owned by the module (tirx_module_on_free): params in
 *            host order (tensor: buffer name, dtype, ndim, shape as plan
 *            expressions; scalar; handle), the symbols (int scalar params
 *            and shape vars that shapes, kernel args or launch extents use),
 *            SIG in TVM's form, the tensor-map specs (base param + byte offset,
 *            dtype, rank, dims / strides / box / element strides as plan
 *            expressions, enums), and per kernel its args (DATA_PTR of param i,
 *            SYMBOL j, SCALAR_PARAM i or TENSOR_MAP j, with C types), grid/block extents
 *            (first S_LAUNCH per tag), cluster and preferred-cluster dims
 *            (tirx.cluster_dims / tirx.preferred_cluster_dims), dynamic
 *            shared memory (the tirx.dyn_smem_bytes attr, else the single
 *            shared.dyn allocation's extent * element bytes) and launch flags
 *            (PDL / cooperative from the tirx.kernel_launch_params func attr).
 *            Functions without a device region are kept unchanged.
 * errors:    host code before the region; a variable used in the region but
 *            defined on the host; malformed tensor maps (argument count, rank,
 *            base, enums, encoded never or twice, constant values the runtime
 *            would refuse); T.tvm_stack_alloca / T.call_packed in a region; launch expressions the host cannot
 *            evaluate; more than one shared.dyn allocation or
 *            tirx.dyn_smem_bytes; a zero-size shared.dyn without the attr;
 *            a plan the runtime would reject (tirx_plan_validate).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Transforms/xform.h"
#include "tirx/plan.h"
#include "tirx/runtime.h"

/* ---- free variables of a region -------------------------------------------- */

typedef struct Uses {
  const PrimFunc *f;
  XfPtrVec used;     /* Var* used (E_VAR), first use order */
  XfPtrVec uselocs;  /* the E_VAR of the first use (for locations) */
  XfPtrVec defined;  /* Var* defined inside */
  XfPtrVec bufs;     /* Buffer* referenced (accessed, declared, or through .data) */
  XfPtrVec accessed; /* Buffer* accessed (load, store, region, buffer ref, decl) */
  XfPtrVec declared; /* Buffer* allocated / declared inside */
} Uses;

static bool uses_expr(IRVisitor *v, Expr *e);

static bool is_param_buf(const PrimFunc *f, const Buffer *b) {
  for (int i = 0; f && i < f->nparams; i++)
    if (f->params[i].buf == b) return true;
  return false;
}

/* A buffer's shape, strides, offset and aliased pointer are uses when the
 * buffer is accessed; a parameter reached only through `.data` needs only
 * its pointer. */
static void use_buffer(IRVisitor *v, Buffer *b, bool access) {
  Uses *u = v->ctx;
  if (!b) return;
  if (!xf_vec_has(&u->bufs, b)) xf_vec_push(&u->bufs, b);
  if (!access && is_param_buf(u->f, b)) return;
  if (xf_vec_has(&u->accessed, b)) return;
  xf_vec_push(&u->accessed, b);
  for (int i = 0; i < b->ndim; i++) tirx_visit_expr(v, b->shape[i]);
  for (int i = 0; i < b->nstrides; i++) tirx_visit_expr(v, b->strides[i]);
  tirx_visit_expr(v, b->elem_offset);
  tirx_visit_expr(v, b->decl_data);
}

static void define(Uses *u, Var *v) {
  if (v && !xf_vec_has(&u->defined, v)) xf_vec_push(&u->defined, v);
}

static bool uses_expr(IRVisitor *v, Expr *e) {
  Uses *u = v->ctx;
  switch ((ExprKind)e->kind) {
  case E_VAR:
    if (e->u.var->kind == VAR_BUFDATA) {
      use_buffer(v, e->u.var->buffer, false);
    } else if (!xf_vec_has(&u->used, e->u.var)) {
      xf_vec_push(&u->used, e->u.var);
      xf_vec_push(&u->uselocs, e);
    }
    break;
  case E_LOAD: use_buffer(v, e->u.load.buf, true); break;
  case E_REGION: use_buffer(v, e->u.region.buf, true); break;
  case E_BUFREF: use_buffer(v, e->u.bufref, true); break;
  case E_LET: define(u, e->u.let.var); break;
  default: break;
  }
  return true;
}

static bool uses_stmt(IRVisitor *v, Stmt *s) {
  Uses *u = v->ctx;
  switch ((StmtKind)s->kind) {
  case S_STORE: use_buffer(v, s->u.store.buf, true); break;
  case S_ALLOC: case S_DECL:
    if (!xf_vec_has(&u->declared, s->u.alloc.buf)) xf_vec_push(&u->declared, s->u.alloc.buf);
    use_buffer(v, s->u.alloc.buf, true);
    break;
  case S_BIND: define(u, s->u.bind.var); break;
  case S_FOR: define(u, s->u.for_.var); break;
  case S_LAUNCH: define(u, s->u.launch.var); break;
  case S_SCOPEID:
    for (int i = 0; i < s->u.scopeid.nvars; i++) define(u, s->u.scopeid.vars[i]);
    break;
  default: break;
  }
  return true;
}

static void uses_free(Uses *u) {
  xf_vec_free(&u->used);
  xf_vec_free(&u->uselocs);
  xf_vec_free(&u->defined);
  xf_vec_free(&u->bufs);
  xf_vec_free(&u->accessed);
  xf_vec_free(&u->declared);
}

/* ---- dtype conversions -------------------------------------------------------- */

static DLDataType dl_of(DType t) {
  DLDataType r = {0, (uint8_t)tirx_dtype_bits(t), (uint16_t)t.lanes};
  switch (tirx_dtype_code(t)) {
  case DTC_INT: r.code = kDLInt; break;
  case DTC_UINT: r.code = kDLUInt; break;
  case DTC_FLOAT: r.code = kDLFloat; break;
  case DTC_BFLOAT: r.code = kDLBfloat; break;
  case DTC_BOOL: r.code = TIRX_DL_BOOL; r.bits = 8; break;
  case DTC_HANDLE: r.code = kDLOpaqueHandle; r.bits = 64; break;
  default: break;
  }
  switch ((DTypeId)t.id) {
  case DT_E3M4: r.code = TIRX_DL_FLOAT8_E3M4; break;
  case DT_E4M3: r.code = TIRX_DL_FLOAT8_E4M3; break;
  case DT_E4M3B11FNUZ: r.code = TIRX_DL_FLOAT8_E4M3B11FNUZ; break;
  case DT_E4M3FN: r.code = TIRX_DL_FLOAT8_E4M3FN; break;
  case DT_E4M3FNUZ: r.code = TIRX_DL_FLOAT8_E4M3FNUZ; break;
  case DT_E5M2: r.code = TIRX_DL_FLOAT8_E5M2; break;
  case DT_E5M2FNUZ: r.code = TIRX_DL_FLOAT8_E5M2FNUZ; break;
  case DT_E8M0FNU: r.code = TIRX_DL_FLOAT8_E8M0FNU; break;
  case DT_E2M3FN: r.code = TIRX_DL_FLOAT6_E2M3FN; break;
  case DT_E3M2FN: r.code = TIRX_DL_FLOAT6_E3M2FN; break;
  case DT_E2M1FN: r.code = TIRX_DL_FLOAT4_E2M1FN; break;
  default: break;
  }
  return r;
}

/* -1 when the dtype cannot be a kernel argument. */
static int ctype_of(DType t) {
  if (t.lanes != 1) return -1;
  switch ((DTypeId)t.id) {
  case DT_INT32: return TIRX_CTYPE_I32;
  case DT_INT64: return TIRX_CTYPE_I64;
  case DT_UINT32: return TIRX_CTYPE_U32;
  case DT_FLOAT32: return TIRX_CTYPE_F32;
  case DT_FLOAT64: return TIRX_CTYPE_F64;
  case DT_HANDLE: return TIRX_CTYPE_PTR;
  case DT_FLOAT16: return TIRX_CTYPE_F16;
  case DT_BFLOAT16: return TIRX_CTYPE_BF16;
  case DT_UINT8: return TIRX_CTYPE_U8;
  case DT_BOOL: return TIRX_CTYPE_BOOL;
  case DT_INT8: return TIRX_CTYPE_I8;
  case DT_UINT64: return TIRX_CTYPE_U64;
  case DT_INT16: return TIRX_CTYPE_I16;
  case DT_UINT16: return TIRX_CTYPE_U16;
  default: return -1;
  }
}

/* ---- the split ------------------------------------------------------------------ */

typedef struct Split {
  Module *m;
  TirxDiag *d;
  PrimFunc *f;
  const char *sym_name; /* global symbol */
  XfPtrVec regions;     /* S_ATTR device_entry, program order */
  XfPtrVec host_decls;  /* S_DECL before the first region */
  XfPtrVec maps;        /* Var*: tensor maps bound before the first region; the index is
                           the plan's tensor-map index */
  XfPtrVec map_binds;   /* their S_BIND, parallel to maps */
  XfPtrVec map_encodes; /* S_EVAL of cuTensorMapEncodeTiled calls, program order */
  XfPtrVec map_bad;     /* Var*: maps whose encode call had an error (already reported) */
  int errors;
  /* plan state */
  TirxPlan *plan;
  XfPtrVec symvars; /* Var* -> symbol index = position */
} Split;

static int param_index_of_var(const PrimFunc *f, const Var *v) {
  for (int i = 0; i < f->nparams; i++)
    if (f->params[i].var == v && !f->params[i].buf) return i;
  return -1;
}

static int param_index_of_buf(const PrimFunc *f, const Buffer *b) {
  for (int i = 0; i < f->nparams; i++)
    if (f->params[i].buf == b) return i;
  return -1;
}

/* Is v a var of some param buffer's shape / strides (a symbol)? */
static bool is_shape_var(const PrimFunc *f, const Var *v) {
  for (int i = 0; i < f->nparams; i++) {
    Buffer *b = f->params[i].buf;
    if (!b) continue;
    for (int k = 0; k < b->ndim; k++)
      if (xf_expr_uses_var(b->shape[k], v)) return true;
    for (int k = 0; k < b->nstrides; k++)
      if (xf_expr_uses_var(b->strides[k], v)) return true;
  }
  return false;
}

static bool has_region_cb(IRVisitor *v, Stmt *s) {
  if (xf_is_device_entry(s)) *(bool *)v->ctx = true;
  return !*(bool *)v->ctx;
}

static bool has_region(Stmt *s) {
  bool found = false;
  IRVisitor v = {&found, NULL, has_region_cb};
  tirx_visit_stmt(&v, s);
  return found;
}

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
    xf_error(S->d, v->loc, "only T.tvm_stack_alloca(\"tensormap\", 1) is supported (a host "
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
    xf_error(S->d, e->loc, "T.call_packed(\"%.*s\", ...) is not supported before "
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
    xf_error(S->d, e->loc, "cuTensorMapEncodeTiled expects %d (or %d with force_cu_dtype) "
             "arguments for rank %d, got %d: map, dtype, rank, base address, globalDim[%d], "
             "globalStrides[%d] (bytes), boxDim[%d], elementStrides[%d], interleave, swizzle, "
             "l2Promotion, oobFill", want, want + 1, (int)rank, n - 1, (int)rank, (int)rank - 1,
             (int)rank, (int)rank);
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
  case S_DECL:
    xf_vec_push(&S->host_decls, s);
    return;
  case S_BIND:
    if (!S->regions.n && is_map_bind(s)) {
      host_map_bind(S, s);
      return;
    }
    break;
  case S_EVAL:
    if (s->u.eval.e->kind == E_INT) return;
    if (!S->regions.n && is_call(s->u.eval.e, I_CALL_PACKED)) {
      host_map_encode(S, s);
      return;
    }
    break;
  default:
    break;
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
  if (s->kind == S_ALLOC && strcmp(s->u.alloc.buf->scope, "shared.dyn") == 0) {
    if (c->nalloc++ == 0) c->alloc = s;
    else {
      xf_error(c->S->d, s->loc, "Only one dynamic shared memory allocation is allowed.");
      c->S->errors++;
    }
  }
  if (xf_is_attr(s, "tirx.dyn_smem_bytes")) {
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
  const char *key;
  Stmt *found;
} FindAttr;

static bool find_attr(IRVisitor *v, Stmt *s) {
  FindAttr *c = v->ctx;
  if (!c->found && xf_is_attr(s, c->key)) c->found = s;
  return !c->found;
}

static Stmt *attr_in(Stmt *s, const char *key) {
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
  } ops[] = {{E_ADD, TIRX_EXPR_ADD},           {E_SUB, TIRX_EXPR_SUB},
             {E_MUL, TIRX_EXPR_MUL},           {E_FLOORDIV, TIRX_EXPR_FLOORDIV},
             {E_FLOORMOD, TIRX_EXPR_FLOORMOD}, {E_MIN, TIRX_EXPR_MIN},
             {E_MAX, TIRX_EXPR_MAX}};
  char tmp[128];
  switch ((ExprKind)e->kind) {
  case E_INT:
    if (tirx_dtype_is_int(e->dtype)) return tirx_plan_expr_push(out, TIRX_EXPR_CONST, e->u.i.v) == 0;
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
    xf_error(S->d, e->loc, "T.%s runs on the host: it must come before T.device_entry() "
             "(tensor maps are encoded there and passed to the kernel)", e->u.call.op->name);
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
      lin = lin ? tirx_binary(m, E_ADD, tirx_binary(m, E_MUL, lin, b->shape[k], xf_noloc()),
                              idx[k], xf_noloc())
                : idx[k];
  }
  return lin;
}

static bool map_base(Split *S, Expr *e, int *param, Expr **off, int depth);

/* The param under buffer b's data pointer (through decl_buffer aliases), and the byte
   offset of b's element 0 from it. */
static bool buffer_base(Split *S, Buffer *b, int *param, Expr **off, int depth) {
  int pi = param_index_of_buf(S->f, b);
  if (pi >= 0) {
    *param = pi;
    *off = NULL;
    return true;
  }
  if (depth > 16 || !b->decl_data || !map_base(S, b->decl_data, param, off, depth + 1))
    return false;
  if (b->elem_offset) *off = add_off(S->m, *off, elem_bytes(S->m, b->elem_offset, b));
  return true;
}

/* A tensor map's base address: `A.data`, `T.address_of(A[i, j])` / `A.ptr_to([i, j])`
   (also through decl_buffer aliases such as flatten-buffer's A_flat), or a T.handle
   param.  Sets the param and the byte offset from its pointer (NULL = 0). */
static bool map_base(Split *S, Expr *e, int *param, Expr **off, int depth) {
  if (e->kind == E_VAR && e->u.var->kind == VAR_BUFDATA)
    return buffer_base(S, e->u.var->buffer, param, off, depth);
  if (e->kind == E_VAR) {
    int pi = param_index_of_var(S->f, e->u.var);
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
    *off = add_off(S->m, *off, elem_bytes(S->m, lin, b));
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
             "%d-byte aligned", m->name, tensor, (long long)off, (int)align);
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
  m.name = (char *)mv->name; /* copied by tirx_plan_add_tensor_map */
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
             "or a T.handle parameter", mv->name);
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
  int32_t *evals[] = {&m.interleave, &m.swizzle, &m.l2_promotion, &m.oob_fill,
                      &m.force_cu_dtype};
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
  if (S->errors == 0 && tirx_plan_add_tensor_map(S->plan, &m) != mi) abort();
  tirx_plan_tensor_map_clear(&m);
}

/* ---- SIG ------------------------------------------------------------------------- */

static char *render_sig(Split *S) {
  size_t cap = 256, len = 0;
  char *out = malloc(cap);
  if (!out) return NULL;
  out[0] = '\0';
#define PUT(...)                                                              \
  do {                                                                        \
    char b_[512];                                                             \
    int n_ = snprintf(b_, sizeof b_, __VA_ARGS__);                            \
    if (n_ < 0) n_ = 0;                                                       \
    if ((size_t)n_ >= sizeof b_) n_ = (int)sizeof b_ - 1;                     \
    if (len + (size_t)n_ + 1 > cap) {                                         \
      while (len + (size_t)n_ + 1 > cap) cap *= 2;                            \
      char *r_ = realloc(out, cap);                                           \
      if (!r_) { free(out); return NULL; }                                    \
      out = r_;                                                               \
    }                                                                         \
    memcpy(out + len, b_, (size_t)n_ + 1);                                    \
    len += (size_t)n_;                                                        \
  } while (0)
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
  return out;
}

/* ---- kernels ---------------------------------------------------------------------- */

typedef struct KParam {
  Var *var;
  int src;    /* TirxArgSource */
  int index;  /* param / symbol index */
  DType dtype;
} KParam;

static int kparam_cmp(const void *a, const void *b) {
  const KParam *x = a, *y = b;
  bool hx = tirx_dtype_is_handle(x->var->dtype), hy = tirx_dtype_is_handle(y->var->dtype);
  if (hx != hy) return hx ? -1 : 1;
  return strcmp(x->var->name, y->var->name);
}

static void destroy_plan(void *p) { tirx_plan_destroy(p); }

static PrimFunc *make_kernel(Split *S, int r, int kidx) {
  Module *m = S->m;
  PrimFunc *f = S->f;
  Stmt *region = S->regions.items[r];
  Stmt *body = region->u.attr.body;

  /* Host decls and T.Buffer aliases the region uses come along (to a
   * fixed point: an alias may be declared over another). */
  Uses u = {0};
  u.f = f;
  IRVisitor v = {&u, uses_expr, uses_stmt};
  tirx_visit_stmt(&v, body);
  XfPtrVec carried = {0}; /* growable: a kernel may carry any number of host decls */
  for (bool grew = true; grew;) {
    grew = false;
    for (int i = 0; i < u.bufs.n; i++) {
      Buffer *b = u.bufs.items[i];
      if (xf_vec_has(&u.declared, b) || is_param_buf(f, b)) continue;
      Stmt *d = NULL;
      for (int j = 0; j < S->host_decls.n && !d; j++) {
        Stmt *h = S->host_decls.items[j];
        if (h->u.alloc.buf == b) d = h;
      }
      if (!d && b->declared_by_T_Buffer) {
        d = tirx_stmt_new(m, S_DECL, b->loc);
        d->u.alloc.buf = b;
      }
      if (!d) continue;
      xf_vec_push(&carried, d);
      tirx_visit_stmt(&v, d);
      grew = true;
    }
  }

  /* Parameters. */
  KParam *kp = calloc((size_t)(u.used.n + u.bufs.n + 1), sizeof *kp);
  if (!kp) abort();
  int nkp = 0;
  XfMap map;
  xf_map_init(&map, m, false);
  XfPtrVec decls = {0}; /* growable: any number of buffer parameters */
  for (int i = 0; i < u.bufs.n; i++) {
    Buffer *b = u.bufs.items[i];
    int pi = param_index_of_buf(f, b);
    if (pi < 0) {
      bool carried_here = false;
      for (int j = 0; j < carried.n; j++) carried_here |= ((Stmt *)carried.items[j])->u.alloc.buf == b;
      if (!xf_vec_has(&u.declared, b) && !carried_here) {
        xf_error(S->d, b->loc, "buffer '%s' is used in the device region but not declared there",
                 b->name);
        S->errors++;
      }
      continue;
    }
    char name[256];
    snprintf(name, sizeof name, "%s_ptr", b->name);
    Var *ptr = tirx_var_ptr(m, name, b->dtype, "global", b->loc);
    kp[nkp++] = (KParam){ptr, TIRX_ARG_DATA_PTR, pi, ptr->dtype};
    xf_map_var(&map, b->data, tirx_varref(m, ptr, b->loc));
  }
  /* Parameter buffers accessed directly are re-declared over their pointer. */
  for (int i = 0; i < f->nparams; i++) {
    Buffer *b = f->params[i].buf;
    if (!b || !xf_vec_has(&u.accessed, b)) continue;
    Expr *ptr = xf_map_lookup_var(&map, b->data);
    Buffer *nb = xf_buffer_copy(&map, b);
    nb->decl_data = ptr;
    nb->scope = tirx_intern0(m, "global");
    xf_map_buf(&map, b, nb);
    /* `A.data` in the body stays `A.data` (of the re-declared A, which
     * aliases A_ptr), so names derived from it (print_buffer) stay `A`. */
    xf_map_var(&map, b->data, tirx_varref(m, nb->data, b->loc));
    Stmt *d = tirx_stmt_new(m, S_DECL, b->loc);
    d->u.alloc.buf = nb;
    xf_vec_push(&decls, d);
  }
  for (int i = 0; i < u.used.n; i++) {
    Var *var = u.used.items[i];
    if (xf_vec_has(&u.defined, var)) continue;
    int mi = xf_vec_index(&S->maps, var);
    if (mi >= 0) { /* a host-encoded tensor map: a by-value CUtensorMap param */
      kp[nkp++] = (KParam){var, TIRX_ARG_TENSOR_MAP, mi, var->dtype};
      continue;
    }
    int pi = param_index_of_var(f, var);
    if (pi >= 0) {
      if (tirx_dtype_is_handle(var->dtype))
        kp[nkp++] = (KParam){var, TIRX_ARG_DATA_PTR, pi, var->dtype};
      else
        kp[nkp++] = (KParam){var, TIRX_ARG_SCALAR_PARAM, pi, var->dtype};
      continue;
    }
    if (is_shape_var(f, var)) {
      kp[nkp++] = (KParam){var, TIRX_ARG_SYMBOL, -1, var->dtype};
      continue;
    }
    Expr *use = u.uselocs.items[i];
    xf_error(S->d, use->loc.line ? use->loc : region->loc,
             "'%s' is used in the device region but defined outside it (only parameters and "
             "shape variables can cross into a kernel)",
             var->name);
    S->errors++;
  }
  qsort(kp, (size_t)nkp, sizeof *kp, kparam_cmp);

  /* The kernel. */
  char kname[512];
  if (r == 0) snprintf(kname, sizeof kname, "%s_kernel", S->sym_name);
  else snprintf(kname, sizeof kname, "%s_kernel_%d", S->sym_name, r);
  PrimFunc *k = tirx_func_new(m, kname, region->loc);
  k->is_device_kernel = true;
  /* Recorded as a function attribute too, so the printed kernel re-parses
   * as a device kernel (tirx-llc accepts lowered TIRx). */
  k->attrs = tirx_expr_new(m, E_DICT, tirx_dtype(DT_VOID), region->loc);
  k->attrs->u.dict.n = 1;
  k->attrs->u.dict.keys = TIRX_NEWN(m, Expr *, 1);
  k->attrs->u.dict.vals = TIRX_NEWN(m, Expr *, 1);
  k->attrs->u.dict.keys[0] = tirx_str(m, "tirx.is_device_kernel", 21, region->loc);
  k->attrs->u.dict.vals[0] = tirx_int(m, tirx_dtype(DT_BOOL), 1, region->loc);
  k->attrs->u.dict.vals[0]->u.i.pod = true;
  k->nparams = nkp;
  k->params = TIRX_NEWN(m, Param, nkp > 0 ? nkp : 1);
  for (int i = 0; i < nkp; i++) k->params[i].var = kp[i].var;
  int ndecls = decls.n, ncarried = carried.n;
  Stmt **pre = TIRX_NEWN(m, Stmt *, ndecls + ncarried + 1);
  for (int i = 0; i < ndecls; i++) pre[i] = decls.items[i];
  for (int i = 0; i < ncarried; i++) pre[ndecls + i] = xf_rewrite_stmt(&map, carried.items[i]);
  xf_vec_free(&decls);
  xf_vec_free(&carried);
  Stmt *kb = xf_rewrite_stmt(&map, body);
  k->body = xf_insert_decls(m, kb, pre, ndecls + ncarried);

  /* Plan: kernel args and launch. */
  TirxPlan *plan = S->plan;
  int ki = tirx_plan_add_kernel(plan, kname);
  if (ki != kidx) abort();
  for (int i = 0; i < nkp; i++) {
    int ct = kp[i].var->is_tensormap ? TIRX_CTYPE_TENSORMAP : ctype_of(kp[i].dtype);
    char dt[32];
    if (ct < 0) {
      xf_error(S->d, kp[i].var->loc, "kernel parameter '%s' of type %s cannot be passed to a kernel",
               kp[i].var->name, tirx_dtype_str(kp[i].dtype, dt));
      S->errors++;
      continue;
    }
    int idx = kp[i].index;
    if (kp[i].src == TIRX_ARG_SYMBOL) idx = sym_of(S, kp[i].var);
    if (idx < 0 || tirx_plan_kernel_add_arg(plan, ki, (TirxArgSource)kp[i].src, idx, (TirxCType)ct) < 0) {
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
    const char *key;
    TirxLaunchDim dim;
  } cl[] = {{"tirx.cluster_dims", TIRX_LAUNCH_CLUSTER},
            {"tirx.preferred_cluster_dims", TIRX_LAUNCH_PREFERRED_CLUSTER}};
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
    if (key->kind != E_STR || strcmp(key->u.s.p, "tirx.kernel_launch_params") != 0) continue;
    if (val->kind != E_LIST && val->kind != E_TUPLE) continue;
    for (int j = 0; j < val->u.list.n; j++) {
      Expr *it = val->u.list.items[j];
      if (it->kind != E_STR) continue;
      if (strcmp(it->u.s.p, "tirx.use_programtic_dependent_launch") == 0) flags |= TIRX_KERNEL_PDL;
      if (strcmp(it->u.s.p, "tirx.use_cooperative_launch") == 0) flags |= TIRX_KERNEL_COOPERATIVE;
    }
  }
  if (flags) tirx_plan_kernel_set_flags(plan, ki, flags);

  free(kp);
  xf_map_free(&map);
  uses_free(&u);
  k->plan = plan;
  return k;
}

static const char *global_symbol(PrimFunc *f) {
  Expr *a = f->attrs;
  for (int i = 0; a && a->kind == E_DICT && i < a->u.dict.n; i++) {
    Expr *k = a->u.dict.keys[i], *v = a->u.dict.vals[i];
    if (k->kind == E_STR && strcmp(k->u.s.p, "global_symbol") == 0 && v->kind == E_STR)
      return v->u.s.p;
  }
  return f->name;
}

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
            if (!xf_vec_has(&needed, tmp.symvars.items[i])) xf_vec_push(&needed, tmp.symvars.items[i]);
          xf_vec_free(&tmp.symvars);
        }
    Uses u = {0};
    u.f = f;
    IRVisitor v = {&u, uses_expr, uses_stmt};
    tirx_visit_stmt(&v, region->u.attr.body);
    for (int i = 0; i < u.used.n; i++)
      if (!xf_vec_has(&needed, u.used.items[i])) xf_vec_push(&needed, u.used.items[i]);
    uses_free(&u);
  }
  /* vars of the tensor-map encodes (dims, strides, base offsets) */
  for (int r = 0; r < S->map_encodes.n; r++) {
    Uses u = {0};
    u.f = f;
    IRVisitor v = {&u, uses_expr, uses_stmt};
    tirx_visit_stmt(&v, S->map_encodes.items[r]);
    for (int i = 0; i < u.used.n; i++)
      if (!xf_vec_has(&needed, u.used.items[i])) xf_vec_push(&needed, u.used.items[i]);
    uses_free(&u);
  }
  for (int i = 0; i < f->nparams; i++) {
    Var *v = f->params[i].var;
    if (f->params[i].buf || !tirx_dtype_is_int(v->dtype)) continue;
    if (xf_vec_has(&needed, v) || is_shape_var(f, v)) xf_vec_push(&S->symvars, v);
  }
  for (int i = 0; i < f->nparams; i++) {
    Buffer *b = f->params[i].buf;
    if (!b) continue;
    for (int k = 0; k < b->ndim; k++) add_syms_of(S, b->shape[k]);
  }
  xf_vec_free(&needed);
}

static int split_func(Split *S, PrimFunc *f, XfPtrVec *out) {
  S->f = f;
  S->sym_name = global_symbol(f);
  if (!has_region(f->body)) return 0;
  scan_host(S, f->body);
  for (int i = 0; i < S->maps.n; i++)
    if (!map_encode_of(S, S->maps.items[i]) && !xf_vec_has(&S->map_bad, S->maps.items[i])) {
      Stmt *b = S->map_binds.items[i];
      xf_error(S->d, b->loc, "tensor map '%s' is never encoded: call T.call_packed("
               "\"runtime.cuTensorMapEncodeTiled\", %s, ...) before T.device_entry()",
               b->u.bind.var->name, b->u.bind.var->name);
      S->errors++;
    }
  for (int r = 0; r < S->regions.n; r++) {
    IRVisitor hv = {S, host_call_in_region, NULL};
    tirx_visit_stmt(&hv, S->regions.items[r]);
  }
  if (S->errors || S->regions.n == 0) return S->errors ? 1 : 0;
  S->plan = tirx_plan_create(S->sym_name);
  if (!S->plan) abort();
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
      TirxPlanExpr *shape = calloc((size_t)(b->ndim > 0 ? b->ndim : 1), sizeof *shape);
      if (!shape) abort();
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
  for (int r = 0; r < S->regions.n; r++) xf_vec_push(out, make_kernel(S, r, r));
  if (!S->errors) {
    char *err = NULL;
    if (tirx_plan_validate(S->plan, &err) != 0) {
      xf_error(S->d, f->loc, "invalid launch plan for '%s': %s", f->name, err ? err : "?");
      S->errors++;
    }
    free(err);
  }
  return S->errors ? 1 : 0;
}

int xf_split_host_device(Module *m, TirxDiag *d) {
  XfPtrVec out = {0};
  int rc = 0;
  for (int i = 0; i < m->nfuncs; i++) {
    PrimFunc *f = m->funcs[i];
    int before = out.n;
    if (!f->is_device_kernel && f->body) {
      Split S;
      memset(&S, 0, sizeof S);
      S.m = m;
      S.d = d;
      if (split_func(&S, f, &out)) rc = 1;
      xf_vec_free(&S.regions);
      xf_vec_free(&S.host_decls);
      xf_vec_free(&S.maps);
      xf_vec_free(&S.map_binds);
      xf_vec_free(&S.map_encodes);
      xf_vec_free(&S.map_bad);
      xf_vec_free(&S.symvars);
    }
    if (out.n == before) xf_vec_push(&out, f); /* no device region: kept */
  }
  if (!rc) {
    m->funcs = TIRX_NEWN(m, PrimFunc *, out.n > 0 ? out.n : 1);
    m->capfuncs = out.n > 0 ? out.n : 1;
    memcpy(m->funcs, out.items, sizeof *m->funcs * (size_t)out.n);
    m->nfuncs = out.n;
  }
  xf_vec_free(&out);
  return rc;
}
