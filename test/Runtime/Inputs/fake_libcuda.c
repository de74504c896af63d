/* fake_libcuda.c — a stand-in CUDA driver for CPU tests of the launch path
 * (TIRX_LIBCUDA=libtirx-fake-cuda.so): one sm_90 device whose "device memory" is host
 * memory, modules that are PTX text, and launches that run nothing but print what the
 * driver was given.  It checks what a real driver would rely on: each kernelParams entry
 * points to a value of the size the kernel's PTX declares (parsed from `.param` lines),
 * by-value tensor maps are 64-byte aligned and hold what cuTensorMapEncodeTiled wrote.
 * Device pointers print as `alloc#N+OFF` so the output is reproducible.
 *
 * Output lines start with "fake-cuda: " and go to stdout.  Only what libtirxrt resolves
 * is implemented.
 *
 * TIRX_FAKE_CUDA_REFUSE=cubin|all: cuModuleLoadDataEx refuses cubins (ELF images) with
 * CUDA_ERROR_NO_BINARY_FOR_GPU, and with `all` PTX too (CUDA_ERROR_UNSUPPORTED_PTX_VERSION).
 *
 * Fault injection (test/Runtime/fault-injection.test): TIRX_FAKE_CUDA_FAIL=N makes the N-th
 * driver call fail with CUDA_ERROR_UNKNOWN (release calls — cuMemFree, cuModuleUnload,
 * cuDevicePrimaryCtxRelease — and the error-name calls are not counted: a release that fails
 * leaks by definition); TIRX_FAKE_CUDA_CHECK=1 prints, at exit and to stderr, the number of
 * counted calls and every leaked allocation, module and context retain.
 */
#include <cuda.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ALLOCS 64
#define MAX_PARAMS 32

typedef struct FakeFunc {
  char name[128];
  int nparams;
  int size[MAX_PARAMS];
} FakeFunc;

/* A test process is single-threaded; these model the driver's own process state. */
static struct {
  void *base[MAX_ALLOCS];
  size_t size[MAX_ALLOCS];
  int n;
  int ctx_current;
  char *ptx;
  char maps[16][256]; /* what each cuTensorMapEncodeTiled call was given */
  int nmaps;
  FakeFunc funcs[16];
  int nfuncs;
} g;

static int fault_calls; /* counted driver calls so far */
static int ctx_retains;

static int fault_now(void) {
  static int fail_at = -1;
  if (fail_at < 0) {
    const char *e = getenv("TIRX_FAKE_CUDA_FAIL");
    fail_at = e ? atoi(e) : 0;
  }
  return ++fault_calls == fail_at;
}
#define FAULT()                          \
  do {                                   \
    if (fault_now())                     \
      return CUDA_ERROR_UNKNOWN;         \
  } while (0)

__attribute__((destructor)) static void fake_check_at_exit(void) {
  const char *e = getenv("TIRX_FAKE_CUDA_CHECK");
  if (!e || strcmp(e, "1") != 0)
    return;
  fprintf(stderr, "fake-cuda: %d driver calls\n", fault_calls);
  for (int i = 0; i < g.n; i++)
    if (g.base[i])
      fprintf(stderr, "fake-cuda: LEAK: alloc#%d (%zu bytes) was never freed\n", i, g.size[i]);
  if (g.ptx)
    fprintf(stderr, "fake-cuda: LEAK: a module was never unloaded\n");
  if (ctx_retains != 0)
    fprintf(stderr, "fake-cuda: LEAK: %d primary context retains without a release\n",
            ctx_retains);
}

/* "alloc#N+OFF" for a fake device address, else the raw pointer. */
static const char *where(uintptr_t p, char buf[64]) {
  for (int i = 0; i < g.n; i++) {
    uintptr_t b = (uintptr_t)g.base[i];
    if (g.base[i] && p >= b && p <= b + g.size[i]) {
      snprintf(buf, 64, "alloc#%d+%lu", i, (unsigned long)(p - b));
      return buf;
    }
  }
  snprintf(buf, 64, "%#lx", (unsigned long)p);
  return buf;
}

