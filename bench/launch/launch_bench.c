/* launch_bench.c — per-launch cost of tirxrt_call versus a raw cuLaunchKernel of the
 * same kernel, side by side in one process.
 *
 *   tirx-bench-launch [--iters N] [--rounds R] [FILE]
 *
 * FILE is a cubin holding `bench_scale_kernel(const float *A, float *B)` (default:
 * <build>/gpu-inputs/launch_kernels.<device arch>.cubin, built by nvcc from
 * launch_kernels.cu) or a .tirxb bundle (e.g. from `tirx-llc --emit=bundle
 * examples/scale.py`) whose plan has tensor params with constant shapes and whose
 * kernel takes only data pointers.  Each round times N back-to-back launches on the
 * default stream followed by one synchronisation, for both paths (alternating which
 * goes first); the report gives the median µs/launch over R rounds, the difference and
 * the ratio.  The raw path loads the same code object into its own CUmodule and calls
 * cuLaunchKernel with a prebuilt argument array: the floor any launcher pays.
 * Exit: 0 ok (result checked), 1 failure, 3 no GPU.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cuda.h>

#include "tirx/bundle.h"
#include "tirx/plan.h"
#include "tirx/runtime.h"

typedef struct Raw {
  CUresult (*ModuleLoadData)(CUmodule *, const void *);
  CUresult (*ModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*LaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned,
                           unsigned, unsigned, CUstream, void **, void **);
  CUresult (*LaunchKernelEx)(const CUlaunchConfig *, CUfunction, void **, void **);
  CUresult (*CtxSynchronize)(void);
} Raw;

static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static int die(const char *what, char *err) {
  fprintf(stderr, "tirx-bench-launch: %s: %s\n", what, err ? err : "failed");
  free(err);
  return 1;
}

/* Read a whole file (malloc'd). */
static void *slurp(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  size_t cap = 1 << 20, len = 0, got;
  char *buf = malloc(cap);
  while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
    len += got;
    if (len == cap)
      buf = realloc(buf, cap *= 2);
  }
  fclose(f);
  *n = len;
  return buf;
}

