/* rt_gpu_selftest.c — libtirxrt on a real GPU, with nvcc-built stand-in kernels
 * (rt_kernels.cu) and hand-built launch plans, independent of the compiler.
 *
 *   tirx-rt-gpu-selftest OUTDIR [NATIVE.cubin KERNELS.ptx OTHER.cubin OTHER_ARCH]
 *
 * NATIVE.cubin is built for the device's arch, OTHER.cubin for an arch the device
 * does not run (OTHER_ARCH, e.g. sm_100a on an H200).  By default they are the files
 * runtime/CMakeLists.txt builds with nvcc into <build>/gpu-inputs, found relative to
 * this executable (<build>/bin).  Prints "PASS <case>" or
 * "FAIL <case>: ..." per case and "failures: N"; exits 1 on any failure.  Also writes
 * OUTDIR/scale.tirxb (scale with a symbolic n) for the tirx-run tests.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tirx/bundle.h"
#include "tirx/plan.h"
#include "tirx/runtime.h"

static int failures;
static TirxrtContext *g_ctx;
static const char *g_native_cubin, *g_ptx, *g_other_cubin, *g_other_arch, *g_outdir;
static char g_arch[16];

static const DLDataType F32 = {kDLFloat, 32, 1};
static const DLDataType F64 = {kDLFloat, 64, 1};
static const DLDataType I32 = {kDLInt, 32, 1};

static void fail(const char *name, const char *fmt, const char *a) {
  printf("FAIL %s: ", name);
  printf(fmt, a ? a : "(null)");
  printf("\n");
  failures++;
}

/* ---- Plans ---------------------------------------------------------------------------- */

static TirxPlanExpr cst(int64_t v) {
  TirxPlanExpr e;
  tirx_plan_expr_init(&e);
  tirx_plan_expr_push(&e, TIRX_EXPR_CONST, v);
  return e;
}
static TirxPlanExpr sym(int32_t s) {
  TirxPlanExpr e;
  tirx_plan_expr_init(&e);
  tirx_plan_expr_push(&e, TIRX_EXPR_SYM, s);
  return e;
}
static TirxPlanExpr ceildiv(int32_t s, int64_t d) {
  TirxPlanExpr e = sym(s);
  tirx_plan_expr_push(&e, TIRX_EXPR_CONST, d);
  tirx_plan_expr_push(&e, TIRX_EXPR_CEILDIV, 0);
  return e;
}
static void set_launch(TirxPlan *p, int k, TirxLaunchDim d, int axis, TirxPlanExpr e) {
  tirx_plan_kernel_set_launch(p, k, d, axis, &e);
  tirx_plan_expr_clear(&e);
}
static int add_tensor(TirxPlan *p, const char *name, DLDataType t, TirxPlanExpr dim0) {
  int i = tirx_plan_add_tensor_param(p, name, NULL, t, 1, &dim0);
  tirx_plan_expr_clear(&dim0);
  return i;
}

/* main(A: Tensor([n], float32), B: Tensor([n], float32)): scale_kernel(A, B, n),
   grid ceildiv(n, block), block `block`. */
static TirxPlan *plan_scale(int64_t block, const char *kernel) {
  TirxPlan *p = tirx_plan_create("main");
  int n = tirx_plan_add_symbol(p, "n", I32);
  add_tensor(p, "A", F32, sym(n));
  add_tensor(p, "B", F32, sym(n));
  int k = tirx_plan_add_kernel(p, kernel);
  tirx_plan_kernel_add_arg(p, k, TIRX_ARG_DATA_PTR, 0, TIRX_CTYPE_PTR);
  tirx_plan_kernel_add_arg(p, k, TIRX_ARG_DATA_PTR, 1, TIRX_CTYPE_PTR);
  tirx_plan_kernel_add_arg(p, k, TIRX_ARG_SYMBOL, n, TIRX_CTYPE_I32);
  set_launch(p, k, TIRX_LAUNCH_GRID, 0, ceildiv(n, block));
  set_launch(p, k, TIRX_LAUNCH_BLOCK, 0, cst(block));
  return p;
}

