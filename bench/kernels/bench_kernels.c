/* bench_kernels.c — GPU execution time of tirx's cubins next to nvcc's, in one process.
 *
 *   tirx-bench-kernels SPECFILE [--iters N] [--rounds R]
 *
 * SPECFILE has one kernel per line (blank lines and # comments skipped):
 *
 *   NAME OURS.cubin NVCC.cubin SYMBOL[,NVCC_SYMBOL] GX GY GZ BX BY BZ DYN_SMEM ARG...
 *
 * ARG is `buf:COUNT` (a float32 device buffer of COUNT elements, filled with the same
 * pattern for both cubins), `f32:VALUE` or `i32:VALUE` (a scalar).  Both kernels get the
 * same launch configuration and the same argument values.
 *
 * Per kernel: each cubin is loaded with cuModuleLoadData; one launch on fresh buffers
 * for each, and every buffer is compared byte for byte afterwards ("same" / "DIFFERS");
 * then R rounds, alternating which goes first, each timing N back-to-back launches on
 * the default stream between two CUevents.  Reported: the median µs per launch of each,
 * the ratio ours/nvcc, and registers per thread (CU_FUNC_ATTRIBUTE_NUM_REGS).
 * These kernels are tiny, so the times are mostly launch throughput; a ratio near 1.0
 * says the code is no slower than nvcc's.
 *
 * The CUDA driver is loaded with dlopen (no cuda.h, no link-time libcuda) so the program
 * builds anywhere.  Exit: 0 ok, 1 a kernel failed or a result differs, 2 usage, 3 no GPU.
 */
#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUres;
typedef void *Handle;

static struct {
  CUres (*Init)(unsigned);
  CUres (*DeviceGet)(int *, int);
  CUres (*PrimaryCtxRetain)(Handle *, int);
  CUres (*CtxSetCurrent)(Handle);
  CUres (*ModuleLoadData)(Handle *, const void *);
  CUres (*ModuleGetFunction)(Handle *, Handle, const char *);
  CUres (*FuncGetAttribute)(int *, int, Handle);
  CUres (*FuncSetAttribute)(Handle, int, int);
  CUres (*MemAlloc)(uint64_t *, size_t);
  CUres (*MemFree)(uint64_t);
  CUres (*MemcpyHtoD)(uint64_t, const void *, size_t);
  CUres (*MemcpyDtoH)(void *, uint64_t, size_t);
  CUres (*LaunchKernel)(Handle, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                        unsigned, Handle, void **, void **);
  CUres (*EventCreate)(Handle *, unsigned);
  CUres (*EventRecord)(Handle, Handle);
  CUres (*EventSynchronize)(Handle);
  CUres (*EventElapsedTime)(float *, Handle, Handle);
  CUres (*CtxSynchronize)(void);
  CUres (*GetErrorName)(CUres, const char **);
} cu;

enum { ATTR_SHARED_SIZE = 1, ATTR_NUM_REGS = 4, ATTR_MAX_DYN_SMEM = 8 };

static const char *errname(CUres r) {
  const char *s = NULL;
  if (!cu.GetErrorName || cu.GetErrorName(r, &s) != 0 || !s) return "CUDA_ERROR_?";
  return s;
}

#define CK(call, what)                                                                   \
  do {                                                                                   \
    CUres r_ = (call);                                                                   \
    if (r_ != 0) {                                                                       \
      fprintf(stderr, "tirx-bench-kernels: %s: %s failed: %s\n", k->name, what,          \
              errname(r_));                                                              \
      return -1;                                                                         \
    }                                                                                    \
  } while (0)

