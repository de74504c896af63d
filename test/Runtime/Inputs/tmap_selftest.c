/* tmap_selftest.c — TMA tensor maps on the host without a driver: evaluating a plan's
 * tensor-map spec (tirxrt_tensor_map_eval), every validation rule of
 * runtime_semantics.md §4.2 (tirxrt_tensor_map_validate), the parameter dump of a failed
 * encode (tirxrt_tensor_map_describe) and how kernel arguments point at encoded maps
 * (rt_pack_kernel_args).  Each case prints "== <name>" and then "ok <args>" or the
 * message; test/Runtime/tensor-map.test compares the exact texts. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bind.h"
#include "tirx/plan.h"
#include "tirx/runtime.h"

static const DLDataType F16 = {kDLFloat, 16, 1};
static const DLDataType F32 = {kDLFloat, 32, 1};
static const DLDataType I32 = {kDLInt, 32, 1};
static int failures;

/* A fixed, 256-byte-aligned fake device address, so messages are reproducible. */
#define BASE ((void *)(uintptr_t)0x7f0000000000ull)

/* One map's values; lists innermost first, -1 ends a list early (rank from dims). */
typedef struct Spec {
  DLDataType dtype;
  int rank;
  int64_t offset;
  int64_t dims[5], strides[4], box[5], es[5];
  int interleave, swizzle, l2, oob, force;
} Spec;

/* The canonical good map: a (64, 128) float16 tile map of 64 x 32 boxes. */
static Spec good(void) {
  Spec s = {F16, 2, 0, {128, 64}, {256}, {64, 32}, {1, 1}, 0, 0, 0, 0, -1};
  return s;
}

static void cexpr(TirxPlanExpr *e, int64_t v) {
  tirx_plan_expr_init(e);
  if (tirx_plan_expr_push(e, TIRX_EXPR_CONST, v) != 0)
    failures++;
}

/* tma(A: Tensor([64, 128], dtype), h: handle, n: int32) with map A_map over A (or over
   h when on_handle); globalDim[1] = n when sym_dim1 (n is passed as 64). */
static TirxPlan *plan_of(const Spec *sp, int on_handle, int sym_dim1) {
  TirxPlan *p = tirx_plan_create("tma");
  int n = tirx_plan_add_symbol(p, "n", I32);
  TirxPlanExpr shape[2];
  cexpr(&shape[0], 64);
  cexpr(&shape[1], 128);
  tirx_plan_add_tensor_param(p, "A", NULL, sp->dtype, 2, shape);
  tirx_plan_expr_clear(&shape[0]);
  tirx_plan_expr_clear(&shape[1]);
  tirx_plan_add_handle_param(p, "h");
  tirx_plan_add_scalar_param(p, "n", I32, n);
  TirxPlanTensorMap m;
  tirx_plan_tensor_map_init(&m);
  m.name = "A_map";
  m.param = on_handle ? 1 : 0;
  m.dtype = sp->dtype;
  m.rank = sp->rank;
  if (sp->offset)
    cexpr(&m.byte_offset, sp->offset);
  for (int i = 0; i < sp->rank && i < 5; i++) {
    cexpr(&m.global_dim[i], sp->dims[i]);
    cexpr(&m.box_dim[i], sp->box[i]);
    cexpr(&m.element_strides[i], sp->es[i]);
    if (i + 1 < sp->rank)
      cexpr(&m.global_strides[i], sp->strides[i]);
  }
  if (sym_dim1 && sp->rank > 1) {
    tirx_plan_expr_set_sym(&m.global_dim[1], n);
  }
  m.interleave = sp->interleave;
  m.swizzle = sp->swizzle;
  m.l2_promotion = sp->l2;
  m.oob_fill = sp->oob;
  m.force_cu_dtype = sp->force;
  if (tirx_plan_add_tensor_map(p, &m) != 0)
    failures++;
  tirx_plan_tensor_map_clear(&m);
  int k = tirx_plan_add_kernel(p, "tma_kernel");
  tirx_plan_kernel_add_arg(p, k, TIRX_ARG_TENSOR_MAP, 0, TIRX_CTYPE_TENSORMAP);
  tirx_plan_kernel_add_arg(p, k, TIRX_ARG_DATA_PTR, 1, TIRX_CTYPE_TENSORMAP);
  tirx_plan_kernel_add_arg(p, k, TIRX_ARG_DATA_PTR, 0, TIRX_CTYPE_PTR);
  return p;
}