/* A module from the given code objects ("n" native cubin, "p" PTX, "o" other-arch
   cubin) and plan (consumed); NULL on failure (reported under `name`). */
static TirxrtModule *make_module(const char *name, const char *codes, TirxPlan *plan,
                                 const char *save_as) {
  TirxBundle *b = tirx_bundle_create();
  for (const char *c = codes; *c; c++) {
    const char *path = *c == 'n' ? g_native_cubin : *c == 'p' ? g_ptx : g_other_cubin;
    FILE *f = fopen(path, "rb");
    if (!f) {
      fail(name, "cannot open %s", path);
      tirx_bundle_destroy(b);
      tirx_plan_destroy(plan);
      return NULL;
    }
    static char buf[1 << 22];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    tirx_bundle_add_code(b, *c == 'p' ? TIRX_CODE_PTX : TIRX_CODE_CUBIN,
                         *c == 'n' ? g_arch : *c == 'p' ? g_arch : g_other_arch, buf, n);
  }
  tirx_bundle_add_plan(b, plan);
  char *err = NULL;
  void *bytes = NULL;
  size_t size = 0;
  TirxrtModule *m = NULL;
  if (tirx_bundle_write(b, &bytes, &size, &err) != 0 ||
      (save_as && tirx_bundle_write_file(b, save_as, &err) != 0) ||
      tirxrt_module_load(g_ctx, bytes, size, &m, &err) != 0)
    fail(name, "%s", err);
  free(err);
  free(bytes);
  tirx_bundle_destroy(b);
  return m;
}

/* ---- Device tensors -------------------------------------------------------------------- */

typedef struct DevTensor {
  DLTensor t;
  int64_t shape[1];
} DevTensor;

static int dev_tensor(DevTensor *d, DLDataType dt, int64_t n, const void *init) {
  memset(d, 0, sizeof(*d));
  d->shape[0] = n;
  d->t.ndim = 1;
  d->t.shape = d->shape;
  d->t.dtype = dt;
  d->t.device.device_type = kDLCUDA;
  size_t bytes = (size_t)n * dt.bits / 8;
  char *err = NULL;
  int rc = tirxrt_mem_alloc(g_ctx, 0, bytes, &d->t.data, &err);
  if (rc == 0)
    rc = init ? tirxrt_memcpy_htod(g_ctx, 0, d->t.data, init, bytes, &err)
              : tirxrt_memset_zero(g_ctx, 0, d->t.data, bytes, &err);
  if (rc != 0)
    fail("alloc", "%s", err);
  free(err);
  return rc;
}

static void dev_free(DevTensor *d) { tirxrt_mem_free(g_ctx, 0, d->t.data, NULL); }

static int download(const char *name, void *host, const DevTensor *d) {
  char *err = NULL;
  size_t bytes = (size_t)d->shape[0] * d->t.dtype.bits / 8;
  if (tirxrt_synchronize(g_ctx, 0, &err) != 0 ||
      tirxrt_memcpy_dtoh(g_ctx, 0, host, d->t.data, bytes, &err) != 0) {
    fail(name, "%s", err);
    free(err);
    return -1;
  }
  return 0;
}

static int call(const char *name, TirxrtModule *m, TirxrtArg *args, int nargs) {
  TirxrtFunction *fn;
  char *err = NULL;
  if (tirxrt_module_get_function(m, NULL, &fn, &err) != 0 ||
      tirxrt_call(fn, args, nargs, NULL, &err) != 0) {
    fail(name, "%s", err);
    free(err);
    return -1;
  }
  return 0;
}

/* The call must fail with exactly `want`. */
static void call_expect_error(const char *name, TirxrtModule *m, TirxrtArg *args, int nargs,
                              const char *want) {
  TirxrtFunction *fn;
  char *err = NULL;
  if (tirxrt_module_get_function(m, NULL, &fn, &err) != 0) {
    fail(name, "%s", err);
  } else if (tirxrt_call(fn, args, nargs, NULL, &err) == 0) {
    fail(name, "call succeeded, expected: %s", want);
  } else if (strcmp(err, want) != 0) {
    printf("FAIL %s: message\n  got:  [%s]\n  want: [%s]\n", name, err, want);
    failures++;
  } else {
    printf("PASS %s\n", name);
  }
  free(err);
}

