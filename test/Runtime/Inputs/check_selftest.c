/* check_selftest.c — drives tirxrt_check_args / tirxrt_eval_launch / argument packing
 * over hand-built plans and fake DLTensors (no driver).  Each case prints
 * "== <name>" and then either the error message or "ok" plus the bound symbols;
 * test/Runtime/check-args.test compares the exact texts with FileCheck. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bind.h"
#include "tirx/plan.h"
#include "tirx/runtime.h"

static const DLDataType F32 = {kDLFloat, 32, 1};
static const DLDataType I32 = {kDLInt, 32, 1};
static const DLDataType I64 = {kDLInt, 64, 1};
static const DLDataType BOOL = {TIRX_DL_BOOL, 8, 1};
static int failures;

static TirxPlanExpr c(int64_t v) {
  TirxPlanExpr e;
  tirx_plan_expr_init(&e);
  tirx_plan_expr_push(&e, TIRX_EXPR_CONST, v);
  return e;
}
static TirxPlanExpr s(int32_t sym) {
  TirxPlanExpr e;
  tirx_plan_expr_init(&e);
  tirx_plan_expr_push(&e, TIRX_EXPR_SYM, sym);
  return e;
}

/* A tensor param with ndim dims given as expressions (consumed). */
static void tensor(TirxPlan *p, const char *name, DLDataType t, int ndim,
                   TirxPlanExpr *dims) {
  if (tirx_plan_add_tensor_param(p, name, NULL, t, ndim, dims) < 0) {
    printf("FAIL: add tensor %s\n", name);
    failures++;
  }
  for (int k = 0; k < ndim; k++)
    tirx_plan_expr_clear(&dims[k]);
}

/* Every plan gets one trivial kernel so that it validates. */
static void finish(TirxPlan *p) {
  tirx_plan_add_kernel(p, "k");
  char *err = NULL;
  if (tirx_plan_validate(p, &err) != 0) {
    printf("FAIL: plan %s invalid: %s\n", p->name, err);
    failures++;
  }
  free(err);
}

typedef struct Fake {
  DLTensor t;
  int64_t shape[4];
  int64_t strides[4];
} Fake;

static float g_storage[16];

static void fake(Fake *f, DLDataType t, int ndim, const int64_t *shape) {
  memset(f, 0, sizeof(*f));
  f->t.data = g_storage;
  f->t.device.device_type = kDLCUDA;
  f->t.device.device_id = 0;
  f->t.ndim = ndim;
  f->t.dtype = t;
  memcpy(f->shape, shape, sizeof(int64_t) * (size_t)ndim);
  f->t.shape = f->shape;
}

static void run(const char *name, const TirxPlan *p, const TirxrtArg *args, int nargs) {
  int64_t syms[8] = {0};
  int32_t dev = -7;
  char *err = NULL;
  printf("== %s\n", name);
  if (tirxrt_check_args(p, NULL, args, nargs, syms, &dev, &err) != 0) {
    printf("%s\n", err ? err : "(no message)");
  } else {
    printf("ok dev=%d", (int)dev);
    for (int32_t i = 0; i < p->nsyms; i++)
      printf(" %s=%" PRId64, p->syms[i].name, syms[i]);
    printf("\n");
  }
  free(err);
}

/* func(A: Tensor([n0], float32), B: Tensor([n0], float32)) */
static TirxPlan *plan_n0(void) {
  TirxPlan *p = tirx_plan_create("func");
  int n0 = tirx_plan_add_symbol(p, "n0", I32);
  TirxPlanExpr a[1] = {s(n0)}, b[1] = {s(n0)};
  tensor(p, "A", F32, 1, a);
  tensor(p, "B", F32, 1, b);
  finish(p);
  return p;
}