/* Evaluate the plan's map with A's data at `data` (and h = data too). */
static void run_at(const char *name, const Spec *sp, void *data, int on_handle) {
  TirxPlan *p = plan_of(sp, on_handle, 0);
  DLTensor t;
  int64_t shape[2] = {64, 128};
  memset(&t, 0, sizeof t);
  t.data = data;
  t.device.device_type = kDLCUDA;
  t.ndim = 2;
  t.dtype = sp->dtype;
  t.shape = shape;
  TirxrtArg args[3] = {tirxrt_arg_tensor(&t), tirxrt_arg_ptr(data), tirxrt_arg_int(64)};
  int64_t syms[1] = {64};
  TirxrtTensorMapArgs a;
  char *err = NULL;
  printf("== %s\n", name);
  if (tirxrt_tensor_map_eval(p, 0, args, syms, &a, &err) != 0) {
    printf("%s\n", err ? err : "(no message)");
  } else {
    char *d = tirxrt_tensor_map_describe(&a);
    printf("ok %s\n", d ? d : "?");
    free(d);
  }
  free(err);
  tirx_plan_destroy(p);
}

static void run(const char *name, const Spec *sp) { run_at(name, sp, BASE, 0); }

/* tirxrt_tensor_map_validate on raw values (what no plan can express: rank 0 and 6). */
static void run_raw(const char *name, int rank) {
  TirxrtTensorMapArgs a;
  memset(&a, 0, sizeof a);
  a.dtype = F16;
  a.force_cu_dtype = -1;
  a.rank = rank;
  char *err = NULL;
  printf("== %s\n", name);
  if (tirxrt_tensor_map_validate(&a, "A_map", "A", &err) != 0)
    printf("%s\n", err ? err : "(no message)");
  else
    printf("ok\n");
  free(err);
}

static void cases_validate(void) {
  Spec s = good();
  run("ok", &s);
  s.offset = 32 * 256; /* the second half of the rows */
  run("ok-offset", &s);
  s = good();
  run_at("ok-handle", &s, BASE, 1);
  s.dtype = F32;
  s.force = 11;
  s.box[0] = 32;
  run("ok-tf32", &s);
  s = good();
  s.dims[0] = INT64_C(1) << 32;
  run("ok-dim-2^32", &s);

  run_raw("rank-0", 0);
  run_raw("rank-6", 6);
  s = good();
  s.dtype = (DLDataType){kDLInt, 16, 1};
  run("dtype-int16", &s);
  s.dtype = (DLDataType){TIRX_DL_BOOL, 8, 1};
  run("dtype-bool", &s);
  s = good();
  s.force = 12;
  run("force-12", &s);
  s.force = 11;
  run("force-f16", &s);

  s = good();
  s.interleave = 3;
  run("interleave-enum", &s);
  s = good();
  s.swizzle = 7;
  run("swizzle-enum", &s);
  s = good();
  s.l2 = 4;
  run("l2-enum", &s);
  s = good();
  s.oob = 2;
  run("oob-enum", &s);

  s = good();
  run_at("address", &s, (char *)BASE + 8, 0);
  s.offset = 8;
  run("address-offset", &s);
  s = good();
  run_at("address-null", &s, NULL, 0);

  s = good();
  s.dims[1] = 0;
  run("dim-zero", &s);
  s.dims[1] = -4;
  run("dim-negative", &s);
  s.dims[1] = (INT64_C(1) << 32) + 1;
  run("dim-2^32+1", &s);

  s = good();
  s.strides[0] = -16;
  run("stride-negative", &s);
  s.strides[0] = 100;
  run("stride-16", &s);
  s.strides[0] = INT64_C(1) << 40;
  run("stride-2^40", &s);

  s = good();
  s.box[1] = 0;
  run("box-0", &s);
  s.box[1] = 257;
  run("box-257", &s);
  s = good();
  s.es[1] = 0;
  run("elem-stride-0", &s);
  s.es[1] = 9;
  run("elem-stride-9", &s);
  s = good();
  s.es[0] = 2;
  run("elem-stride-inner", &s);

  s = good();
  s.interleave = 1;
  run("interleave-rank", &s);
  Spec r3 = {F16, 3, 0, {64, 4, 16}, {128, 512}, {64, 4, 2}, {1, 1, 1}, 2, 0, 0, 0, -1};
  run("interleave32-swizzle", &r3);
  r3.swizzle = 1;
  r3.strides[0] = 144; /* interleave 32B: 32-byte strides */
  run("interleave32-stride", &r3);
  r3.strides[0] = 128;
  run_at("interleave32-address", &r3, (char *)BASE + 16, 0);
  r3.interleave = 1;
  r3.swizzle = 0;
  run("ok-interleave16", &r3);

  Spec fp4 = {{TIRX_DL_FLOAT4_E2M1FN, 4, 1}, 2, 0, {100, 64}, {64}, {128, 8}, {1, 1},
              0, 0, 0, 0, -1};
  run("fp4-dim", &fp4);
  fp4.dims[0] = 256;
  fp4.box[0] = 64;
  run("fp4-box", &fp4);
  fp4.box[0] = 128;
  fp4.swizzle = 1;
  run("fp4-swizzle", &fp4);
  fp4.swizzle = 3;
  fp4.oob = 1;
  run("fp4-oob", &fp4);
  fp4.oob = 0;
  run("ok-fp4", &fp4);

  s = good();
  s.box[0] = 12;
  run("inner-box-16", &s);
  s.box[0] = 64;
  s.swizzle = 1;
  run("inner-box-swizzle32", &s);
  s.swizzle = 2;
  run("inner-box-swizzle64", &s);
  s.swizzle = 3;
  run("ok-swizzle128", &s);
  s.swizzle = 0;
  s.dtype = I32;
  s.oob = 1;
  s.box[0] = 32;
  run("oob-nan-int", &s);
}