/* Calling `plan` (consumed) with two float tensors of na and nb elements must fail
   with exactly `want`. */
static void expect_two_tensor_error(const char *name, const char *codes, TirxPlan *plan,
                                    int64_t na, int64_t nb, const char *want) {
  TirxrtModule *m = make_module(name, codes, plan, NULL);
  if (!m)
    return;
  DevTensor A, B;
  dev_tensor(&A, F32, na, NULL);
  dev_tensor(&B, F32, nb, NULL);
  TirxrtArg args[2] = {tirxrt_arg_tensor(&A.t), tirxrt_arg_tensor(&B.t)};
  call_expect_error(name, m, args, 2, want);
  dev_free(&A);
  dev_free(&B);
  tirxrt_module_unload(m);
}

/* ---- Cases ------------------------------------------------------------------------------ */

static void case_scale(const char *name, const char *codes, int save) {
  char path[1024];
  snprintf(path, sizeof path, "%s/scale.tirxb", g_outdir);
  TirxrtModule *m = make_module(name, codes, plan_scale(128, "scale_kernel"),
                                save ? path : NULL);
  if (!m)
    return;
  enum { N = 1000 };
  float a[N], b[N];
  for (int i = 0; i < N; i++)
    a[i] = (float)i - 10.5f;
  DevTensor A, B;
  dev_tensor(&A, F32, N, a);
  dev_tensor(&B, F32, N, NULL);
  TirxrtArg args[2] = {tirxrt_arg_tensor(&A.t), tirxrt_arg_tensor(&B.t)};
  if (call(name, m, args, 2) == 0 && download(name, b, &B) == 0) {
    int bad = -1;
    for (int i = 0; i < N && bad < 0; i++)
      if (b[i] != 2.0f * a[i])
        bad = i;
    if (bad >= 0)
      fail(name, "wrong result at %s", bad == 0 ? "0" : "some index");
    else
      printf("PASS %s\n", name);
  }
  dev_free(&A);
  dev_free(&B);
  tirxrt_module_unload(m);
}

static void case_arg_error(void) {
  expect_two_tensor_error("arg-error", "n", plan_scale(128, "scale_kernel"), 8, 7,
                          "ValueError: Mismatched B.shape[0] on argument #1 when calling:\n"
                          "  `main(A: Tensor([n], float32), B: Tensor([n], float32))`,\n"
                          "  expected to match A.shape[0]");
}

static void case_two_kernels(void) {
  const char *name = "two-kernels";
  TirxPlan *p = tirx_plan_create("main");
  int n = tirx_plan_add_symbol(p, "n", I32);
  add_tensor(p, "A", F32, sym(n));
  add_tensor(p, "B", F32, sym(n));
  add_tensor(p, "C", F32, sym(n));
  const char *names[2] = {"add_one_kernel", "times_three_kernel"};
  for (int k = 0; k < 2; k++) {
    tirx_plan_add_kernel(p, names[k]);
    tirx_plan_kernel_add_arg(p, k, TIRX_ARG_DATA_PTR, k, TIRX_CTYPE_PTR);
    tirx_plan_kernel_add_arg(p, k, TIRX_ARG_DATA_PTR, k + 1, TIRX_CTYPE_PTR);
    tirx_plan_kernel_add_arg(p, k, TIRX_ARG_SYMBOL, n, TIRX_CTYPE_I32);
    set_launch(p, k, TIRX_LAUNCH_GRID, 0, ceildiv(n, 256));
    set_launch(p, k, TIRX_LAUNCH_BLOCK, 0, cst(256));
  }
  TirxrtModule *m = make_module(name, "n", p, NULL);
  if (!m)
    return;
  enum { N = 100000 };
  static float a[N], c[N];
  for (int i = 0; i < N; i++)
    a[i] = (float)(i % 1000);
  DevTensor A, B, C;
  dev_tensor(&A, F32, N, a);
  dev_tensor(&B, F32, N, NULL);
  dev_tensor(&C, F32, N, NULL);
  TirxrtArg args[3] = {tirxrt_arg_tensor(&A.t), tirxrt_arg_tensor(&B.t),
                       tirxrt_arg_tensor(&C.t)};
  if (call(name, m, args, 3) == 0 && download(name, c, &C) == 0) {
    int ok = 1;
    for (int i = 0; i < N && ok; i++)
      ok = c[i] == (a[i] + 1.0f) * 3.0f;
    if (ok)
      printf("PASS %s\n", name);
    else
      fail(name, "%s", "wrong result");
  }
  dev_free(&A);
  dev_free(&B);
  dev_free(&C);
  tirxrt_module_unload(m);
}

