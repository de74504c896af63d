/* bind.c — the host launcher's logic as pure functions over a plan: argument checks
 * and symbol binding (runtime_semantics.md §1.2, §1.3, §2), launch-extent evaluation
 * (§3.2) and kernel-argument marshalling.  No driver calls, so all of it is tested on
 * machines without a GPU.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bind.h"
#include "internal.h"
#include "tirx/runtime.h"

/* ---- Messages ------------------------------------------------------------------------ */

/* "<kind>: <headline> when calling:\n  `SIG`[,\n  expected <expected>]"; returns -1. */
static int fail(char **err, const char *kind, const char *sig, const char *expected,
                const char *fmt, ...) RT_PRINTF(5, 6);
static int fail(char **err, const char *kind, const char *sig, const char *expected,
                const char *fmt, ...) {
  if (!err) return -1;
  RtStrBuf sb;
  rt_sb_init(&sb);
  rt_sb_printf(&sb, "%s: ", kind);
  va_list ap;
  va_start(ap, fmt);
  rt_sb_vprintf(&sb, fmt, ap);
  va_end(ap);
  rt_sb_printf(&sb, " when calling:\n  `%s`", sig);
  if (expected) rt_sb_printf(&sb, ",\n  expected %s", expected);
  *err = rt_sb_finish(&sb);
  return -1;
}

/* ---- Scalars ------------------------------------------------------------------------- */

/* Cast v to an integer dtype's width (truncating, as TVM does). */
int64_t rt_cast_int(int64_t v, DLDataType t) {
  if (t.code == TIRX_DL_BOOL || t.bits == 1) return v != 0;
  uint64_t u = (uint64_t)v;
  if (t.code == kDLUInt) {
    if (t.bits >= 64) return v;
    return (int64_t)(u & ((UINT64_C(1) << t.bits) - 1));
  }
  switch (t.bits) {
  case 8: return (int8_t)(uint8_t)u;
  case 16: return (int16_t)(uint16_t)u;
  case 32: return (int32_t)(uint32_t)u;
  default: return v;
  }
}

static int is_float_dtype(DLDataType t) { return t.code == kDLFloat || t.code == kDLBfloat; }
static int is_bool_dtype(DLDataType t) {
  return t.code == TIRX_DL_BOOL || (t.code == kDLUInt && t.bits == 1);
}

/* Accepted arg kinds per param (§1.2) and the "expected" word. */
static int kind_accepted(const TirxPlanParam *pp, int32_t kind, const char **expected) {
  if (pp->kind == TIRX_PARAM_TENSOR) {
    *expected = "Tensor"; /* strict: only real tensors (or None, caught next) */
    return kind == TIRXRT_ARG_TENSOR || kind == TIRXRT_ARG_NONE;
  }
  if (pp->kind == TIRX_PARAM_HANDLE) {
    *expected = "pointer";
    return kind == TIRXRT_ARG_PTR || kind == TIRXRT_ARG_TENSOR || kind == TIRXRT_ARG_NONE;
  }
  if (is_bool_dtype(pp->dtype)) {
    *expected = "boolean";
    return kind == TIRXRT_ARG_BOOL || kind == TIRXRT_ARG_INT;
  }
  if (is_float_dtype(pp->dtype)) {
    *expected = "float";
    return kind == TIRXRT_ARG_FLOAT || kind == TIRXRT_ARG_INT || kind == TIRXRT_ARG_BOOL;
  }
  *expected = "int";
  return kind == TIRXRT_ARG_INT || kind == TIRXRT_ARG_BOOL;
}

RtScalar rt_scalar_of_arg(const TirxPlanParam *pp, const TirxrtArg *a) {
  RtScalar s = {0, 0, 0.0};
  if (is_float_dtype(pp->dtype)) {
    s.is_float = 1;
    s.f = a->kind == TIRXRT_ARG_FLOAT ? a->v.f : (double)a->v.i;
    if (pp->dtype.bits == 32 && pp->dtype.code == kDLFloat) s.f = (float)s.f;
  } else {
    s.i = rt_cast_int(a->v.i, pp->dtype);
  }
  return s;
}