static void cases_n0(void) {
  TirxPlan *p = plan_n0();
  Fake A, B;
  int64_t s4[1] = {4}, s5[1] = {5};
  fake(&A, F32, 1, s4);
  fake(&B, F32, 1, s4);
  TirxrtArg args[2] = {tirxrt_arg_tensor(&A.t), tirxrt_arg_tensor(&B.t)};

  run("ok", p, args, 2);
  run("count", p, args, 1);
  run("args-null", p, NULL, 2);
  TirxrtArg bad[2] = {args[0], tirxrt_arg_int(1)};
  run("type", p, bad, 2);
  TirxrtArg none[2] = {args[0], {TIRXRT_ARG_NONE, {0}}};
  run("none", p, none, 2);
  TirxrtArg nullt[2] = {args[0], tirxrt_arg_tensor(NULL)};
  run("null-tensor", p, nullt, 2);
  TirxrtArg ptr[2] = {tirxrt_arg_ptr(&A.t), args[1]};
  run("ptr-for-tensor", p, ptr, 2);

  Fake A2;
  int64_t s22[2] = {2, 2};
  fake(&A2, F32, 2, s22);
  TirxrtArg nd[2] = {tirxrt_arg_tensor(&A2.t), args[1]};
  run("ndim", p, nd, 2);

  Fake Ai;
  fake(&Ai, I32, 1, s4);
  TirxrtArg dt[2] = {args[0], tirxrt_arg_tensor(&Ai.t)};
  run("dtype", p, dt, 2);
  /* dtype (tensor #1) is reported before a shape mismatch of the same tensor */
  Fake Ai5;
  fake(&Ai5, I32, 1, s5);
  TirxrtArg dt5[2] = {args[0], tirxrt_arg_tensor(&Ai5.t)};
  run("dtype-before-shape", p, dt5, 2);
  Fake Av;
  fake(&Av, (DLDataType){kDLFloat, 32, 4}, 1, s4);
  TirxrtArg lanes[2] = {tirxrt_arg_tensor(&Av.t), args[1]};
  run("dtype-lanes", p, lanes, 2);

  Fake Acpu;
  fake(&Acpu, F32, 1, s4);
  Acpu.t.device.device_type = kDLCPU;
  TirxrtArg cpu[2] = {tirxrt_arg_tensor(&Acpu.t), args[1]};
  run("device-type", p, cpu, 2);
  Fake Ahost = Acpu;
  Ahost.t.shape = Ahost.shape;
  Ahost.t.device.device_type = kDLCUDAHost;
  TirxrtArg host[2] = {tirxrt_arg_tensor(&Ahost.t), args[1]};
  run("device-type-cuda-host", p, host, 2);

  fake(&B, F32, 1, s5);
  run("sym-mismatch", p, args, 2);
  fake(&B, F32, 1, s4);

  Fake Bd;
  fake(&Bd, F32, 1, s4);
  Bd.t.device.device_id = 1;
  TirxrtArg did[2] = {args[0], tirxrt_arg_tensor(&Bd.t)};
  run("device-id", p, did, 2);

  Fake An;
  fake(&An, F32, 1, s4);
  An.t.data = NULL;
  TirxrtArg nul[2] = {tirxrt_arg_tensor(&An.t), args[1]};
  run("null-data", p, nul, 2);
  int64_t s0[1] = {0};
  Fake Z1, Z2;
  fake(&Z1, F32, 1, s0);
  fake(&Z2, F32, 1, s0);
  Z1.t.data = Z2.t.data = NULL;
  TirxrtArg zero[2] = {tirxrt_arg_tensor(&Z1.t), tirxrt_arg_tensor(&Z2.t)};
  run("null-data-zero-elements", p, zero, 2);

  Fake Ao;
  fake(&Ao, F32, 1, s4);
  Ao.t.byte_offset = 4;
  TirxrtArg off[2] = {tirxrt_arg_tensor(&Ao.t), args[1]};
  run("byte-offset", p, off, 2);
  /* deferred order: a mismatch (deferred) is reported before byte_offset (last) */
  fake(&B, F32, 1, s5);
  run("mismatch-before-byte-offset", p, off, 2);
  tirx_plan_destroy(p);
}