CUresult cuInit(unsigned int f) { FAULT(); (void)f; return CUDA_SUCCESS; }
CUresult cuDriverGetVersion(int *v) { FAULT(); *v = 13000; return CUDA_SUCCESS; }
CUresult cuDeviceGetCount(int *n) { FAULT(); *n = 1; return CUDA_SUCCESS; }
CUresult cuDeviceGet(CUdevice *d, int i) { FAULT(); *d = i; return i == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE; }
CUresult cuDeviceGetAttribute(int *v, CUdevice_attribute a, CUdevice d) { FAULT();
  (void)d;
  *v = a == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR ? 9
       : a == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR ? 0 : 1;
  return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxRetain(CUcontext *c, CUdevice d) { FAULT();
  (void)d;
  *c = (CUcontext)(uintptr_t)0x1000;
  ctx_retains++;
  return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxRelease_v2(CUdevice d) {
  (void)d;
  ctx_retains--;
  return CUDA_SUCCESS;
}
CUresult cuCtxSetCurrent(CUcontext c) { FAULT(); g.ctx_current = c != NULL; return CUDA_SUCCESS; }
CUresult cuCtxGetCurrent(CUcontext *c) { FAULT();
  *c = g.ctx_current ? (CUcontext)(uintptr_t)0x1000 : NULL;
  return CUDA_SUCCESS;
}
CUresult cuCtxGetDevice(CUdevice *d) { FAULT(); *d = 0; return CUDA_SUCCESS; }
CUresult cuCtxSynchronize(void) { FAULT(); return CUDA_SUCCESS; }
CUresult cuStreamSynchronize(CUstream s) { FAULT(); (void)s; return CUDA_SUCCESS; }

CUresult cuModuleLoadDataEx(CUmodule *m, const void *image, unsigned int n, CUjit_option *o,
                            void **v) { FAULT();
  (void)n, (void)o, (void)v;
  /* TIRX_FAKE_CUDA_REFUSE=cubin: refuses ELF images (a cubin from a ptxas newer than the
   * driver); =all: refuses PTX too (test/Runtime/cubin-refused.test). */
  const char *refuse = getenv("TIRX_FAKE_CUDA_REFUSE");
  bool elf = memcmp(image, "\177ELF", 4) == 0;
  if (refuse && elf && (!strcmp(refuse, "cubin") || !strcmp(refuse, "all")))
    return CUDA_ERROR_NO_BINARY_FOR_GPU;
  if (refuse && !elf && !strcmp(refuse, "all"))
    return CUDA_ERROR_UNSUPPORTED_PTX_VERSION;
  free(g.ptx);
  g.ptx = strdup((const char *)image); /* PTX text (tirx-run loads PTX) */
  *m = (CUmodule)(uintptr_t)0x2000;
  return g.ptx ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}
CUresult cuModuleUnload(CUmodule m) {
  (void)m;
  free(g.ptx);
  g.ptx = NULL;
  return CUDA_SUCCESS;
}

/* The sizes of the `.param` declarations of `.entry name(`. */
CUresult cuModuleGetFunction(CUfunction *f, CUmodule m, const char *name) { FAULT();
  (void)m;
  char key[160];
  snprintf(key, sizeof key, ".entry %s(", name);
  const char *p = g.ptx ? strstr(g.ptx, key) : NULL;
  if (!p)
    return CUDA_ERROR_NOT_FOUND;
  if (g.nfuncs >= 16)
    return CUDA_ERROR_OUT_OF_MEMORY;
  FakeFunc *fn = &g.funcs[g.nfuncs++];
  memset(fn, 0, sizeof *fn);
  snprintf(fn->name, sizeof fn->name, "%s", name);
  const char *end = strchr(p, ')');
  for (const char *q = strstr(p, ".param"); q && q < end && fn->nparams < MAX_PARAMS;
       q = strstr(q + 6, ".param")) {
    const char *eol = strchr(q, '\n');
    const char *br = strchr(q, '[');
    int size = 8;
    if (br && (!eol || br < eol))
      size = atoi(br + 1);
    else if (strstr(q, ".u32") == q + 7 || strstr(q, ".b32") == q + 7 || strstr(q, ".f32") == q + 7 ||
             strstr(q, ".s32") == q + 7)
      size = 4;
    fn->size[fn->nparams++] = size;
  }
  *f = (CUfunction)fn;
  return CUDA_SUCCESS;
}

CUresult cuFuncGetAttribute(int *v, CUfunction_attribute a, CUfunction f) { FAULT();
  (void)a, (void)f;
  *v = 0;
  return CUDA_SUCCESS;
}
CUresult cuFuncSetAttribute(CUfunction f, CUfunction_attribute a, int v) { FAULT();
  (void)f, (void)a, (void)v;
  return CUDA_SUCCESS;
}

CUresult cuTensorMapEncodeTiled(CUtensorMap *map, CUtensorMapDataType dt, cuuint32_t rank,
                                void *addr, const cuuint64_t *dims, const cuuint64_t *strides,
                                const cuuint32_t *box, const cuuint32_t *es,
                                CUtensorMapInterleave il, CUtensorMapSwizzle sw,
                                CUtensorMapL2promotion l2, CUtensorMapFloatOOBfill oob) { FAULT();
  char w[64], text[256];
  int n = snprintf(text, sizeof text, "dtype %d rank %u addr %s dims", (int)dt, rank,
                   where((uintptr_t)addr, w));
  for (cuuint32_t i = 0; i < rank && n < 200; i++)
    n += snprintf(text + n, sizeof text - (size_t)n, " %llu", (unsigned long long)dims[i]);
  n += snprintf(text + n, sizeof text - (size_t)n, " strides");
  for (cuuint32_t i = 0; i + 1 < rank && n < 200; i++)
    n += snprintf(text + n, sizeof text - (size_t)n, " %llu", (unsigned long long)strides[i]);
  n += snprintf(text + n, sizeof text - (size_t)n, " box");
  for (cuuint32_t i = 0; i < rank && n < 200; i++)
    n += snprintf(text + n, sizeof text - (size_t)n, " %u", box[i]);
  n += snprintf(text + n, sizeof text - (size_t)n, " elem");
  for (cuuint32_t i = 0; i < rank && n < 200; i++)
    n += snprintf(text + n, sizeof text - (size_t)n, " %u", es[i]);
  snprintf(text + n, sizeof text - (size_t)n, " il %d sw %d l2 %d oob %d", (int)il, (int)sw,
           (int)l2, (int)oob);
  printf("fake-cuda: cuTensorMapEncodeTiled(map %s, %s)\n",
         ((uintptr_t)map % 64) ? "MISALIGNED" : "64-byte aligned", text);
  /* The map holds "tmap#K": the launch prints encode #K's arguments from it. */
  int k = g.nmaps < 16 ? g.nmaps++ : 15;
  memcpy(g.maps[k], text, sizeof text);
  memset(map, 0, sizeof *map);
  snprintf((char *)map, sizeof *map, "tmap#%d", k);
  return CUDA_SUCCESS;
}

static CUresult launch(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                       unsigned by, unsigned bz, unsigned smem, CUstream s, void **params) {
  FakeFunc *fn = (FakeFunc *)f;
  printf("fake-cuda: launch %s grid (%u, %u, %u) block (%u, %u, %u) smem %u\n", fn->name, gx,
         gy, gz, bx, by, bz, smem);
  /* TIRX_FAKE_CUDA_STREAMS: which stream each launch went on (test/Python/call-stream-object.test) */
  if (getenv("TIRX_FAKE_CUDA_STREAMS")) printf("fake-cuda:   stream 0x%llx\n", (unsigned long long)(uintptr_t)s);
  for (int i = 0; i < fn->nparams; i++) {
    char w[64];
    const void *p = params[i];
    if (fn->size[i] == 128) { /* a by-value CUtensorMap */
      char text[129];
      memcpy(text, p, 128);
      text[128] = '\0';
      int k = strncmp(text, "tmap#", 5) == 0 ? atoi(text + 5) : -1;
      printf("fake-cuda:   param %d: 128 bytes at a %s address: %s%s%s\n", i,
             ((uintptr_t)p % 64) ? "MISALIGNED" : "64-byte aligned",
             k >= 0 && k < g.nmaps ? "the map encoded from {" : "(not an encoded map)",
             k >= 0 && k < g.nmaps ? g.maps[k] : "", k >= 0 && k < g.nmaps ? "}" : "");
    } else if (fn->size[i] == 8) {
      uint64_t v;
      memcpy(&v, p, 8);
      printf("fake-cuda:   param %d: 8 bytes: %s\n", i, where((uintptr_t)v, w));
    } else {
      int32_t v = 0;
      memcpy(&v, p, fn->size[i] < 4 ? (size_t)fn->size[i] : 4);
      printf("fake-cuda:   param %d: %d bytes: %d\n", i, fn->size[i], (int)v);
    }
  }
  return CUDA_SUCCESS;
}

CUresult cuLaunchKernelEx(const CUlaunchConfig *c, CUfunction f, void **params, void **extra) { FAULT();
  (void)extra;
  return launch(f, c->gridDimX, c->gridDimY, c->gridDimZ, c->blockDimX, c->blockDimY,
                c->blockDimZ, c->sharedMemBytes, c->hStream, params);
}
CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                        unsigned by, unsigned bz, unsigned smem, CUstream s, void **params,
                        void **extra) { FAULT();
  (void)extra;
  return launch(f, gx, gy, gz, bx, by, bz, smem, s, params);
}

CUresult cuGetErrorName(CUresult r, const char **s) {
  *s = r == CUDA_SUCCESS ? "CUDA_SUCCESS" : "CUDA_ERROR_FAKE";
  return CUDA_SUCCESS;
}
CUresult cuGetErrorString(CUresult r, const char **s) { return cuGetErrorName(r, s); }

CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t n) { FAULT();
  if (g.n >= MAX_ALLOCS)
    return CUDA_ERROR_OUT_OF_MEMORY;
  void *m = aligned_alloc(256, (n + 255) / 256 * 256);
  if (!m)
    return CUDA_ERROR_OUT_OF_MEMORY;
  g.base[g.n] = m;
  g.size[g.n++] = n;
  *p = (CUdeviceptr)(uintptr_t)m;
  return CUDA_SUCCESS;
}
CUresult cuMemFree_v2(CUdeviceptr p) {
  for (int i = 0; i < g.n; i++)
    if ((uintptr_t)g.base[i] == (uintptr_t)p) {
      free(g.base[i]);
      g.base[i] = NULL;
    }
  return CUDA_SUCCESS;
}
CUresult cuMemcpyHtoD_v2(CUdeviceptr d, const void *s, size_t n) { FAULT();
  memcpy((void *)(uintptr_t)d, s, n);
  return CUDA_SUCCESS;
}
CUresult cuMemcpyDtoH_v2(void *d, CUdeviceptr s, size_t n) { FAULT();
  memcpy(d, (const void *)(uintptr_t)s, n);
  return CUDA_SUCCESS;
}
CUresult cuMemsetD8_v2(CUdeviceptr d, unsigned char v, size_t n) { FAULT();
  memset((void *)(uintptr_t)d, v, n);
  return CUDA_SUCCESS;
}