/* ---- Argument checks and binding ------------------------------------------------------ */

/* Legacy sub-byte buffers whose dtype and shape TVM does not check (§1.2). */
static int unchecked_subbyte(DLDataType t) {
  return (t.code == kDLInt && (t.bits == 1 || t.bits == 4)) || (t.code == kDLUInt && t.bits == 4);
}

static int32_t bare_sym(const TirxPlanExpr *e) {
  return (e->nops == 1 && e->ops[0].op == TIRX_EXPR_SYM) ? (int32_t)e->ops[0].imm : -1;
}

static int dtype_eq(DLDataType a, DLDataType b) {
  return a.code == b.code && a.bits == b.bits && a.lanes == b.lanes;
}

/* Where each symbol was defined: param index and dim (-1 for a scalar param). */
typedef struct SymDef {
  int32_t param, dim;
} SymDef;

/* Each symbol's defining path ("A.shape[0]", or a scalar's name), for "expected to
   match <path>" and for expressions rendered in "Invalid" messages.  Built only when a
   message needs it; NULL when out of memory.  Free with free_paths. */
static char **def_paths(const TirxPlan *plan, const SymDef *def) {
  char **paths = calloc((size_t)plan->nsyms + 1, sizeof(*paths));
  for (int32_t s = 0; paths && s < plan->nsyms; s++) {
    RtStrBuf sb;
    rt_sb_init(&sb);
    if (def[s].param < 0)
      rt_sb_append(&sb, plan->syms[s].name); /* unbound: validate() forbids using it */
    else if (def[s].dim < 0) rt_sb_append(&sb, plan->params[def[s].param].name);
    else rt_sb_printf(&sb, "%s.shape[%d]", plan->params[def[s].param].name, (int)def[s].dim);
    if (!(paths[s] = rt_sb_finish(&sb))) paths[s] = rt_strdup("?");
  }
  return paths;
}

static void free_paths(char **paths, int32_t n) {
  for (int32_t s = 0; paths && s < n; s++) free(paths[s]);
  free(paths);
}