static void case_scalar_args(void) {
  const char *name = "scalar-args";
  static const struct {
    const char *name;
    DLDataType dt;
    TirxCType ct;
  } ps[] = {
      {"i32", {kDLInt, 32, 1}, TIRX_CTYPE_I32},     {"i64", {kDLInt, 64, 1}, TIRX_CTYPE_I64},
      {"u32", {kDLUInt, 32, 1}, TIRX_CTYPE_U32},    {"f32", {kDLFloat, 32, 1}, TIRX_CTYPE_F32},
      {"f64", {kDLFloat, 64, 1}, TIRX_CTYPE_F64},   {"f16", {kDLFloat, 16, 1}, TIRX_CTYPE_F16},
      {"bf16", {kDLBfloat, 16, 1}, TIRX_CTYPE_BF16}, {"u8", {kDLUInt, 8, 1}, TIRX_CTYPE_U8},
      {"b", {TIRX_DL_BOOL, 8, 1}, TIRX_CTYPE_BOOL}, {"i8", {kDLInt, 8, 1}, TIRX_CTYPE_I8},
      {"u64", {kDLUInt, 64, 1}, TIRX_CTYPE_U64},    {"i16", {kDLInt, 16, 1}, TIRX_CTYPE_I16},
      {"u16", {kDLUInt, 16, 1}, TIRX_CTYPE_U16},
  };
  enum { NP = sizeof ps / sizeof ps[0] };
  TirxPlan *p = tirx_plan_create("main");
  add_tensor(p, "out", F64, cst(NP));
  int k = tirx_plan_add_kernel(p, "args_kernel");
  tirx_plan_kernel_add_arg(p, k, TIRX_ARG_DATA_PTR, 0, TIRX_CTYPE_PTR);
  for (int i = 0; i < NP; i++) {
    int j = tirx_plan_add_scalar_param(p, ps[i].name, ps[i].dt, -1);
    tirx_plan_kernel_add_arg(p, k, TIRX_ARG_SCALAR_PARAM, j, ps[i].ct);
  }
  TirxrtModule *m = make_module(name, "n", p, NULL);
  if (!m)
    return;
  DevTensor out;
  dev_tensor(&out, F64, NP, NULL);
  TirxrtArg args[NP + 1] = {
      tirxrt_arg_tensor(&out.t), tirxrt_arg_int(-5),         tirxrt_arg_int(-(INT64_C(1) << 40)),
      tirxrt_arg_int(4000000000), tirxrt_arg_float(1.5),     tirxrt_arg_float(2.25),
      tirxrt_arg_float(0.5),     tirxrt_arg_float(3.0),      tirxrt_arg_int(200),
      tirxrt_arg_bool(1),        tirxrt_arg_int(-7),         tirxrt_arg_int(INT64_C(1) << 60),
      tirxrt_arg_int(-300),      tirxrt_arg_int(60000)};
  double want[NP] = {-5,  -1099511627776.0, 4000000000.0, 1.5, 2.25, 0.5,   3.0,
                     200, 1,                -7,           1152921504606846976.0,
                     -300, 60000};
  double got[NP];
  if (call(name, m, args, NP + 1) == 0 && download(name, got, &out) == 0) {
    int ok = 1;
    for (int i = 0; i < NP; i++)
      if (got[i] != want[i]) {
        printf("FAIL %s: %s = %.17g, want %.17g\n", name, ps[i].name, got[i], want[i]);
        failures++;
        ok = 0;
      }
    if (ok)
      printf("PASS %s\n", name);
  }
  dev_free(&out);
  tirxrt_module_unload(m);
}

