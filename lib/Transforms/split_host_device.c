/* split-host-device: device regions -> kernels with explicit parameters,
 * plus the host launch plan (runtime/include/tirx/plan.h).  This file
 * outlines the kernels; host_plan.c builds the plan (split.h).
 *
 * require:   lower-tirx ran (no S_SCOPEID); before T.device_entry() a
 *            function holds only parameter handling: nothing,
 *            `X = T.decl_buffer(..., data=...)` aliases, shared-memory allocations
 *            (carried into the regions that use them), TMA tensor maps
 *            (`m = T.tvm_stack_alloca("tensormap", 1)` and one
 *            `T.call_packed("runtime.cuTensorMapEncodeTiled", m, ...)` each,
 *            runtime_semantics.md §4.1), and host scalars: `m = n * 2` (a mutable
 *            scalar stored once) or a T.let, integer arithmetic over the scalar
 *            parameters and shape variables (TVM computes them on the host and
 *            passes them; here every use in a region is replaced by the value, so
 *            the kernel computes the same integer from what it is passed and the
 *            plan evaluates it in launch extents).  Anything else there is an error
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

#include "Transforms/split.h"

/* ---- free variables of a region -------------------------------------------- */

typedef struct Uses {
  const PrimFunc *f;
  XfPtrVec used;    /* Var* used (E_VAR), first use order */
  XfPtrVec uselocs; /* the E_VAR of the first use (for locations) */
  PtrSet defined;   /* Var* defined inside */
  PtrSet bufs;      /* Buffer* referenced (accessed, declared, or through .data) */
  PtrSet accessed;  /* Buffer* accessed (load, store, region, buffer ref, decl) */
  PtrSet declared;  /* Buffer* allocated / declared inside */
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
  ptrset_add(&u->bufs, b);
  if (!access && is_param_buf(u->f, b)) return;
  if (!ptrset_add(&u->accessed, b)) return;
  for (int i = 0; i < b->ndim; i++) tirx_visit_expr(v, b->shape[i]);
  for (int i = 0; i < b->nstrides; i++) tirx_visit_expr(v, b->strides[i]);
  tirx_visit_expr(v, b->elem_offset);
  tirx_visit_expr(v, b->decl_data);
}

static void define(Uses *u, Var *v) {
  if (v) ptrset_add(&u->defined, v);
}

/* IRChildFns callbacks: their context is the IRVisitor. */
static void uses_var(void *iv, Var *var, Expr *at) {
  IRVisitor *v = iv;
  Uses *u = v->ctx;
  if (var->kind == VAR_BUFDATA) {
    use_buffer(v, var->buffer, false);
  } else if (!xf_vec_has(&u->used, var)) {
    xf_vec_push(&u->used, var);
    xf_vec_push(&u->uselocs, at);
  }
}

static void uses_def(void *iv, Var *var) { define(((IRVisitor *)iv)->ctx, var); }

static void uses_access(void *iv, Buffer *b) { use_buffer(iv, b, true); }

static void uses_decl(void *iv, Buffer *b) {
  IRVisitor *v = iv;
  Uses *u = v->ctx;
  ptrset_add(&u->declared, b);
  use_buffer(v, b, true);
}

static const IRChildFns uses_refs = {NULL, NULL, uses_var, uses_def, uses_access, uses_decl};

static bool uses_expr(IRVisitor *v, Expr *e) {
  tirx_expr_children(e, &uses_refs, v);
  return true;
}

static bool uses_stmt(IRVisitor *v, Stmt *s) {
  tirx_stmt_children(s, &uses_refs, v);
  return true;
}

static void uses_free(Uses *u) {
  xf_vec_free(&u->used);
  xf_vec_free(&u->uselocs);
  ptrset_free(&u->defined);
  ptrset_free(&u->bufs);
  ptrset_free(&u->accessed);
  ptrset_free(&u->declared);
}

void shd_vars_used(const PrimFunc *f, Stmt *s, XfPtrVec *out) {
  Uses u = {0};
  u.f = f;
  IRVisitor v = {&u, uses_expr, uses_stmt};
  tirx_visit_stmt(&v, s);
  for (int i = 0; i < u.used.n; i++)
    if (!xf_vec_has(out, u.used.items[i])) xf_vec_push(out, u.used.items[i]);
  uses_free(&u);
}

int shd_param_of_var(const PrimFunc *f, const Var *v) {
  for (int i = 0; i < f->nparams; i++)
    if (f->params[i].var == v && !f->params[i].buf) return i;
  return -1;
}

int shd_param_of_buf(const PrimFunc *f, const Buffer *b) {
  for (int i = 0; i < f->nparams; i++)
    if (f->params[i].buf == b) return i;
  return -1;
}