/* "== name" and the message of a call that had to fail (rc != 0); frees *err. */
static void expect_fail(const char *name, int rc, char **err) {
  printf("== %s\n", name);
  if (rc == 0) {
    printf("FAIL: accepted\n");
    failures++;
  } else {
    printf("%s\n", *err ? *err : "(no message)");
  }
  free(*err);
  *err = NULL;
}

/* Symbolic dims, evaluation errors, and kernel-argument packing. */
static void cases_eval(void) {
  Spec s = good();
  TirxPlan *p = plan_of(&s, 0, 1);
  DLTensor t;
  int64_t shape[2] = {64, 128};
  memset(&t, 0, sizeof t);
  t.data = BASE;
  t.device.device_type = kDLCUDA;
  t.ndim = 2;
  t.dtype = F16;
  t.shape = shape;
  int fake_map_storage[32];
  TirxrtArg args[3] = {tirxrt_arg_tensor(&t), tirxrt_arg_ptr(fake_map_storage),
                       tirxrt_arg_int(48)};
  int64_t syms[1] = {48};
  TirxrtTensorMapArgs a;
  char *err = NULL;
  printf("== symbolic\n");
  if (tirxrt_tensor_map_eval(p, 0, args, syms, &a, &err) == 0) {
    char *d = tirxrt_tensor_map_describe(&a);
    printf("ok %s\n", d ? d : "?");
    free(d);
  } else {
    printf("FAIL: %s\n", err);
    failures++;
  }
  free(err);
  err = NULL;

  printf("== pack\n");
  unsigned char encoded[128];
  void *maps[1] = {encoded};
  RtHolder h[3];
  void *params[3];
  if (rt_pack_kernel_args(p, 0, args, syms, maps, h, params, &err) != 0) {
    printf("FAIL: %s\n", err);
    failures++;
  } else {
    printf("tmap arg -> encoded map: %s\n", params[0] == (void *)encoded ? "yes" : "no");
    printf("handle tmap arg -> the caller's map: %s\n",
           params[1] == (void *)fake_map_storage ? "yes" : "no");
    printf("data arg -> holder: %s\n",
           params[2] == (void *)&h[2] && h[2].ptr == BASE ? "yes" : "no");
  }
  free(err);
  err = NULL;
  args[1] = tirxrt_arg_ptr(NULL);
  expect_fail("pack-null-handle", rt_pack_kernel_args(p, 0, args, syms, maps, h, params, &err), &err);
  args[1] = tirxrt_arg_ptr(fake_map_storage);
  expect_fail("pack-not-encoded", rt_pack_kernel_args(p, 0, args, syms, NULL, h, params, &err), &err);
  tirx_plan_expr_push(&p->maps[0].byte_offset, TIRX_EXPR_CONST, 1);
  tirx_plan_expr_push(&p->maps[0].byte_offset, TIRX_EXPR_CONST, 0);
  tirx_plan_expr_push(&p->maps[0].byte_offset, TIRX_EXPR_FLOORDIV, 0);
  expect_fail("eval-error", tirxrt_tensor_map_eval(p, 0, args, syms, &a, &err), &err);
  expect_fail("no-such-map", tirxrt_tensor_map_eval(p, 3, args, syms, &a, &err), &err);
  tirx_plan_destroy(p);
}

int main(void) {
  cases_validate();
  cases_eval();
  printf("failures: %d\n", failures);
  return failures ? 1 : 0;
}