static int load_driver(void) {
  const char *lib = getenv("TIRX_LIBCUDA");
  void *h = dlopen(lib && *lib ? lib : "libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    fprintf(stderr, "tirx-bench-kernels: no CUDA driver: %s\n", dlerror());
    return -1;
  }
  struct {
    void **slot;
    const char *names[2];
  } syms[] = {
      {(void **)&cu.Init, {"cuInit", NULL}},
      {(void **)&cu.DeviceGet, {"cuDeviceGet", NULL}},
      {(void **)&cu.PrimaryCtxRetain, {"cuDevicePrimaryCtxRetain", NULL}},
      {(void **)&cu.CtxSetCurrent, {"cuCtxSetCurrent", NULL}},
      {(void **)&cu.ModuleLoadData, {"cuModuleLoadData", NULL}},
      {(void **)&cu.ModuleGetFunction, {"cuModuleGetFunction", NULL}},
      {(void **)&cu.FuncGetAttribute, {"cuFuncGetAttribute", NULL}},
      {(void **)&cu.FuncSetAttribute, {"cuFuncSetAttribute", NULL}},
      {(void **)&cu.MemAlloc, {"cuMemAlloc_v2", NULL}},
      {(void **)&cu.MemFree, {"cuMemFree_v2", NULL}},
      {(void **)&cu.MemcpyHtoD, {"cuMemcpyHtoD_v2", NULL}},
      {(void **)&cu.MemcpyDtoH, {"cuMemcpyDtoH_v2", NULL}},
      {(void **)&cu.LaunchKernel, {"cuLaunchKernel", NULL}},
      {(void **)&cu.EventCreate, {"cuEventCreate", NULL}},
      {(void **)&cu.EventRecord, {"cuEventRecord", NULL}},
      {(void **)&cu.EventSynchronize, {"cuEventSynchronize", NULL}},
      {(void **)&cu.EventElapsedTime, {"cuEventElapsedTime_v2", "cuEventElapsedTime"}},
      {(void **)&cu.CtxSynchronize, {"cuCtxSynchronize", NULL}},
      {(void **)&cu.GetErrorName, {"cuGetErrorName", NULL}},
  };
  for (size_t i = 0; i < sizeof syms / sizeof syms[0]; i++) {
    for (int j = 0; j < 2 && syms[i].names[j] && !*syms[i].slot; j++)
      *syms[i].slot = dlsym(h, syms[i].names[j]);
    if (!*syms[i].slot) {
      fprintf(stderr, "tirx-bench-kernels: the CUDA driver lacks %s\n", syms[i].names[0]);
      return -1;
    }
  }
  return 0;
}

/* ---- the spec ---------------------------------------------------------------------- */

#define MAX_ARGS 16

typedef struct Arg {
  char kind; /* 'b' buffer, 'f' float, 'i' int */
  size_t count;
  float f;
  int32_t i;
  uint64_t dptr[2]; /* per variant */
} Arg;

typedef struct Kernel {
  char name[64], path[2][1024], sym[2][128];
  unsigned grid[3], block[3], smem;
  int nargs;
  Arg args[MAX_ARGS];
} Kernel;

static int parse_line(char *line, Kernel *k) {
  memset(k, 0, sizeof *k);
  char *tok[8 + 7 + MAX_ARGS];
  int n = 0;
  for (char *t = strtok(line, " \t\r\n"); t && n < (int)(sizeof tok / sizeof tok[0]);
       t = strtok(NULL, " \t\r\n"))
    tok[n++] = t;
  if (n < 11) return -1;
  snprintf(k->name, sizeof k->name, "%s", tok[0]);
  snprintf(k->path[0], sizeof k->path[0], "%s", tok[1]);
  snprintf(k->path[1], sizeof k->path[1], "%s", tok[2]);
  char *comma = strchr(tok[3], ',');
  if (comma) *comma = '\0';
  snprintf(k->sym[0], sizeof k->sym[0], "%s", tok[3]);
  snprintf(k->sym[1], sizeof k->sym[1], "%s", comma ? comma + 1 : tok[3]);
  for (int d = 0; d < 3; d++) {
    k->grid[d] = (unsigned)strtoul(tok[4 + d], NULL, 10);
    k->block[d] = (unsigned)strtoul(tok[7 + d], NULL, 10);
  }
  k->smem = (unsigned)strtoul(tok[10], NULL, 10);
  for (int a = 11; a < n; a++) {
    if (k->nargs == MAX_ARGS) return -1;
    Arg *g = &k->args[k->nargs++];
    if (!strncmp(tok[a], "buf:", 4)) {
      g->kind = 'b';
      g->count = strtoul(tok[a] + 4, NULL, 10);
    } else if (!strncmp(tok[a], "f32:", 4)) {
      g->kind = 'f';
      g->f = strtof(tok[a] + 4, NULL);
    } else if (!strncmp(tok[a], "i32:", 4)) {
      g->kind = 'i';
      g->i = (int32_t)strtol(tok[a] + 4, NULL, 10);
    } else {
      return -1;
    }
  }
  return 0;
}

