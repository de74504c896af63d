/* split-host-device: device regions -> kernels with explicit parameters,
 * plus the host launch plan (runtime/include/tirx/plan.h).
 *
 * require:   lower-tirx ran (no S_SCOPEID); before T.device_entry() a
 *            function holds only parameter handling: nothing, or
 *            `X = T.decl_buffer(..., data=...)` aliases.  Anything else there
 *            is an error "host code before T.device_entry() is not supported
 *            yet (line N)".
 * guarantee: each host PrimFunc with device regions is replaced by one
 *            kernel per region, named `<sym>_kernel`, `<sym>_kernel_1`, ...
 *            (sym = the global_symbol attr, else the function name) with
 *            is_device_kernel = true and explicit params, no Param.buf:
 *              - `<buf>_ptr`, a typed handle (elem dtype, scope global), for
 *                every parameter buffer the region uses (accesses or .data);
 *                raw T.handle params used are passed as they are;
 *              - every free scalar: scalar params and shape vars;
 *              ordered handles first, sorted by name, then scalars sorted by
 *              name (TVM's rule).  A parameter buffer accessed directly is
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
 *            SIG in TVM's form, and per kernel its args (DATA_PTR of param i,
 *            SYMBOL j or SCALAR_PARAM i, with C types), grid/block extents
 *            (first S_LAUNCH per tag), cluster and preferred-cluster dims
 *            (tirx.cluster_dims / tirx.preferred_cluster_dims), dynamic
 *            shared memory (the tirx.dyn_smem_bytes attr, else the single
 *            shared.dyn allocation's extent * element bytes) and launch flags
 *            (PDL / cooperative from the tirx.kernel_launch_params func attr).
 *            Functions without a device region are kept unchanged.
 * errors:    host code before the region; a variable used in the region but
 *            defined on the host; launch expressions the host cannot
 *            evaluate; more than one shared.dyn allocation or
 *            tirx.dyn_smem_bytes; a zero-size shared.dyn without the attr;
 *            a plan the runtime would reject (tirx_plan_validate).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Transforms/xform.h"
#include "tirx/plan.h"

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
  case S_EVAL:
    if (s->u.eval.e->kind == E_INT) return;
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
  Stmt *carried[64];
  int ncarried = 0;
  for (bool grew = true; grew;) {
    grew = false;
    for (int i = 0; i < u.bufs.n && ncarried < 64; i++) {
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
      carried[ncarried++] = d;
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
  Stmt *decls[64];
  int ndecls = 0;
  for (int i = 0; i < u.bufs.n; i++) {
    Buffer *b = u.bufs.items[i];
    int pi = param_index_of_buf(f, b);
    if (pi < 0) {
      bool carried_here = false;
      for (int j = 0; j < ncarried; j++) carried_here |= carried[j]->u.alloc.buf == b;
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
  for (int i = 0; i < f->nparams && ndecls < 64; i++) {
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
    decls[ndecls++] = d;
  }
  for (int i = 0; i < u.used.n; i++) {
    Var *var = u.used.items[i];
    if (xf_vec_has(&u.defined, var)) continue;
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
  Stmt **pre = TIRX_NEWN(m, Stmt *, ndecls + ncarried + 1);
  for (int i = 0; i < ndecls; i++) pre[i] = decls[i];
  for (int i = 0; i < ncarried; i++) pre[ndecls + i] = xf_rewrite_stmt(&map, carried[i]);
  Stmt *kb = xf_rewrite_stmt(&map, body);
  k->body = xf_insert_decls(m, kb, pre, ndecls + ncarried);

  /* Plan: kernel args and launch. */
  TirxPlan *plan = S->plan;
  int ki = tirx_plan_add_kernel(plan, kname);
  if (ki != kidx) abort();
  for (int i = 0; i < nkp; i++) {
    int ct = ctype_of(kp[i].dtype);
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
      xf_vec_free(&S.symvars);
    }
    if (out.n == before) xf_vec_push(&out, f); /* no device region: kept */
  }
  if (!rc) {
    m->funcs = TIRX_NEWN(m, PrimFunc *, out.n > 0 ? out.n : 1);
    memcpy(m->funcs, out.items, sizeof *m->funcs * (size_t)out.n);
    m->nfuncs = out.n;
  }
  xf_vec_free(&out);
  return rc;
}