TirxStatus tirxrt_check_args(const TirxPlan *plan, const char *sig_in, const TirxrtArg *args,
                             int nargs, int64_t *syms, int32_t *device_id, char **err) {
  char *sig_owned = NULL;
  const char *sig = sig_in;
  if (!sig) {
    sig = sig_owned = tirx_plan_render_signature(plan);
    if (!sig) return rt_errorf(err, "InternalError: out of memory");
  }
  int rc = 0;
  const int32_t n = plan->nparams;
  enum { SMALL = 16 };
  SymDef small_def[SMALL];
  SymDef *def = plan->nsyms <= SMALL ? small_def : malloc(sizeof(*def) * (size_t)plan->nsyms);
  char **paths = NULL;
  char dt[32], buf[64];
  int32_t first_tensor = -1;
  *device_id = -1;
  if (!def) {
    rc = rt_errorf(err, "InternalError: out of memory");
    goto done;
  }
  for (int32_t s = 0; s < plan->nsyms; s++) {
    def[s].param = -1;
    syms[s] = 0;
  }

  /* 1-2: count and args pointer. */
  if (nargs != n) {
    rc = fail(err, "TypeError", sig, NULL, "Expected %d arguments", (int)n);
    goto done;
  }
  if (n > 0 && !args) {
    rc = fail(err, "TypeError", sig, NULL, "args pointer is NULL");
    goto done;
  }
  /* 3: type index of every param; scalars decoded and bound right away. */
  for (int32_t i = 0; i < n; i++) {
    const TirxPlanParam *pp = &plan->params[i];
    const char *expected;
    if (!kind_accepted(pp, args[i].kind, &expected)) {
      rc = fail(err, "TypeError", sig, expected, "Mismatched type on argument #%d", (int)i);
      goto done;
    }
    if (pp->kind == TIRX_PARAM_SCALAR && pp->sym >= 0) {
      RtScalar v = rt_scalar_of_arg(pp, &args[i]);
      syms[pp->sym] = rt_cast_int(v.i, plan->syms[pp->sym].dtype);
      def[pp->sym].param = i;
      def[pp->sym].dim = -1;
    }
  }
  /* 4-8: tensor by tensor: non-null, ndim, dtype, first definitions, device_type,
     device_id. */
  for (int32_t i = 0; i < n; i++) {
    const TirxPlanParam *pp = &plan->params[i];
    if (pp->kind != TIRX_PARAM_TENSOR) continue;
    const DLTensor *t = args[i].kind == TIRXRT_ARG_TENSOR ? args[i].v.tensor : NULL;
    if (!t) {
      rc = fail(err, "TypeError", sig, "Tensor", "Mismatched type on argument #%d", (int)i);
      goto done;
    }
    if (t->ndim != pp->ndim) {
      snprintf(buf, sizeof buf, "%d", (int)pp->ndim);
      rc =
          fail(err, "ValueError", sig, buf, "Mismatched %s.ndim on argument #%d", pp->name, (int)i);
      goto done;
    }
    if (t->ndim > 0 && !t->shape) {
      rc = fail(err, "ValueError", sig, "a shape array", "%s.shape is NULL on argument #%d",
                pp->name, (int)i);
      goto done;
    }
    int checked = !unchecked_subbyte(pp->dtype);
    if (checked && !dtype_eq(t->dtype, pp->dtype)) {
      rc = fail(err, "TypeError", sig, tirx_dl_dtype_str(pp->dtype, dt),
                "Mismatched %s.dtype on argument #%d", pp->name, (int)i);
      goto done;
    }
    for (int32_t k = 0; k < pp->ndim; k++) {
      int32_t s = bare_sym(&pp->shape[k]);
      if (t->shape[k] < 0) {
        rc = fail(err, "ValueError", sig, "a non-negative extent",
                  "Negative %s.shape[%d] (%" PRId64 ") on argument #%d", pp->name, (int)k,
                  t->shape[k], (int)i);
        goto done;
      }
      if (s >= 0 && def[s].param < 0) {
        if (rt_cast_int(t->shape[k], plan->syms[s].dtype) != t->shape[k]) {
          char sdt[32];
          rc = fail(err, "ValueError", sig, tirx_dl_dtype_str(plan->syms[s].dtype, sdt),
                    "%s.shape[%d] = %" PRId64 " does not fit the shape variable's type on "
                    "argument #%d",
                    pp->name, (int)k, t->shape[k], (int)i);
          goto done;
        }
        syms[s] = rt_cast_int(t->shape[k], plan->syms[s].dtype);
        def[s].param = i;
        def[s].dim = k;
      }
    }
    if (t->device.device_type != kDLCUDA) {
      rc = fail(err, "ValueError", sig, "cuda", "Mismatched %s.device_type on argument #%d",
                pp->name, (int)i);
      goto done;
    }
    if (first_tensor < 0) {
      first_tensor = i;
      *device_id = t->device.device_id;
    }
  }
  /* Deferred checks (§1.3), tensor by tensor. */
  for (int32_t i = 0; i < n; i++) {
    const TirxPlanParam *pp = &plan->params[i];
    if (pp->kind != TIRX_PARAM_TENSOR) continue;
    const DLTensor *t = args[i].v.tensor;
    int checked = !unchecked_subbyte(pp->dtype);
    /* (a) later occurrences of a bound symbol */
    for (int32_t k = 0; checked && k < pp->ndim; k++) {
      int32_t s = bare_sym(&pp->shape[k]);
      if (s < 0 || (def[s].param == i && def[s].dim == k)) continue;
      if (rt_cast_int(t->shape[k], plan->syms[s].dtype) != syms[s]) {
        paths = def_paths(plan, def);
        RtStrBuf ex;
        rt_sb_init(&ex);
        rt_sb_printf(&ex, "to match %s", paths ? paths[s] : "?");
        char *exs = rt_sb_finish(&ex);
        rc = fail(err, "ValueError", sig, exs ? exs : "?",
                  "Mismatched %s.shape[%d] on argument #%d", pp->name, (int)k, (int)i);
        free(exs);
        goto done;
      }
    }
    /* Declared extents, now that every symbol is bound (actual extent if the declared
       one cannot be evaluated; the Invalid check below then reports it). */
    int64_t numel = 1, expect_stride = 1;
    int compact = 1;
    for (int32_t k = pp->ndim - 1; k >= 0; k--) {
      int64_t d;
      if (tirx_plan_expr_eval(&pp->shape[k], syms, plan->nsyms, &d, NULL) != 0) d = t->shape[k];
      if (d < 0 || __builtin_mul_overflow(numel, d, &numel)) {
        rc = fail(err, "ValueError", sig, "a size that fits 64 bits",
                  "The element count of %s overflows on argument #%d", pp->name, (int)i);
        goto done;
      }
      if (t->strides && d != 1 && t->strides[k] != expect_stride) compact = 0;
      if (__builtin_mul_overflow(expect_stride, d, &expect_stride)) compact = 0;
    }
    /* (b) compact strides */
    if (!compact) {
      rc = fail(err, "ValueError", sig, "to be compact array",
                "Mismatched %s.strides on argument #%d", pp->name, (int)i);
      goto done;
    }
    /* (c) device_id consistency */
    if (i != first_tensor && t->device.device_id != *device_id) {
      RtStrBuf ex;
      rt_sb_init(&ex);
      rt_sb_printf(&ex, "to match %s.device_id", plan->params[first_tensor].name);
      char *exs = rt_sb_finish(&ex);
      rc = fail(err, "ValueError", sig, exs ? exs : "?", "Mismatched %s.device_id on argument #%d",
                pp->name, (int)i);
      free(exs);
      goto done;
    }
    /* (d) non-NULL data unless the declared shape has no elements */
    if (!t->data && numel != 0) {
      rc = fail(err, "ValueError", sig, "non-NULL data pointer",
                "%s data pointer is NULL on argument #%d", pp->name, (int)i);
      goto done;
    }
  }
  /* Last: constant / expression extents, then byte_offset, in generation order. */
  for (int32_t i = 0; i < n; i++) {
    const TirxPlanParam *pp = &plan->params[i];
    if (pp->kind != TIRX_PARAM_TENSOR) continue;
    const DLTensor *t = args[i].v.tensor;
    for (int32_t k = 0; !unchecked_subbyte(pp->dtype) && k < pp->ndim; k++) {
      if (bare_sym(&pp->shape[k]) >= 0) continue;
      int64_t want;
      int bad = tirx_plan_expr_eval(&pp->shape[k], syms, plan->nsyms, &want, NULL) != 0;
      if (bad || t->shape[k] != want) {
        paths = def_paths(plan, def);
        char *ex =
            paths ? rt_expr_render(&pp->shape[k], (const char *const *)paths, plan->nsyms) : NULL;
        rc = fail(err, "ValueError", sig, ex ? ex : "?", "Invalid %s.shape[%d] on argument #%d",
                  pp->name, (int)k, (int)i);
        free(ex);
        goto done;
      }
    }
    if (t->byte_offset != 0) {
      rc = fail(err, "ValueError", sig, "0", "Invalid %s.byte_offset on argument #%d", pp->name,
                (int)i);
      goto done;
    }
  }
done:
  free_paths(paths, plan->nsyms);
  if (def != small_def) free(def);
  free(sig_owned);
  return rc;
}