/* A whole (regular) file, malloc'd; NULL if it cannot be read. */
static void *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *buf = NULL;
  long n = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
  if (n >= 0 && fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)n + 1)) != NULL &&
      fread(buf, 1, (size_t)n, f) != (size_t)n) {
    free(buf);
    buf = NULL;
  }
  fclose(f);
  return buf;
}

static int cmp_float(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return (x > y) - (x < y);
}

/* The initial contents of buffer `a` of a kernel (same for both variants). */
static void fill(float *h, size_t count, int a) {
  for (size_t i = 0; i < count; i++) h[i] = (float)((i * 7 + (size_t)a * 13) % 97) * 0.25f - 3.0f;
}

static int reset_buffers(Kernel *k, int v) {
  for (int a = 0; a < k->nargs; a++) {
    Arg *g = &k->args[a];
    if (g->kind != 'b') continue;
    float *h = malloc(g->count * sizeof(float) + 1);
    if (!h) return -1;
    fill(h, g->count, a);
    CUres r = cu.MemcpyHtoD(g->dptr[v], h, g->count * sizeof(float));
    free(h);
    if (r != 0) {
      fprintf(stderr, "tirx-bench-kernels: %s: cuMemcpyHtoD failed: %s\n", k->name, errname(r));
      return -1;
    }
  }
  return 0;
}

static int launch(Kernel *k, Handle fn, int v, int times) {
  void *params[MAX_ARGS];
  for (int a = 0; a < k->nargs; a++) {
    Arg *g = &k->args[a];
    params[a] = g->kind == 'b' ? (void *)&g->dptr[v] : g->kind == 'f' ? (void *)&g->f
                                                                       : (void *)&g->i;
  }
  for (int t = 0; t < times; t++)
    CK(cu.LaunchKernel(fn, k->grid[0], k->grid[1], k->grid[2], k->block[0], k->block[1],
                       k->block[2], k->smem, NULL, params, NULL),
       "cuLaunchKernel");
  return 0;
}

/* Runs one kernel; *same = 1 when both variants left identical buffers. */
static int bench(Kernel *k, int iters, int rounds, float us[2], int regs[2], int *same) {
  Handle mod[2] = {0}, fn[2] = {0}, ev[2];
  for (int v = 0; v < 2; v++) {
    void *img = slurp(k->path[v]);
    if (!img) {
      fprintf(stderr, "tirx-bench-kernels: %s: cannot read %s\n", k->name, k->path[v]);
      return -1;
    }
    CUres r = cu.ModuleLoadData(&mod[v], img);
    free(img);
    CK(r, v ? "cuModuleLoadData (nvcc)" : "cuModuleLoadData (tirx)");
    CK(cu.ModuleGetFunction(&fn[v], mod[v], k->sym[v]), "cuModuleGetFunction");
    CK(cu.FuncGetAttribute(&regs[v], ATTR_NUM_REGS, fn[v]), "cuFuncGetAttribute");
    int static_smem = 0;
    CK(cu.FuncGetAttribute(&static_smem, ATTR_SHARED_SIZE, fn[v]), "cuFuncGetAttribute");
    if (static_smem + (int)k->smem > 48 * 1024)
      CK(cu.FuncSetAttribute(fn[v], ATTR_MAX_DYN_SMEM, (int)k->smem), "cuFuncSetAttribute");
    for (int a = 0; a < k->nargs; a++)
      if (k->args[a].kind == 'b')
        CK(cu.MemAlloc(&k->args[a].dptr[v], k->args[a].count * sizeof(float) + 16),
           "cuMemAlloc");
  }
  CK(cu.EventCreate(&ev[0], 0), "cuEventCreate");
  CK(cu.EventCreate(&ev[1], 0), "cuEventCreate");

  /* One launch each on fresh buffers, then compare every buffer. */
  *same = 1;
  for (int v = 0; v < 2; v++)
    if (reset_buffers(k, v) || launch(k, fn[v], v, 1)) return -1;
  CK(cu.CtxSynchronize(), "the first launch");
  for (int a = 0; a < k->nargs; a++) {
    Arg *g = &k->args[a];
    if (g->kind != 'b') continue;
    size_t bytes = g->count * sizeof(float);
    char *h0 = malloc(bytes + 1), *h1 = malloc(bytes + 1);
    if (!h0 || !h1) return -1;
    CK(cu.MemcpyDtoH(h0, g->dptr[0], bytes), "cuMemcpyDtoH");
    CK(cu.MemcpyDtoH(h1, g->dptr[1], bytes), "cuMemcpyDtoH");
    if (memcmp(h0, h1, bytes) != 0) *same = 0;
    free(h0);
    free(h1);
  }

  /* Warm up, then time. */
  for (int v = 0; v < 2; v++)
    if (launch(k, fn[v], v, 20)) return -1;
  CK(cu.CtxSynchronize(), "the warm-up");
  float *t[2];
  t[0] = calloc((size_t)rounds, sizeof(float));
  t[1] = calloc((size_t)rounds, sizeof(float));
  if (!t[0] || !t[1]) return -1;
  for (int r = 0; r < rounds; r++)
    for (int o = 0; o < 2; o++) {
      int v = (r + o) % 2;
      CK(cu.EventRecord(ev[0], NULL), "cuEventRecord");
      if (launch(k, fn[v], v, iters)) return -1;
      CK(cu.EventRecord(ev[1], NULL), "cuEventRecord");
      CK(cu.EventSynchronize(ev[1]), "cuEventSynchronize");
      float ms = 0;
      CK(cu.EventElapsedTime(&ms, ev[0], ev[1]), "cuEventElapsedTime");
      t[v][r] = ms * 1000.0f / (float)iters;
    }
  for (int v = 0; v < 2; v++) {
    qsort(t[v], (size_t)rounds, sizeof(float), cmp_float);
    us[v] = t[v][rounds / 2];
    free(t[v]);
    for (int a = 0; a < k->nargs; a++)
      if (k->args[a].kind == 'b') cu.MemFree(k->args[a].dptr[v]);
  }
  return 0;
}

