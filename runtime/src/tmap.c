/* tmap.c — TMA tensor maps on the host (runtime_semantics.md §4.2): evaluate a plan's
 * tensor-map spec and validate the values the way TVM's runtime.cuTensorMapEncodeTiled
 * does before it calls the driver, with messages that name the map and the tensor.
 * Pure functions (no driver), so all of it is tested without a GPU; runtime.c calls the
 * driver's cuTensorMapEncodeTiled with the result.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "tirx/runtime.h"

enum { TM_INTERLEAVE_32B = 2, TM_OOB_NAN = 1 };

/* The CUtensorMapDataType of dtype (TVM's table, §4.2: dtype.def's tma
 * column), or -1. */
static int32_t data_type_of(DLDataType t) {
  const RtDType *r = t.lanes == 1 ? rt_dtype_find(t) : NULL;
  return r ? r->tma : -1;
}

/* Bytes per element of a non-packed data type. */
static int64_t elem_bytes(int32_t dt) {
  switch (dt) {
  case TM_UINT8: return 1;
  case TM_UINT16:
  case TM_FLOAT16:
  case TM_BFLOAT16: return 2;
  case TM_UINT64:
  case TM_INT64:
  case TM_FLOAT64: return 8;
  default: return 4;
  }
}

static int is_float_dt(int32_t dt) {
  return dt == TM_FLOAT16 || dt == TM_FLOAT32 || dt == TM_FLOAT64 || dt == TM_BFLOAT16 ||
         dt == TM_TFLOAT32;
}

/* Swizzle span in bytes (0 = no swizzle): 32B, 64B, then 128B and its atom variants. */
static int64_t swizzle_bytes(int32_t sw) { return sw == 0 ? 0 : sw == 1 ? 32 : sw == 2 ? 64 : 128; }