/* 20 KiB static + m*4 bytes dynamic: opt-in needed when the total exceeds 48 KiB, and
   re-applied when a later call asks for more. */
static void case_smem(void) {
  const char *name = "dyn-smem";
  TirxPlan *p = tirx_plan_create("main");
  int msym = tirx_plan_add_symbol(p, "m", I32);
  add_tensor(p, "out", F32, cst(1));
  tirx_plan_add_scalar_param(p, "m", I32, msym);
  int k = tirx_plan_add_kernel(p, "smem_kernel");
  tirx_plan_kernel_add_arg(p, k, TIRX_ARG_DATA_PTR, 0, TIRX_CTYPE_PTR);
  tirx_plan_kernel_add_arg(p, k, TIRX_ARG_SYMBOL, msym, TIRX_CTYPE_I32);
  set_launch(p, k, TIRX_LAUNCH_BLOCK, 0, cst(256));
  TirxPlanExpr dyn = sym(msym);
  tirx_plan_expr_push(&dyn, TIRX_EXPR_CONST, 4);
  tirx_plan_expr_push(&dyn, TIRX_EXPR_MUL, 0);
  tirx_plan_kernel_set_dyn_smem(p, k, &dyn);
  tirx_plan_expr_clear(&dyn);
  TirxrtModule *m = make_module(name, "n", p, NULL);
  if (!m)
    return;
  DevTensor out;
  dev_tensor(&out, F32, 1, NULL);
  int sizes[] = {1000, 10000, 40000, 2000};
  int ok = 1;
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0] && ok; i++) {
    TirxrtArg args[2] = {tirxrt_arg_tensor(&out.t), tirxrt_arg_int(sizes[i])};
    float got = 0;
    ok = call(name, m, args, 2) == 0 && download(name, &got, &out) == 0;
    if (ok && got != 5120.0f + 2.0f * (float)sizes[i]) {
      printf("FAIL %s: m=%d sum=%g\n", name, sizes[i], (double)got);
      failures++;
      ok = 0;
    }
  }
  if (ok)
    printf("PASS %s (dyn 4000, 40000, 160000, 8000 bytes + 20480 static)\n", name);
  dev_free(&out);
  tirxrt_module_unload(m);
}

/* cluster (c,1,1), optionally preferred (pc,1,1), grid 16: every CTA reports its
   cluster size. */
static void case_cluster(int c, int pc) {
  char name[64];
  snprintf(name, sizeof name, "cluster-%d%s%d", c, pc ? "-preferred-" : "", pc);
  if (!pc)
    snprintf(name, sizeof name, "cluster-%d", c);
  enum { G = 16 };
  TirxPlan *p = tirx_plan_create("main");
  add_tensor(p, "out", I32, cst(4 * G));
  int k = tirx_plan_add_kernel(p, "cluster_kernel");
  tirx_plan_kernel_add_arg(p, k, TIRX_ARG_DATA_PTR, 0, TIRX_CTYPE_PTR);
  set_launch(p, k, TIRX_LAUNCH_GRID, 0, cst(G));
  set_launch(p, k, TIRX_LAUNCH_BLOCK, 0, cst(32));
  set_launch(p, k, TIRX_LAUNCH_CLUSTER, 0, cst(c));
  if (pc)
    set_launch(p, k, TIRX_LAUNCH_PREFERRED_CLUSTER, 0, cst(pc));
  TirxrtModule *m = make_module(name, "n", p, NULL);
  if (!m)
    return;
  DevTensor out;
  dev_tensor(&out, I32, 4 * G, NULL);
  TirxrtArg args[1] = {tirxrt_arg_tensor(&out.t)};
  int got[4 * G];
  if (call(name, m, args, 1) == 0 && download(name, got, &out) == 0) {
    int ok = 1, sizes = 0;
    for (int b = 0; b < G && ok; b++) {
      int sz = got[4 * b];
      ok = (sz == c || (pc && sz == pc)) && got[4 * b + 1] < sz && got[4 * b + 2] == G &&
           got[4 * b + 3] == 32;
      sizes |= 1 << (sz & 31);
    }
    if (ok)
      printf("PASS %s (cluster sizes seen: %s%s)\n", name, sizes & (1 << c) ? "c" : "",
             pc && (sizes & (1 << pc)) ? " preferred" : "");
    else
      fail(name, "%s", "wrong cluster shape");
  }
  dev_free(&out);
  tirxrt_module_unload(m);
}