/* ---- Launch extents ---------------------------------------------------------------------- */

TirxStatus tirxrt_eval_launch(const TirxPlan *plan, int32_t kernel, const int64_t *syms,
                              TirxrtLaunchConfig *out, char **err) {
  if (kernel < 0 || kernel >= plan->nkernels)
    return rt_errorf(err, "InternalError: no kernel #%d in plan %s", (int)kernel, plan->name);
  const TirxPlanKernel *k = &plan->kernels[kernel];
  static const char *const dim_names[TIRX_LAUNCH_NUM] = {"grid", "block", "cluster",
                                                         "preferred_cluster"};
  uint32_t *slots[TIRX_LAUNCH_NUM] = {out->grid, out->block, out->cluster, out->preferred_cluster};
  for (int d = 0; d < TIRX_LAUNCH_NUM; d++)
    for (int x = 0; x < 3; x++) {
      int64_t v = 1;
      char *sub = NULL;
      if (k->launch[d][x].nops > 0 &&
          tirx_plan_expr_eval(&k->launch[d][x], syms, plan->nsyms, &v, &sub) != 0) {
        rt_errorf(err, "InternalError: kernel %s: cannot evaluate %s[%d]: %s", k->name,
                  dim_names[d], x, sub ? sub : "?");
        free(sub);
        return -1;
      }
      if (v > (int64_t)UINT32_MAX)
        return rt_errorf(
            err, "InternalError: kernel %s: %s[%d] = %" PRId64 " does not fit a launch dimension",
            k->name, dim_names[d], x, v);
      slots[d][x] = v > 0 ? (uint32_t)v : 1; /* TVM launches extent <= 0 as 1 */
    }
  int64_t dyn = 0;
  char *sub = NULL;
  if (k->dyn_smem.nops > 0 &&
      tirx_plan_expr_eval(&k->dyn_smem, syms, plan->nsyms, &dyn, &sub) != 0) {
    rt_errorf(err, "InternalError: kernel %s: cannot evaluate dyn_smem: %s", k->name,
              sub ? sub : "?");
    free(sub);
    return -1;
  }
  if (dyn < 0 || dyn > (int64_t)UINT32_MAX)
    return rt_errorf(
        err, "InternalError: kernel %s: dynamic shared memory size %" PRId64 " is out of range",
        k->name, dyn);
  out->dyn_smem = (uint32_t)dyn;
  return 0;
}