int main(int argc, char **argv) {
  int iters = 10000, rounds = 5;
  const char *file = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--iters") == 0 && i + 1 < argc)
      iters = atoi(argv[++i]);
    else if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc)
      rounds = atoi(argv[++i]);
    else if (argv[i][0] != '-' && !file)
      file = argv[i];
    else {
      fprintf(stderr, "usage: tirx-bench-launch [--iters N] [--rounds R] [FILE]\n");
      return 2;
    }
  }
  if (iters < 1 || rounds < 1 || rounds > 100)
    return 2;

  char *err = NULL, arch[16];
  TirxrtContext *ctx;
  if (tirxrt_device_arch(0, arch, &err) != 0 || tirxrt_context_create(&ctx, &err) != 0) {
    fprintf(stderr, "tirx-bench-launch: no CUDA device available: %s\n", err);
    free(err);
    return 3;
  }
  char deflt[4096];
  if (!file) {
    ssize_t n = readlink("/proc/self/exe", deflt, sizeof deflt - 64);
    if (n <= 0)
      return die("readlink", NULL);
    deflt[n] = '\0';
    *strrchr(deflt, '/') = '\0';
    snprintf(deflt + strlen(deflt), 64, "/../gpu-inputs/launch_kernels.%s.cubin", arch);
    file = deflt;
  }
  size_t size = 0;
  void *bytes = slurp(file, &size);
  if (!bytes)
    return die(file, NULL);

  /* The bundle: given, or a cubin wrapped with a plan main(A: [256], B: [256]). */
  TirxBundle *b = NULL;
  if (size >= 8 && memcmp(bytes, "TIRXBNDL", 8) == 0) {
    if (tirx_bundle_read(bytes, size, &b, &err) != 0)
      return die(file, err);
  } else {
    b = tirx_bundle_create();
    tirx_bundle_add_code(b, TIRX_CODE_CUBIN, arch, bytes, size);
    TirxPlan *p = tirx_plan_create("main");
    TirxPlanExpr d;
    tirx_plan_expr_init(&d);
    tirx_plan_expr_set_const(&d, 256);
    tirx_plan_add_tensor_param(p, "A", NULL, (DLDataType){kDLFloat, 32, 1}, 1, &d);
    tirx_plan_add_tensor_param(p, "B", NULL, (DLDataType){kDLFloat, 32, 1}, 1, &d);
    int k = tirx_plan_add_kernel(p, "bench_scale_kernel");
    tirx_plan_kernel_add_arg(p, k, TIRX_ARG_DATA_PTR, 0, TIRX_CTYPE_PTR);
    tirx_plan_kernel_add_arg(p, k, TIRX_ARG_DATA_PTR, 1, TIRX_CTYPE_PTR);
    tirx_plan_kernel_set_launch(p, k, TIRX_LAUNCH_BLOCK, 0, &d);
    tirx_plan_expr_clear(&d);
    tirx_bundle_add_plan(b, p);
  }
  free(bytes);
  const TirxPlan *plan = tirx_bundle_find_plan(b, NULL);
  if (!plan || plan->nkernels != 1)
    return die(file, strdup("need one entry function with one kernel"));
  const TirxPlanKernel *pk = &plan->kernels[0];
  const TirxBundleCode *code = NULL;
  for (int32_t i = 0; i < b->ncodes && !code; i++)
    if (b->codes[i].kind != TIRX_CODE_PTX && strcmp(b->codes[i].arch, arch) == 0)
      code = &b->codes[i];
  for (int32_t i = 0; i < b->ncodes && !code; i++)
    if (b->codes[i].kind == TIRX_CODE_PTX)
      code = &b->codes[i];
  if (!code)
    return die(file, strdup("no code object for this device"));

  /* Arguments: every param a tensor with constant dims, filled with 0, 1, 2, ... */
  TirxrtArg *args = calloc((size_t)plan->nparams, sizeof(*args));
  DLTensor *ts = calloc((size_t)plan->nparams, sizeof(*ts));
  int64_t *shapes = calloc((size_t)plan->nparams * 8, sizeof(*shapes));
  void **raw_params = calloc((size_t)pk->nargs + 1, sizeof(*raw_params));
  for (int32_t i = 0; i < plan->nparams; i++) {
    const TirxPlanParam *pp = &plan->params[i];
    size_t n = 1;
    if (pp->kind != TIRX_PARAM_TENSOR || pp->ndim > 8)
      return die(file, strdup("benchmark plans take tensors only"));
    for (int32_t k = 0; k < pp->ndim; k++) {
      if (tirx_plan_expr_eval(&pp->shape[k], NULL, 0, &shapes[i * 8 + k], NULL) != 0)
        return die(file, strdup("benchmark plans need constant shapes"));
      n *= (size_t)shapes[i * 8 + k];
    }
    size_t nbytes = n * ((pp->dtype.bits * pp->dtype.lanes + 7u) / 8u);
    unsigned char *host = calloc(1, nbytes + 1);
    if (pp->dtype.code == kDLFloat && pp->dtype.bits == 32 && pp->dtype.lanes == 1)
      for (size_t j = 0; j < n; j++) {
        float v = (float)j;
        memcpy(host + 4 * j, &v, 4);
      }
    ts[i] = (DLTensor){NULL, {kDLCUDA, 0}, pp->ndim, pp->dtype, &shapes[i * 8], NULL, 0};
    if (tirxrt_mem_alloc(ctx, 0, nbytes, &ts[i].data, &err) != 0 ||
        tirxrt_memcpy_htod(ctx, 0, ts[i].data, host, nbytes, &err) != 0)
      return die("alloc", err);
    free(host);
    args[i] = tirxrt_arg_tensor(&ts[i]);
  }
  for (int32_t a = 0; a < pk->nargs; a++) {
    if (pk->args[a].source != TIRX_ARG_DATA_PTR)
      return die(file, strdup("benchmark kernels take data pointers only"));
    raw_params[a] = &ts[pk->args[a].index].data;
  }

  TirxrtModule *mod;
  TirxrtFunction *fn;
  if (tirxrt_module_from_bundle(ctx, b, &mod, &err) != 0 ||
      tirxrt_module_get_function(mod, plan->name, &fn, &err) != 0)
    return die("load", err);

  /* The raw path: its own handle on the driver, its own module of the same code. */
  Raw raw;
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  void *sym;
  if (!lib)
    return die("dlopen libcuda.so.1", strdup(dlerror()));