/* Is v a var of some param buffer's shape / strides (a symbol)? */
bool shd_is_shape_var(const PrimFunc *f, const Var *v) {
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

/* ---- kernels ---------------------------------------------------------------------- */

static int kparam_cmp(const void *a, const void *b) {
  const KParam *x = a, *y = b;
  bool hx = tirx_dtype_is_handle(x->var->dtype), hy = tirx_dtype_is_handle(y->var->dtype);
  if (hx != hy) return hx ? -1 : 1;
  return strcmp(x->var->name, y->var->name);
}

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
    for (int i = 0; i < u.bufs.vec.n; i++) {
      Buffer *b = u.bufs.vec.items[i];
      if (ptrset_has(&u.declared, b) || is_param_buf(f, b)) continue;
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
  KParam *kp = tirx_xcalloc((size_t)(u.used.n + u.bufs.vec.n + 1), sizeof *kp);
  int nkp = 0;
  XfMap map;
  xf_map_init(&map, m, false);
  XfPtrVec decls = {0}; /* growable: any number of buffer parameters */
  for (int i = 0; i < u.bufs.vec.n; i++) {
    Buffer *b = u.bufs.vec.items[i];
    int pi = shd_param_of_buf(f, b);
    if (pi < 0) {
      bool carried_here = false;
      for (int j = 0; j < carried.n; j++)
        carried_here |= ((Stmt *)carried.items[j])->u.alloc.buf == b;
      if (!ptrset_has(&u.declared, b) && !carried_here) {
        xf_error(S->d, b->loc, "buffer '%s' is used in the device region but not declared there",
                 b->name);
        S->errors++;
      }
      continue;
    }
    Var *ptr = tirx_var_ptr(m, tirx_intern_printf(m, "%s_ptr", b->name), b->dtype,
                            tirx_scope_name(MEM_GLOBAL), b->loc);
    kp[nkp++] = (KParam){ptr, TIRX_ARG_DATA_PTR, pi, ptr->dtype};
    xf_map_var(&map, b->data, tirx_varref(m, ptr, b->loc));
  }
  /* Parameter buffers accessed directly are re-declared over their pointer. */
  for (int i = 0; i < f->nparams; i++) {
    Buffer *b = f->params[i].buf;
    if (!b || !ptrset_has(&u.accessed, b)) continue;
    Expr *ptr = xf_map_lookup_var(&map, b->data);
    Buffer *nb = xf_buffer_copy(&map, b);
    nb->decl_data = ptr;
    nb->scope = tirx_intern0(m, tirx_scope_name(MEM_GLOBAL));
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
    if (ptrset_has(&u.defined, var)) continue;
    int mi = xf_vec_index(&S->maps, var);
    if (mi >= 0) { /* a host-encoded tensor map: a by-value CUtensorMap param */
      kp[nkp++] = (KParam){var, TIRX_ARG_TENSOR_MAP, mi, var->dtype};
      continue;
    }
    int pi = shd_param_of_var(f, var);
    if (pi >= 0) {
      if (tirx_dtype_is_handle(var->dtype))
        kp[nkp++] = (KParam){var, TIRX_ARG_DATA_PTR, pi, var->dtype};
      else kp[nkp++] = (KParam){var, TIRX_ARG_SCALAR_PARAM, pi, var->dtype};
      continue;
    }
    if (shd_is_shape_var(f, var)) {
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
  const char *kname = r == 0 ? tirx_intern_printf(m, "%s_kernel", S->sym_name)
                             : tirx_intern_printf(m, "%s_kernel_%d", S->sym_name, r);
  PrimFunc *k = tirx_func_new(m, kname, region->loc);
  k->is_device_kernel = true;
  /* Recorded as a function attribute too, so the printed kernel re-parses
   * as a device kernel (tirx-llc accepts lowered TIRx). */
  k->attrs = tirx_expr_new(m, E_DICT, tirx_dtype(DT_VOID), region->loc);
  k->attrs->u.dict.n = 1;
  k->attrs->u.dict.keys = TIRX_NEWN(m, Expr *, 1);
  k->attrs->u.dict.vals = TIRX_NEWN(m, Expr *, 1);
  const char *is_kernel = tirx_attr_name(ATTR_IS_DEVICE_KERNEL);
  k->attrs->u.dict.keys[0] = tirx_str(m, is_kernel, strlen(is_kernel), region->loc);
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

  shd_plan_kernel(S, kidx, kname, body, kp, nkp);

  free(kp);
  xf_map_free(&map);
  uses_free(&u);
  k->plan = S->plan;
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

static int split_func(Split *S, PrimFunc *f, XfPtrVec *out) {
  S->f = f;
  S->sym_name = global_symbol(f);
  if (!has_region(f->body)) return 0;
  shd_scan_host(S);
  if (S->errors || S->regions.n == 0) return S->errors ? 1 : 0;
  shd_subst_host_scalars(S);
  shd_plan_begin(S);
  for (int r = 0; r < S->regions.n; r++) xf_vec_push(out, make_kernel(S, r, r));
  shd_plan_finish(S);
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
      xf_vec_free(&S.host_allocs);
      xf_vec_free(&S.host_keys);
      xf_vec_free(&S.host_vals);
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