/* ---- Kernel arguments ----------------------------------------------------------------- */

/* float -> IEEE half / bfloat16 bits, round to nearest even. */
static uint16_t f32_to_f16(float f) {
  uint32_t x;
  memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000u;
  uint32_t mant = x & 0x7FFFFFu;
  int32_t exp = (int32_t)((x >> 23) & 0xFF);
  if (exp == 0xFF) /* inf / nan */
    return (uint16_t)(sign | 0x7C00u | (mant ? 0x200u : 0));
  int32_t e = exp - 127 + 15;
  if (e >= 0x1F) return (uint16_t)(sign | 0x7C00u);
  if (e <= 0) { /* subnormal half or zero */
    if (e < -10) return (uint16_t)sign;
    mant |= 0x800000u;
    uint32_t shift = (uint32_t)(14 - e);
    uint32_t h = mant >> shift, rem = mant & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (h & 1))) h++;
    return (uint16_t)(sign | h);
  }
  uint32_t h = ((uint32_t)e << 10) | (mant >> 13), rem = mant & 0x1FFFu;
  if (rem > 0x1000u || (rem == 0x1000u && (h & 1)))
    h++; /* may carry into the exponent: still correct, up to inf */
  return (uint16_t)(sign | h);
}

static uint16_t f32_to_bf16(float f) {
  uint32_t x;
  memcpy(&x, &f, 4);
  if ((x & 0x7F800000u) == 0x7F800000u && (x & 0x7FFFFFu))
    return (uint16_t)((x >> 16) | 0x40u); /* quiet nan */
  x += 0x7FFFu + ((x >> 16) & 1u);
  return (uint16_t)(x >> 16);
}

uint16_t rt_float_to_half(double d) { return f32_to_f16((float)d); }
uint16_t rt_float_to_bfloat16(double d) { return f32_to_bf16((float)d); }