int main(int argc, char **argv) {
  const char *spec = NULL;
  int iters = 2000, rounds = 7;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--iters") && i + 1 < argc)
      iters = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--rounds") && i + 1 < argc)
      rounds = atoi(argv[++i]);
    else if (argv[i][0] != '-' && !spec)
      spec = argv[i];
    else {
      fprintf(stderr, "usage: tirx-bench-kernels SPECFILE [--iters N] [--rounds R]\n");
      return 2;
    }
  }
  if (!spec || iters < 1 || rounds < 1) {
    fprintf(stderr, "usage: tirx-bench-kernels SPECFILE [--iters N] [--rounds R]\n");
    return 2;
  }
  FILE *f = fopen(spec, "r");
  if (!f) {
    fprintf(stderr, "tirx-bench-kernels: cannot open %s\n", spec);
    return 2;
  }
  Handle ctx;
  int dev;
  if (load_driver() || cu.Init(0) != 0 || cu.DeviceGet(&dev, 0) != 0 ||
      cu.PrimaryCtxRetain(&ctx, dev) != 0 || cu.CtxSetCurrent(ctx) != 0) {
    fprintf(stderr, "tirx-bench-kernels: no CUDA device available\n");
    fclose(f);
    return 3;
  }
  printf("%-14s %10s %10s %8s %11s  %s   (median of %d rounds x %d launches)\n", "kernel",
         "tirx us", "nvcc us", "ratio", "regs t/n", "result", rounds, iters);
  char line[4096];
  int failed = 0, n = 0;
  double logsum = 0;
  while (fgets(line, sizeof line, f)) {
    char *p = line;
    while (*p == ' ' || *p == '\t') p++;
    if (*p == '#' || *p == '\n' || *p == '\0') continue;
    Kernel k;
    if (parse_line(p, &k) != 0) {
      fprintf(stderr, "tirx-bench-kernels: bad spec line: %s", line);
      failed = 1;
      continue;
    }
    float us[2];
    int regs[2], same = 0;
    if (bench(&k, iters, rounds, us, regs, &same) != 0) {
      printf("%-14s FAILED\n", k.name);
      failed = 1;
      continue;
    }
    double ratio = us[0] / us[1];
    printf("%-14s %10.3f %10.3f %8.3f %5d/%-5d  %s\n", k.name, us[0], us[1], ratio, regs[0],
           regs[1], same ? "same" : "DIFFERS");
    fflush(stdout);
    failed |= !same;
    logsum += log(ratio);
    n++;
  }
  fclose(f);
  if (n) printf("geomean ratio tirx/nvcc over %d kernels: %.3f (target <= 1.0)\n", n,
                exp(logsum / n));
  return failed ? 1 : 0;
}