TirxStatus tirxrt_tensor_map_validate(TirxrtTensorMapArgs *a, const char *map, const char *tensor,
                                      char **err) {
#define BAD(...) return rt_errorf(err, "tensor map %s: " __VA_ARGS__)
  char dt[32];
  if (a->rank == 0) BAD("%s", map, "tensorRank must be non-zero");
  if (a->rank > TIRX_TMAP_MAX_RANK)
    BAD("cuTensorMapEncodeTiled only supports up to 5D tensors (rank %d for %s)", map, (int)a->rank,
        tensor);
  if (a->rank < 0) BAD("tensorRank %d must be in 1..5", map, (int)a->rank);
  int32_t dtype = data_type_of(a->dtype);
  if (dtype < 0)
    BAD("Unsupported data type %s for %s (int8, uint8/16/32/64, int32, int64, float16/32/64, "
        "bfloat16, float8_e4m3fn, float8_e5m2, float4_e2m1fn)",
        map, tirx_dl_dtype_str(a->dtype, dt), tensor);
  if (a->force_cu_dtype >= 0) {
    if (a->force_cu_dtype != TM_TFLOAT32)
      BAD("force_cu_dtype must be 11 (TFLOAT32), got %d", map, (int)a->force_cu_dtype);
    if (dtype != TM_FLOAT32)
      BAD("force_cu_dtype 11 (TFLOAT32) needs a float32 tensor map; %s's is %s", map, tensor,
          tirx_dl_dtype_str(a->dtype, dt));
    dtype = TM_TFLOAT32;
  }
  if (a->interleave < 0 || a->interleave > 2)
    BAD("interleave %d is not a CUtensorMapInterleave value (0 none, 1 16B, 2 32B)", map,
        (int)a->interleave);
  if (a->swizzle < 0 || a->swizzle > 6)
    BAD("swizzle %d is not a CUtensorMapSwizzle value (0 none, 1 32B, 2 64B, 3 128B, "
        "4-6 128B atoms)",
        map, (int)a->swizzle);
  if (a->l2_promotion < 0 || a->l2_promotion > 3)
    BAD("l2Promotion %d is not a CUtensorMapL2promotion value (0 none, 1 64B, 2 128B, "
        "3 256B)",
        map, (int)a->l2_promotion);
  if (a->oob_fill < 0 || a->oob_fill > 1)
    BAD("oobFill %d is not a CUtensorMapFloatOOBfill value (0 none, 1 NaN)", map, (int)a->oob_fill);
  int packed = dtype == TM_16U4_ALIGN16B;
  int64_t align = (a->interleave == TM_INTERLEAVE_32B || packed) ? 32 : 16;
  uintptr_t addr = (uintptr_t)a->global_address;
  if (addr % (uintptr_t)align != 0)
    BAD("the global address of %s (%p) must be %d-byte aligned", map, tensor, a->global_address,
        (int)align);
  for (int32_t i = 0; i < a->rank; i++) {
    int64_t v = a->global_dim[i];
    if (v == 0) BAD("globalDim[%d] of %s must be non-zero", map, (int)i, tensor);
    if (v < 0) BAD("globalDim[%d] of %s (%" PRId64 ") must be positive", map, (int)i, tensor, v);
    if (v > (INT64_C(1) << 32))
      BAD("globalDim[%d] of %s (%" PRId64 ") must be less than or equal to 2^32", map, (int)i,
          tensor, v);
  }
  for (int32_t i = 0; i + 1 < a->rank; i++) {
    int64_t v = a->global_strides[i];
    if (v < 0)
      BAD("globalStrides[%d] of %s (%" PRId64 " bytes) must be non-negative", map, (int)i, tensor,
          v);
    if (v % align != 0)
      BAD("globalStrides[%d] of %s (%" PRId64 " bytes) must be a multiple of %d", map, (int)i,
          tensor, v, (int)align);
    if (v >= (INT64_C(1) << 40))
      BAD("globalStrides[%d] of %s (%" PRId64 " bytes) must be less than 2^40", map, (int)i, tensor,
          v);
  }
  for (int32_t i = 0; i < a->rank; i++) {
    int64_t v = a->box_dim[i];
    if (v < 1 || v > 256)
      BAD("boxDim[%d] of %s (%" PRId64 ") must be in [1, 256]", map, (int)i, tensor, v);
  }
  for (int32_t i = 0; i < a->rank; i++) {
    int64_t v = a->element_strides[i];
    if (v < 1 || v > 8)
      BAD("elementStrides[%d] of %s (%" PRId64 ") must be in [1, 8]", map, (int)i, tensor, v);
  }
  if (a->element_strides[0] != 1)
    BAD("elementStrides[0] of %s (%" PRId64 ") must be 1", map, tensor, a->element_strides[0]);
  if (a->interleave != 0 && a->rank < 3)
    BAD("interleave %d needs rank >= 3; the map of %s has rank %d", map, (int)a->interleave, tensor,
        (int)a->rank);
  if (a->interleave == TM_INTERLEAVE_32B && a->swizzle != 1)
    BAD("interleave 2 (32B) needs swizzle 1 (32B), got swizzle %d", map, (int)a->swizzle);
  if (packed) {
    if (a->global_dim[0] % 128 != 0)
      BAD("globalDim[0] of %s (%" PRId64 ") must be a multiple of 128 for float4_e2m1fn "
          "(16U4_ALIGN16B)",
          map, tensor, a->global_dim[0]);
    if (a->box_dim[0] != 128)
      BAD("boxDim[0] of %s (%" PRId64 ") must be 128 for float4_e2m1fn (16U4_ALIGN16B)", map,
          tensor, a->box_dim[0]);
    if (a->swizzle != 0 && a->swizzle != 3 && a->swizzle != 4)
      BAD("swizzle %d is not allowed for float4_e2m1fn (16U4_ALIGN16B): use 0 (none), "
          "3 (128B) or 4 (128B_ATOM_32B)",
          map, (int)a->swizzle);
  } else if (a->interleave == 0) {
    int64_t eb = elem_bytes(dtype), inner = a->box_dim[0] * eb;
    if (inner % 16 != 0)
      BAD("boxDim[0] of %s (%" PRId64 ") * %" PRId64 " bytes = %" PRId64 " bytes must be a "
          "multiple of 16",
          map, tensor, a->box_dim[0], eb, inner);
    static const char *const swizzle_names[] = {
        "none", "32B", "64B", "128B", "128B_ATOM_32B", "128B_ATOM_32B_FLIP_8B", "128B_ATOM_64B"};
    int64_t span = swizzle_bytes(a->swizzle);
    if (span && inner > span)
      BAD("boxDim[0] of %s (%" PRId64 ") * %" PRId64 " bytes = %" PRId64 " bytes must be at "
          "most %" PRId64 " with swizzle %d (%s)",
          map, tensor, a->box_dim[0], eb, inner, span, (int)a->swizzle, swizzle_names[a->swizzle]);
  }
  if (a->oob_fill == TM_OOB_NAN && (packed || !is_float_dt(dtype)))
    BAD("oobFill 1 (NaN) needs a floating-point tensor map; %s's is %s", map, tensor,
        tirx_dl_dtype_str(a->dtype, dt));
#undef BAD
  a->data_type = dtype;
  return 0;
}

void tirxrt_tensor_map_args_init(TirxrtTensorMapArgs *a, const TirxPlanTensorMap *m) {
  memset(a, 0, sizeof(*a));
  a->dtype = m->dtype;
  a->force_cu_dtype = m->force_cu_dtype;
  a->rank = m->rank;
  a->interleave = m->interleave;
  a->swizzle = m->swizzle;
  a->l2_promotion = m->l2_promotion;
  a->oob_fill = m->oob_fill;
}