/* func(a: Tensor([128], float32), b: Tensor([128], float32)) and strides */
static void cases_const(void) {
  TirxPlan *p = tirx_plan_create("func");
  TirxPlanExpr a[1] = {c(128)}, b[1] = {c(128)};
  tensor(p, "a", F32, 1, a);
  tensor(p, "b", F32, 1, b);
  finish(p);
  Fake A, B;
  int64_t s128[1] = {128}, s64[1] = {64};
  fake(&A, F32, 1, s64);
  fake(&B, F32, 1, s128);
  TirxrtArg args[2] = {tirxrt_arg_tensor(&A.t), tirxrt_arg_tensor(&B.t)};
  run("const-shape", p, args, 2);
  tirx_plan_destroy(p);

  /* func(a: Tensor([4, 8], float32)) */
  p = tirx_plan_create("func");
  TirxPlanExpr d2[2] = {c(4), c(8)};
  tensor(p, "a", F32, 2, d2);
  finish(p);
  int64_t s48[2] = {4, 8};
  fake(&A, F32, 2, s48);
  TirxrtArg one[1] = {tirxrt_arg_tensor(&A.t)};
  A.strides[0] = 8;
  A.strides[1] = 1;
  A.t.strides = A.strides;
  run("strides-compact", p, one, 1);
  A.strides[0] = 1;
  A.strides[1] = 4;
  run("strides-transposed", p, one, 1);
  tirx_plan_destroy(p);

  /* size-1 dims may have any stride: func(a: Tensor([1, 8], float32)) */
  p = tirx_plan_create("func");
  TirxPlanExpr d18[2] = {c(1), c(8)};
  tensor(p, "a", F32, 2, d18);
  finish(p);
  int64_t s18[2] = {1, 8};
  fake(&A, F32, 2, s18);
  A.strides[0] = 12345;
  A.strides[1] = 1;
  A.t.strides = A.strides;
  run("strides-unit-dim", p, one, 1);
  tirx_plan_destroy(p);
}

/* func(A: Tensor([batch_size + 1], int32), B: Tensor([batch_size], int32)):
   a forward reference, rendered in terms of the defining path. */
static void cases_expr(void) {
  TirxPlan *p = tirx_plan_create("func");
  int bs = tirx_plan_add_symbol(p, "batch_size", I32);
  TirxPlanExpr a[1];
  tirx_plan_expr_init(&a[0]);
  tirx_plan_expr_push(&a[0], TIRX_EXPR_SYM, bs);
  tirx_plan_expr_push(&a[0], TIRX_EXPR_CONST, 1);
  tirx_plan_expr_push(&a[0], TIRX_EXPR_ADD, 0);
  TirxPlanExpr b[1] = {s(bs)};
  tensor(p, "A", I32, 1, a);
  tensor(p, "B", I32, 1, b);
  finish(p);
  Fake A, B;
  int64_t s5[1] = {5}, s4[1] = {4}, s3[1] = {3};
  fake(&A, I32, 1, s5);
  fake(&B, I32, 1, s4);
  TirxrtArg args[2] = {tirxrt_arg_tensor(&A.t), tirxrt_arg_tensor(&B.t)};
  run("expr-ok", p, args, 2);
  fake(&B, I32, 1, s3);
  run("expr-invalid", p, args, 2);
  tirx_plan_destroy(p);

  /* Rendering precedence: func(A: Tensor([(n - 1) * 2 // (n - 1)], float32)) with n
     from a scalar. */
  p = tirx_plan_create("func");
  int n = tirx_plan_add_symbol(p, "n", I32);
  tirx_plan_add_scalar_param(p, "n", I32, n);
  TirxPlanExpr e[1];
  tirx_plan_expr_init(&e[0]);
  int64_t prog[][2] = {{TIRX_EXPR_SYM, n},   {TIRX_EXPR_CONST, 1}, {TIRX_EXPR_SUB, 0},
                       {TIRX_EXPR_CONST, 2}, {TIRX_EXPR_MUL, 0},   {TIRX_EXPR_SYM, n},
                       {TIRX_EXPR_CONST, 1}, {TIRX_EXPR_SUB, 0},   {TIRX_EXPR_FLOORDIV, 0}};
  for (size_t i = 0; i < sizeof prog / sizeof prog[0]; i++)
    tirx_plan_expr_push(&e[0], (TirxExprOpcode)prog[i][0], prog[i][1]);
  tensor(p, "A", F32, 1, e);
  finish(p);
  Fake X;
  int64_t s7[1] = {7};
  fake(&X, F32, 1, s7);
  TirxrtArg sa[2] = {tirxrt_arg_int(4), tirxrt_arg_tensor(&X.t)};
  run("expr-precedence", p, sa, 2);
  tirx_plan_destroy(p);
}

