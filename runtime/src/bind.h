/* bind.h — internal interface of bind.c (argument marshalling for the launcher). */
#ifndef TIRXRT_BIND_H
#define TIRXRT_BIND_H

#include <stdint.h>

#include "tirx/runtime.h"

/* A scalar value after conversion to its param's dtype. */
typedef struct RtScalar {
  int is_float;
  int64_t i; /* !is_float */
  double f;  /* is_float */
} RtScalar;

/* Storage for one kernel argument; kernelParams[i] points at one of these. */
typedef union RtHolder {
  int8_t i8;
  uint8_t u8;
  int16_t i16;
  uint16_t u16;
  int32_t i32;
  uint32_t u32;
  int64_t i64;
  uint64_t u64;
  float f32;
  double f64;
  void *ptr;
} RtHolder;

int64_t rt_cast_int(int64_t v, DLDataType t);
RtScalar rt_scalar_of_arg(const TirxPlanParam *pp, const TirxrtArg *a);
uint16_t rt_float_to_half(double d);
uint16_t rt_float_to_bfloat16(double d);

/* Fill holders[0..nargs) and params[0..nargs) for kernel #kernel from checked args
 * and bound symbols.  maps[j]: the encoded 128-byte CUtensorMap of the plan's tensor map
 * j (the TENSOR_MAP args point params[] straight at it); may be NULL when the plan has
 * none.  Returns 0 or -1 with *err. */
int rt_pack_kernel_args(const TirxPlan *plan, int32_t kernel, const TirxrtArg *args,
                        const int64_t *syms, void *const *maps, RtHolder *holders, void **params,
                        char **err);

#endif /* TIRXRT_BIND_H */