/* Store v into *h as ctype (little-endian holder; the driver copies sizeof(ctype)). */
static void store(RtHolder *h, TirxCType ctype, RtScalar v) {
  int64_t i = v.is_float ? (int64_t)v.f : v.i;
  double f = v.is_float ? v.f : (double)v.i;
  memset(h, 0, sizeof(*h));
  switch (ctype) {
  case TIRX_CTYPE_I32: h->i32 = (int32_t)(uint32_t)(uint64_t)i; break;
  case TIRX_CTYPE_U32: h->u32 = (uint32_t)(uint64_t)i; break;
  case TIRX_CTYPE_I64: h->i64 = i; break;
  case TIRX_CTYPE_U64: h->u64 = (uint64_t)i; break;
  case TIRX_CTYPE_I16: h->i16 = (int16_t)(uint16_t)(uint64_t)i; break;
  case TIRX_CTYPE_U16: h->u16 = (uint16_t)(uint64_t)i; break;
  case TIRX_CTYPE_I8: h->i8 = (int8_t)(uint8_t)(uint64_t)i; break;
  case TIRX_CTYPE_U8: h->u8 = (uint8_t)(uint64_t)i; break;
  case TIRX_CTYPE_BOOL: h->u8 = v.is_float ? v.f != 0.0 : v.i != 0; break;
  case TIRX_CTYPE_F32: h->f32 = (float)f; break;
  case TIRX_CTYPE_F64: h->f64 = f; break;
  case TIRX_CTYPE_F16: h->u16 = rt_float_to_half(f); break;
  case TIRX_CTYPE_BF16: h->u16 = rt_float_to_bfloat16(f); break;
  case TIRX_CTYPE_PTR:
  case TIRX_CTYPE_TENSORMAP:
  case TIRX_CTYPE_NUM: break;
  }
}

int rt_pack_kernel_args(const TirxPlan *plan, int32_t kernel, const TirxrtArg *args,
                        const int64_t *syms, void *const *maps, RtHolder *holders, void **params,
                        char **err) {
  const TirxPlanKernel *k = &plan->kernels[kernel];
  for (int32_t a = 0; a < k->nargs; a++) {
    const TirxPlanKernelArg *ka = &k->args[a];
    RtScalar v = {0, 0, 0.0};
    params[a] = &holders[a];
    switch (ka->source) {
    case TIRX_ARG_DATA_PTR: {
      const TirxrtArg *arg = &args[ka->index];
      memset(&holders[a], 0, sizeof(holders[a]));
      if (arg->kind == TIRXRT_ARG_TENSOR)
        holders[a].ptr = plan->params[ka->index].kind == TIRX_PARAM_TENSOR
                             ? arg->v.tensor->data
                             : (void *)arg->v.tensor; /* raw handle: TVM passes the
                                                         DLTensor's address */
      else if (arg->kind == TIRXRT_ARG_PTR) holders[a].ptr = arg->v.ptr;
      if (ka->ctype == TIRX_CTYPE_TENSORMAP) { /* the caller's CUtensorMap, by value */
        if (!holders[a].ptr)
          return rt_errorf(err, "InternalError: kernel %s: tensor map argument %s is NULL", k->name,
                           plan->params[ka->index].name);
        params[a] = holders[a].ptr;
      }
      continue;
    }
    case TIRX_ARG_TENSOR_MAP: /* the map the runtime encoded, by value */
      if (!maps || !maps[ka->index])
        return rt_errorf(err, "InternalError: kernel %s: tensor map %s was not encoded", k->name,
                         plan->maps[ka->index].name);
      params[a] = maps[ka->index];
      continue;
    case TIRX_ARG_SYMBOL: v.i = syms[ka->index]; break;
    case TIRX_ARG_SCALAR_PARAM:
      v = rt_scalar_of_arg(&plan->params[ka->index], &args[ka->index]);
      break;
    case TIRX_ARG_EXPR:
      if (tirx_plan_expr_eval(&ka->expr, syms, plan->nsyms, &v.i, NULL) != 0)
        return rt_errorf(err, "InternalError: kernel %s: cannot evaluate argument #%d", k->name,
                         (int)a);
      break;
    }
    store(&holders[a], (TirxCType)ka->ctype, v);
  }
  return 0;
}