/* Scalars: type acceptance, binding, "expected to match n". */
static void cases_scalar(void) {
  TirxPlan *p = tirx_plan_create("func");
  tirx_plan_add_scalar_param(p, "x", I32, -1);
  finish(p);
  TirxrtArg f[1] = {tirxrt_arg_float(2.5)};
  run("scalar-int-given-float", p, f, 1);
  TirxrtArg b[1] = {tirxrt_arg_bool(1)};
  run("scalar-int-given-bool", p, b, 1);
  tirx_plan_destroy(p);

  p = tirx_plan_create("func");
  tirx_plan_add_scalar_param(p, "flag", BOOL, -1);
  tirx_plan_add_scalar_param(p, "alpha", F32, -1);
  tirx_plan_add_handle_param(p, "h");
  finish(p);
  TirxrtArg a1[3] = {tirxrt_arg_float(1.0), tirxrt_arg_float(1.0), tirxrt_arg_ptr(NULL)};
  run("scalar-bool-given-float", p, a1, 3);
  TirxrtArg a2[3] = {tirxrt_arg_int(1), tirxrt_arg_ptr(NULL), tirxrt_arg_ptr(NULL)};
  run("scalar-float-given-ptr", p, a2, 3);
  TirxrtArg a3[3] = {tirxrt_arg_int(1), tirxrt_arg_int(2), tirxrt_arg_int(3)};
  run("handle-given-int", p, a3, 3);
  TirxrtArg a4[3] = {tirxrt_arg_int(1), tirxrt_arg_int(2), {TIRXRT_ARG_NONE, {0}}};
  run("scalars-ok", p, a4, 3);
  tirx_plan_destroy(p);

  /* func(a0: bool, a1: Tensor([4], float32)) called as (1, 1): argument #1. */
  p = tirx_plan_create("func");
  tirx_plan_add_scalar_param(p, "a0", BOOL, -1);
  TirxPlanExpr d[1] = {c(4)};
  tensor(p, "a1", F32, 1, d);
  finish(p);
  TirxrtArg a5[2] = {tirxrt_arg_int(1), tirxrt_arg_int(1)};
  run("phase-order", p, a5, 2);
  tirx_plan_destroy(p);

  /* func(n: int32, A: Tensor([n], float32)); an int64 symbol m bound from B. */
  p = tirx_plan_create("func");
  int n = tirx_plan_add_symbol(p, "n", I32);
  int m = tirx_plan_add_symbol(p, "m", I64);
  tirx_plan_add_scalar_param(p, "n", I32, n);
  TirxPlanExpr an[1] = {s(n)};
  tensor(p, "A", F32, 1, an);
  TirxPlanExpr bm[1] = {s(m)};
  tensor(p, "B", F32, 1, bm);
  finish(p);
  Fake A, B;
  int64_t s4[1] = {4}, big[1] = {INT64_C(0x100000004)};
  fake(&A, F32, 1, s4);
  fake(&B, F32, 1, big);
  TirxrtArg a6[3] = {tirxrt_arg_int(4), tirxrt_arg_tensor(&A.t), tirxrt_arg_tensor(&B.t)};
  run("scalar-binds", p, a6, 3);
  TirxrtArg a7[3] = {tirxrt_arg_int(3), tirxrt_arg_tensor(&A.t), tirxrt_arg_tensor(&B.t)};
  run("scalar-mismatch", p, a7, 3);
  /* int32 truncation of a shape: 2^32 + 4 binds n = 4 (TVM's silent truncation) */
  TirxrtArg a8[3] = {tirxrt_arg_int(INT64_C(0x100000004)), tirxrt_arg_tensor(&A.t),
                     tirxrt_arg_tensor(&B.t)};
  run("scalar-truncation", p, a8, 3);
  tirx_plan_destroy(p);
}