/* grid = g (a scalar): 0 and negative extents are launched as 1. */
static void case_extent_zero(void) {
  const char *name = "extent-zero";
  TirxPlan *p = tirx_plan_create("main");
  int g = tirx_plan_add_symbol(p, "g", I32);
  add_tensor(p, "counter", I32, cst(1));
  tirx_plan_add_scalar_param(p, "g", I32, g);
  int k = tirx_plan_add_kernel(p, "count_kernel");
  tirx_plan_kernel_add_arg(p, k, TIRX_ARG_DATA_PTR, 0, TIRX_CTYPE_PTR);
  set_launch(p, k, TIRX_LAUNCH_GRID, 0, sym(g));
  set_launch(p, k, TIRX_LAUNCH_BLOCK, 0, cst(32));
  TirxrtModule *m = make_module(name, "n", p, NULL);
  if (!m)
    return;
  DevTensor ctr;
  dev_tensor(&ctr, I32, 1, NULL);
  int grids[] = {0, -2, 3}, want[] = {1, 2, 5}, ok = 1;
  for (int i = 0; i < 3 && ok; i++) {
    TirxrtArg args[2] = {tirxrt_arg_tensor(&ctr.t), tirxrt_arg_int(grids[i])};
    int got = 0;
    ok = call(name, m, args, 2) == 0 && download(name, &got, &ctr) == 0;
    if (ok && got != want[i]) {
      printf("FAIL %s: after grid=%d counter=%d, want %d\n", name, grids[i], got, want[i]);
      failures++;
      ok = 0;
    }
  }
  if (ok)
    printf("PASS %s\n", name);
  dev_free(&ctr);
  tirxrt_module_unload(m);
}

static void case_launch_error(void) {
  expect_two_tensor_error("launch-error", "n", plan_scale(2048, "scale_kernel"), 1000, 1000,
                          "InternalError: CUDALaunch Error: CUDA_ERROR_INVALID_VALUE\n"
                          " grid=(1,1,1),  block=(2048,1,1)\n// func_name=scale_kernel");
}

static void case_missing_kernel(void) {
  expect_two_tensor_error("missing-kernel", "n", plan_scale(128, "nope_kernel"), 10, 10,
                          "CUDAError: cuModuleGetFunction nope_kernel failed with error: "
                          "CUDA_ERROR_NOT_FOUND");
}

static void case_wrong_arch(void) {
  char want[512];
  snprintf(want, sizeof want,
           "CUDAError: the bundle has no code for device 0 (%s): it holds cubin %s and no "
           "PTX; recompile with --mcpu=%s", g_arch, g_other_arch, g_arch);
  expect_two_tensor_error("wrong-arch", "o", plan_scale(128, "scale_kernel"), 10, 10, want);
}