/* The name of spec m's base tensor (buffer name) or handle param, for messages. */
static const char *base_name(const TirxPlan *plan, const TirxPlanTensorMap *m) {
  return (m->param >= 0 && m->param < plan->nparams) ? plan->params[m->param].name : "?";
}

TirxStatus tirxrt_tensor_map_eval(const TirxPlan *plan, int32_t map, const TirxrtArg *args,
                                  const int64_t *syms, TirxrtTensorMapArgs *out, char **err) {
  if (map < 0 || map >= plan->nmaps)
    return rt_errorf(err, "InternalError: no tensor map #%d in plan %s", (int)map, plan->name);
  const TirxPlanTensorMap *m = &plan->maps[map];
  const char *tensor = base_name(plan, m);
  tirxrt_tensor_map_args_init(out, m);
  int32_t r = m->rank < 0 ? 0 : m->rank > TIRX_TMAP_MAX_RANK ? TIRX_TMAP_MAX_RANK : m->rank;
  struct {
    const char *field;
    const TirxPlanExpr *e;
    int64_t *dst;
    int32_t n;
  } lists[] = {{"byteOffset", &m->byte_offset, NULL, 1},
               {"globalDim", m->global_dim, out->global_dim, r},
               {"globalStrides", m->global_strides, out->global_strides, r > 0 ? r - 1 : 0},
               {"boxDim", m->box_dim, out->box_dim, r},
               {"elementStrides", m->element_strides, out->element_strides, r}};
  int64_t offset = 0;
  for (size_t l = 0; l < sizeof lists / sizeof lists[0]; l++)
    for (int32_t i = 0; i < lists[l].n; i++) {
      int64_t v = 0;
      char *sub = NULL;
      if (lists[l].e[i].nops > 0 &&
          tirx_plan_expr_eval(&lists[l].e[i], syms, plan->nsyms, &v, &sub) != 0) {
        char idx[16] = "";
        if (lists[l].dst) snprintf(idx, sizeof idx, "[%d]", (int)i);
        rt_errorf(err, "InternalError: tensor map %s: cannot evaluate %s%s of %s: %s", m->name,
                  lists[l].field, idx, tensor, sub ? sub : "?");
        free(sub);
        return -1;
      }
      if (lists[l].dst) lists[l].dst[i] = v;
      else offset = v;
    }
  const void *base = NULL;
  if (m->param >= 0 && m->param < plan->nparams) {
    const TirxrtArg *arg = &args[m->param];
    if (arg->kind == TIRXRT_ARG_TENSOR && arg->v.tensor)
      base = plan->params[m->param].kind == TIRX_PARAM_TENSOR ? arg->v.tensor->data
                                                              : (const void *)arg->v.tensor;
    else if (arg->kind == TIRXRT_ARG_PTR) base = arg->v.ptr;
  }
  if (!base)
    return rt_errorf(err, "InternalError: tensor map %s: the data pointer of %s is NULL", m->name,
                     tensor);
  out->global_address = (const void *)((uintptr_t)base + (uintptr_t)offset);
  char *sub = NULL;
  if (tirxrt_tensor_map_validate(out, m->name, tensor, &sub) != 0) {
    rt_errorf(err, "InternalError: %s", sub ? sub : "invalid tensor map");
    free(sub);
    return -1;
  }
  return 0;
}

char *tirxrt_tensor_map_describe(const TirxrtTensorMapArgs *a) {
  RtStrBuf sb;
  rt_sb_init(&sb);
  char dt[32];
  int32_t r = a->rank < 0 ? 0 : a->rank > TIRX_TMAP_MAX_RANK ? TIRX_TMAP_MAX_RANK : a->rank;
  rt_sb_printf(&sb, "dtype %s (CUtensorMapDataType %d), rank %d, globalAddress %p",
               tirx_dl_dtype_str(a->dtype, dt), (int)a->data_type, (int)a->rank, a->global_address);
  const struct {
    const char *field;
    const int64_t *v;
    int32_t n;
  } lists[] = {{"globalDim", a->global_dim, r},
               {"globalStrides", a->global_strides, r > 0 ? r - 1 : 0},
               {"boxDim", a->box_dim, r},
               {"elementStrides", a->element_strides, r}};
  for (size_t l = 0; l < sizeof lists / sizeof lists[0]; l++) {
    rt_sb_printf(&sb, ", %s (", lists[l].field);
    for (int32_t i = 0; i < lists[l].n; i++)
      rt_sb_printf(&sb, "%s%" PRId64, i ? ", " : "", lists[l].v[i]);
    rt_sb_append(&sb, ")");
  }
  rt_sb_printf(&sb, ", interleave %d, swizzle %d, l2Promotion %d, oobFill %d", (int)a->interleave,
               (int)a->swizzle, (int)a->l2_promotion, (int)a->oob_fill);
  return rt_sb_finish(&sb);
}