#define RESOLVE(field, name)                                                            \
  if (!(sym = dlsym(lib, name)))                                                        \
    return die(name, strdup("missing"));                                                \
  memcpy(&raw.field, &sym, sizeof sym);
  RESOLVE(ModuleLoadData, "cuModuleLoadData");
  RESOLVE(ModuleGetFunction, "cuModuleGetFunction");
  RESOLVE(LaunchKernel, "cuLaunchKernel");
  RESOLVE(LaunchKernelEx, "cuLaunchKernelEx");
  RESOLVE(CtxSynchronize, "cuCtxSynchronize");
  CUmodule rmod;
  CUfunction rfn;
  /* tirxrt made device 0's primary context current (allocations above). */
  if (raw.ModuleLoadData(&rmod, code->data) != CUDA_SUCCESS ||
      raw.ModuleGetFunction(&rfn, rmod, pk->name) != CUDA_SUCCESS)
    return die("raw module load", NULL);
  TirxrtLaunchConfig lc;
  int64_t nosyms[1] = {0};
  if (tirxrt_eval_launch(plan, 0, nosyms, &lc, &err) != 0)
    return die("launch config", err);

  /* Warm up both paths (module load, first-launch costs). */
  for (int i = 0; i < 100; i++) {
    if (tirxrt_call(fn, args, plan->nparams, NULL, &err) != 0)
      return die("tirxrt_call", err);
    if (raw.LaunchKernel(rfn, lc.grid[0], lc.grid[1], lc.grid[2], lc.block[0], lc.block[1],
                         lc.block[2], lc.dyn_smem, NULL, raw_params, NULL) != CUDA_SUCCESS)
      return die("cuLaunchKernel", NULL);
  }
  if (tirxrt_synchronize(ctx, 0, &err) != 0)
    return die("synchronize", err);

  /* Three paths per round, rotating which goes first: tirxrt_call, raw cuLaunchKernel,
     and raw cuLaunchKernelEx (what tirxrt_call uses underneath). */
  CUlaunchConfig cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.gridDimX = lc.grid[0];
  cfg.gridDimY = lc.grid[1];
  cfg.gridDimZ = lc.grid[2];
  cfg.blockDimX = lc.block[0];
  cfg.blockDimY = lc.block[1];
  cfg.blockDimZ = lc.block[2];
  cfg.sharedMemBytes = lc.dyn_smem;
  double *t[3];
  for (int p = 0; p < 3; p++)
    t[p] = calloc((size_t)rounds, sizeof(double));
  for (int r = 0; r < rounds; r++) {
    for (int pass = 0; pass < 3; pass++) {
      int path = (pass + r) % 3;
      double t0 = now_us();
      for (int i = 0; i < iters; i++) {
        CUresult cr = CUDA_SUCCESS;
        if (path == 0) {
          if (tirxrt_call(fn, args, plan->nparams, NULL, &err) != 0)
            return die("tirxrt_call", err);
        } else if (path == 1) {
          cr = raw.LaunchKernel(rfn, lc.grid[0], lc.grid[1], lc.grid[2], lc.block[0],
                                lc.block[1], lc.block[2], lc.dyn_smem, NULL, raw_params, NULL);
        } else {
          cr = raw.LaunchKernelEx(&cfg, rfn, raw_params, NULL);
        }
        if (cr != CUDA_SUCCESS)
          return die("raw launch", NULL);
      }
      if (raw.CtxSynchronize() != CUDA_SUCCESS)
        return die("cuCtxSynchronize", NULL);
      t[path][r] = (now_us() - t0) / iters;
    }
  }
  double med[3];
  for (int p = 0; p < 3; p++) {
    qsort(t[p], (size_t)rounds, sizeof(double), cmp_double);
    med[p] = t[p][rounds / 2];
  }
  double m_rt = med[0], m_raw = med[1];

  /* Check the result when the kernel is the benchmark's scale or the seed's
     (examples/scale.py): B == 2 * A over 256 floats. */
  const char *check = "not checked (not a scale kernel)";
  if ((strcmp(pk->name, "bench_scale_kernel") == 0 || strcmp(plan->name, "scale") == 0) &&
      plan->nparams == 2 && shapes[0] == 256 && shapes[8] == 256) {
    float out[256];
    if (tirxrt_memcpy_dtoh(ctx, 0, out, ts[1].data, sizeof out, &err) != 0)
      return die("read back", err);
    int ok = 1;
    for (int i = 0; i < 256; i++)
      ok &= out[i] == 2.0f * (float)i;
    if (!ok) {
      fprintf(stderr, "tirx-bench-launch: wrong result\n");
      return 1;
    }
    check = "ok (B == 2 * A)";
  }
  printf("device 0: %s; kernel %s, grid (%u,%u,%u), block (%u,%u,%u); %d launches x %d "
         "rounds, median\n", arch, pk->name, lc.grid[0], lc.grid[1], lc.grid[2],
         lc.block[0], lc.block[1], lc.block[2], iters, rounds);
  printf("raw cuLaunchKernel  : %8.3f us/launch  (min %.3f, max %.3f)\n", m_raw, t[1][0],
         t[1][rounds - 1]);
  printf("raw cuLaunchKernelEx: %8.3f us/launch  (min %.3f, max %.3f)\n", med[2], t[2][0],
         t[2][rounds - 1]);
  printf("tirxrt_call         : %8.3f us/launch  (min %.3f, max %.3f)\n", m_rt, t[0][0],
         t[0][rounds - 1]);
  printf("difference          : %+8.3f us/launch vs cuLaunchKernel (ratio %.3f), %+.3f vs "
         "cuLaunchKernelEx\n", m_rt - m_raw, m_rt / m_raw, m_rt - med[2]);
  printf("result              : %s\n", check);
  return 0;
}