/* Launch extents and argument packing. */
static void cases_launch(void) {
  TirxPlan *p = tirx_plan_create("main");
  int n = tirx_plan_add_symbol(p, "n", I32);
  TirxPlanExpr d[1] = {s(n)};
  tensor(p, "A", F32, 1, d);
  tirx_plan_add_scalar_param(p, "alpha", F32, -1);
  tirx_plan_add_scalar_param(p, "flag", BOOL, -1);
  int k = tirx_plan_add_kernel(p, "main_kernel");
  TirxPlanExpr g;
  tirx_plan_expr_init(&g); /* ceildiv(n, 128) */
  tirx_plan_expr_push(&g, TIRX_EXPR_SYM, n);
  tirx_plan_expr_push(&g, TIRX_EXPR_CONST, 128);
  tirx_plan_expr_push(&g, TIRX_EXPR_CEILDIV, 0);
  tirx_plan_kernel_set_launch(p, k, TIRX_LAUNCH_GRID, 0, &g);
  tirx_plan_expr_clear(&g);
  TirxPlanExpr e = c(128);
  tirx_plan_kernel_set_launch(p, k, TIRX_LAUNCH_BLOCK, 0, &e);
  tirx_plan_expr_set_const(&e, 0); /* extent 0 -> launched as 1 */
  tirx_plan_kernel_set_launch(p, k, TIRX_LAUNCH_GRID, 1, &e);
  tirx_plan_expr_set_const(&e, -3); /* negative -> 1 */
  tirx_plan_kernel_set_launch(p, k, TIRX_LAUNCH_GRID, 2, &e);
  tirx_plan_expr_set_const(&e, 2);
  tirx_plan_kernel_set_launch(p, k, TIRX_LAUNCH_CLUSTER, 0, &e);
  tirx_plan_expr_clear(&e);
  tirx_plan_expr_push(&e, TIRX_EXPR_SYM, n); /* dyn smem = n * 4 */
  tirx_plan_expr_push(&e, TIRX_EXPR_CONST, 4);
  tirx_plan_expr_push(&e, TIRX_EXPR_MUL, 0);
  tirx_plan_kernel_set_dyn_smem(p, k, &e);
  tirx_plan_expr_clear(&e);
  tirx_plan_kernel_add_arg(p, k, TIRX_ARG_DATA_PTR, 0, TIRX_CTYPE_PTR);
  tirx_plan_kernel_add_arg(p, k, TIRX_ARG_SYMBOL, n, TIRX_CTYPE_I32);
  tirx_plan_kernel_add_arg(p, k, TIRX_ARG_SCALAR_PARAM, 1, TIRX_CTYPE_F32);
  tirx_plan_kernel_add_arg(p, k, TIRX_ARG_SCALAR_PARAM, 1, TIRX_CTYPE_F16);
  tirx_plan_kernel_add_arg(p, k, TIRX_ARG_SCALAR_PARAM, 1, TIRX_CTYPE_BF16);
  tirx_plan_kernel_add_arg(p, k, TIRX_ARG_SCALAR_PARAM, 2, TIRX_CTYPE_BOOL);
  tirx_plan_expr_push(&e, TIRX_EXPR_SYM, n); /* n - 1000 as i64 */
  tirx_plan_expr_push(&e, TIRX_EXPR_CONST, 1000);
  tirx_plan_expr_push(&e, TIRX_EXPR_SUB, 0);
  tirx_plan_kernel_add_expr_arg(p, k, &e, TIRX_CTYPE_I64);
  tirx_plan_expr_clear(&e);
  finish(p);

  Fake A;
  int64_t s300[1] = {300};
  fake(&A, F32, 1, s300);
  TirxrtArg args[3] = {tirxrt_arg_tensor(&A.t), tirxrt_arg_float(1.5), tirxrt_arg_int(7)};
  int64_t syms[1];
  int32_t dev;
  char *err = NULL;
  printf("== launch\n");
  TirxrtLaunchConfig lc;
  if (tirxrt_check_args(p, NULL, args, 3, syms, &dev, &err) != 0 ||
      tirxrt_eval_launch(p, k, syms, &lc, &err) != 0) {
    printf("FAIL: %s\n", err);
    failures++;
  } else {
    printf("grid=(%u,%u,%u) block=(%u,%u,%u) cluster=(%u,%u,%u) preferred=(%u,%u,%u) "
           "dyn_smem=%u\n", lc.grid[0], lc.grid[1], lc.grid[2], lc.block[0], lc.block[1],
           lc.block[2], lc.cluster[0], lc.cluster[1], lc.cluster[2], lc.preferred_cluster[0],
           lc.preferred_cluster[1], lc.preferred_cluster[2], lc.dyn_smem);
    RtHolder h[8];
    void *params[8];
    if (rt_pack_kernel_args(p, k, args, syms, NULL, h, params, &err) != 0) {
      printf("FAIL: %s\n", err);
      failures++;
    } else {
      printf("args: ptr_ok=%d n=%d f32=%g f16=0x%04x bf16=0x%04x bool=%u i64=%" PRId64
             " pointers_ok=%d\n", h[0].ptr == (void *)g_storage, (int)h[1].i32,
             (double)h[2].f32, (unsigned)h[3].u16, (unsigned)h[4].u16, (unsigned)h[5].u8,
             h[6].i64, params[3] == (void *)&h[3]);
    }
  }
  free(err);
  tirx_plan_destroy(p);
}