/* Last: a kernel fault surfaces at the next synchronisation, not in the call. */
static void case_async_fault(void) {
  const char *name = "async-fault";
  TirxPlan *p = tirx_plan_create("main");
  int n = tirx_plan_add_symbol(p, "n", I32);
  add_tensor(p, "A", F32, sym(n));
  tirx_plan_add_handle_param(p, "B");
  int k = tirx_plan_add_kernel(p, "scale_kernel");
  tirx_plan_kernel_add_arg(p, k, TIRX_ARG_DATA_PTR, 0, TIRX_CTYPE_PTR);
  tirx_plan_kernel_add_arg(p, k, TIRX_ARG_DATA_PTR, 1, TIRX_CTYPE_PTR);
  tirx_plan_kernel_add_arg(p, k, TIRX_ARG_SYMBOL, n, TIRX_CTYPE_I32);
  set_launch(p, k, TIRX_LAUNCH_GRID, 0, ceildiv(n, 128));
  set_launch(p, k, TIRX_LAUNCH_BLOCK, 0, cst(128));
  TirxrtModule *m = make_module(name, "n", p, NULL);
  if (!m)
    return;
  DevTensor A;
  dev_tensor(&A, F32, 256, NULL);
  TirxrtArg args[2] = {tirxrt_arg_tensor(&A.t), tirxrt_arg_ptr((void *)(uintptr_t)0x10)};
  char *err = NULL;
  if (call(name, m, args, 2) == 0) {
    if (tirxrt_synchronize(g_ctx, 0, &err) == 0)
      fail(name, "%s", "synchronize succeeded after a faulting kernel");
    else if (strncmp(err, "CUDAError: cuCtxSynchronize failed: CUDA_ERROR_ILLEGAL_ADDRESS",
                     62) != 0)
      fail(name, "unexpected message: %s", err);
    else
      printf("PASS %s\n", name);
  }
  free(err);
  /* The context is unusable now; leak A and the module deliberately. */
}

#ifndef TIRX_GPU_TEST_OTHER_ARCH
#define TIRX_GPU_TEST_OTHER_ARCH "sm_100a"
#endif

/* <dir of this executable>/../gpu-inputs/<file> (malloc'd). */
static char *default_input(const char *file) {
  static char exe[4096];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0)
    return NULL;
  exe[n] = '\0';
  char *slash = strrchr(exe, '/');
  if (slash)
    *slash = '\0';
  size_t len = strlen(exe) + strlen(file) + 32;
  char *p = malloc(len);
  snprintf(p, len, "%s/../gpu-inputs/%s", exe, file);
  return p;
}

int main(int argc, char **argv) {
  if (argc != 2 && argc != 6) {
    fprintf(stderr, "usage: tirx-rt-gpu-selftest OUTDIR [NATIVE.cubin KERNELS.ptx "
                    "OTHER.cubin OTHER_ARCH]\n");
    return 2;
  }
  g_outdir = argv[1];
  char *err = NULL;
  int count = 0;
  if (tirxrt_device_count(&count, &err) != 0 || tirxrt_device_arch(0, g_arch, &err) != 0 ||
      tirxrt_context_create(&g_ctx, &err) != 0) {
    printf("no device: %s\n", err);
    free(err);
    return 3;
  }
  if (argc == 6) {
    g_native_cubin = argv[2];
    g_ptx = argv[3];
    g_other_cubin = argv[4];
    g_other_arch = argv[5];
  } else {
    char file[64];
    snprintf(file, sizeof file, "rt_kernels.%s.cubin", g_arch);
    g_native_cubin = default_input(file);
    snprintf(file, sizeof file, "rt_kernels.%s.ptx", g_arch);
    g_ptx = default_input(file);
    g_other_arch = TIRX_GPU_TEST_OTHER_ARCH;
    snprintf(file, sizeof file, "rt_kernels.%s.cubin", g_other_arch);
    g_other_cubin = default_input(file);
  }
  printf("devices: %d, device 0: %s\n", count, g_arch);
  case_scale("scale-cubin", "n", 1);
  case_scale("scale-ptx-jit", "p", 0);
  case_scale("scale-prefers-native-cubin", "opn", 0);
  case_arg_error();
  case_two_kernels();
  case_scalar_args();
  case_smem();
  case_cluster(2, 0);
  case_cluster(16, 0);
  case_cluster(2, 4);
  case_extent_zero();
  case_launch_error();
  case_missing_kernel();
  case_wrong_arch();
  case_async_fault();
  printf("failures: %d\n", failures);
  return failures ? 1 : 0;
}