/* Python floor semantics and the signature of a plan with every param kind. */
static void cases_eval(void) {
  printf("== eval\n");
  int64_t ops[][3] = {{7, 2, TIRX_EXPR_FLOORDIV},  {-7, 2, TIRX_EXPR_FLOORDIV},
                      {7, -2, TIRX_EXPR_FLOORDIV}, {-7, 2, TIRX_EXPR_FLOORMOD},
                      {7, -2, TIRX_EXPR_FLOORMOD}, {-7, 2, TIRX_EXPR_CEILDIV},
                      {7, 2, TIRX_EXPR_CEILDIV},   {3, 9, TIRX_EXPR_MIN},
                      {3, 9, TIRX_EXPR_MAX},       {3, 9, TIRX_EXPR_SUB}};
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
    TirxPlanExpr e;
    tirx_plan_expr_init(&e);
    tirx_plan_expr_push(&e, TIRX_EXPR_CONST, ops[i][0]);
    tirx_plan_expr_push(&e, TIRX_EXPR_CONST, ops[i][1]);
    tirx_plan_expr_push(&e, (TirxExprOpcode)ops[i][2], 0);
    int64_t v = 0;
    tirx_plan_expr_eval(&e, NULL, 0, &v, NULL);
    printf("%" PRId64 " op%d %" PRId64 " = %" PRId64 "\n", ops[i][0], (int)ops[i][2],
           ops[i][1], v);
    tirx_plan_expr_clear(&e);
  }
  TirxPlanExpr dz;
  tirx_plan_expr_init(&dz);
  tirx_plan_expr_push(&dz, TIRX_EXPR_CONST, 1);
  tirx_plan_expr_push(&dz, TIRX_EXPR_CONST, 0);
  tirx_plan_expr_push(&dz, TIRX_EXPR_FLOORDIV, 0);
  int64_t v;
  char *err = NULL;
  if (tirx_plan_expr_eval(&dz, NULL, 0, &v, &err) != 0)
    printf("div0: %s\n", err);
  free(err);
  tirx_plan_expr_clear(&dz);
}

/* A plan whose kernel uses a symbol nobody binds must not validate. */
static void cases_validate(void) {
  printf("== validate\n");
  TirxPlan *p = tirx_plan_create("bad");
  int n = tirx_plan_add_symbol(p, "n", I32);
  int k = tirx_plan_add_kernel(p, "bad_kernel");
  tirx_plan_kernel_add_arg(p, k, TIRX_ARG_SYMBOL, n, TIRX_CTYPE_I32);
  char *err = NULL;
  if (tirx_plan_validate(p, &err) == 0) {
    printf("FAIL: unbound symbol accepted\n");
    failures++;
  } else {
    printf("%s\n", err);
  }
  free(err);
  err = NULL;
  tirx_plan_kernel_add_arg(p, k, TIRX_ARG_DATA_PTR, 5, TIRX_CTYPE_PTR);
  tirx_plan_add_scalar_param(p, "n", I32, n);
  if (tirx_plan_validate(p, &err) == 0) {
    printf("FAIL: bad param index accepted\n");
    failures++;
  } else {
    printf("%s\n", err);
  }
  free(err);
  tirx_plan_destroy(p);
}

int main(void) {
  cases_n0();
  cases_const();
  cases_expr();
  cases_scalar();
  cases_launch();
  cases_eval();
  cases_validate();
  printf("failures: %d\n", failures);
  return failures ? 1 : 0;
}
