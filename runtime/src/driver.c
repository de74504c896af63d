/* driver.c — dlopen libcuda.so.1 once and resolve the driver API (driver.h).
 *
 * The table is the library's single mutable global (see tirx/runtime.h): initialised
 * under pthread_once, read-only afterwards, never freed (libcuda stays loaded for the
 * life of the process, as with a normal link).
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver.h"
#include "internal.h"
#include "tirx/runtime.h"

static struct {
  pthread_once_t once;
  RtDriver drv;
  int ok;
  char msg[512]; /* why loading failed, when !ok */
} g_driver = {PTHREAD_ONCE_INIT, {0}, 0, {0}};

/* Resolve `name` into *slot; 0 or -1 (message in g_driver.msg). */
static int resolve(void *lib, void *slot, const char *name) {
  void *p = dlsym(lib, name);
  if (!p) {
    snprintf(g_driver.msg, sizeof g_driver.msg,
             "CUDA driver library lacks %s (driver too old for CUDA 12 launch APIs?)", name);
    return -1;
  }
  memcpy(slot, &p, sizeof p); /* object pointer -> function pointer, POSIX-style */
  return 0;
}

static void driver_init(void) {
  const char *path = getenv("TIRX_LIBCUDA");
  if (!path || !*path) path = "libcuda.so.1";
  void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char *why = dlerror();
    snprintf(g_driver.msg, sizeof g_driver.msg, "CUDA driver library %s not found: %s", path,
             why ? why : "dlopen failed");
    return;
  }
  RtDriver *d = &g_driver.drv;
  d->lib = lib;
  /* Symbol names as cuda.h maps them (the _v2 variants, legacy default stream). */
  struct {
    void *slot;
    const char *name;
  } syms[] = {
      {&d->Init, "cuInit"},
      {&d->DriverGetVersion, "cuDriverGetVersion"},
      {&d->DeviceGetCount, "cuDeviceGetCount"},
      {&d->DeviceGet, "cuDeviceGet"},
      {&d->DeviceGetAttribute, "cuDeviceGetAttribute"},
      {&d->DevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain"},
      {&d->DevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2"},
      {&d->CtxSetCurrent, "cuCtxSetCurrent"},
      {&d->CtxGetCurrent, "cuCtxGetCurrent"},
      {&d->CtxGetDevice, "cuCtxGetDevice"},
      {&d->CtxSynchronize, "cuCtxSynchronize"},
      {&d->ModuleLoadDataEx, "cuModuleLoadDataEx"},
      {&d->ModuleUnload, "cuModuleUnload"},
      {&d->ModuleGetFunction, "cuModuleGetFunction"},
      {&d->FuncGetAttribute, "cuFuncGetAttribute"},
      {&d->FuncSetAttribute, "cuFuncSetAttribute"},
      {&d->LaunchKernelEx, "cuLaunchKernelEx"},
      {&d->LaunchKernel, "cuLaunchKernel"},
      {&d->StreamSynchronize, "cuStreamSynchronize"},
      {&d->GetErrorName, "cuGetErrorName"},
      {&d->GetErrorString, "cuGetErrorString"},
      {&d->MemAlloc, "cuMemAlloc_v2"},
      {&d->MemFree, "cuMemFree_v2"},
      {&d->MemcpyHtoD, "cuMemcpyHtoD_v2"},
      {&d->MemcpyDtoH, "cuMemcpyDtoH_v2"},
      {&d->MemsetD8, "cuMemsetD8_v2"},
  };
  for (size_t i = 0; i < sizeof syms / sizeof syms[0]; i++)
    if (resolve(lib, syms[i].slot, syms[i].name) != 0) return;
  void *tmap = dlsym(lib, "cuTensorMapEncodeTiled"); /* optional: CUDA >= 12 */
  if (tmap) memcpy(&d->TensorMapEncodeTiled, &tmap, sizeof tmap);
  CUresult r = d->Init(0);
  if (r != CUDA_SUCCESS) {
    char buf[32];
    const char *desc = NULL;
    if (d->GetErrorString(r, &desc) != CUDA_SUCCESS) desc = NULL;
    snprintf(g_driver.msg, sizeof g_driver.msg, "cuInit failed: %s%s%s%s",
             rt_cu_error_name(d, r, buf), desc ? " (" : "", desc ? desc : "", desc ? ")" : "");
    return;
  }
  g_driver.ok = 1;
}

const RtDriver *rt_driver(char **err) {
  pthread_once(&g_driver.once, driver_init);
  if (!g_driver.ok) {
    rt_errorf(err, "%s", g_driver.msg);
    return NULL;
  }
  return &g_driver.drv;
}

const char *rt_cu_error_name(const RtDriver *d, CUresult r, char buf[32]) {
  const char *name = NULL;
  if (d && d->GetErrorName && d->GetErrorName(r, &name) == CUDA_SUCCESS && name) return name;
  switch (r) { /* what a stub or broken driver cannot name itself */
  case CUDA_ERROR_STUB_LIBRARY: return "CUDA_ERROR_STUB_LIBRARY";
  case CUDA_ERROR_NO_DEVICE: return "CUDA_ERROR_NO_DEVICE";
  case CUDA_ERROR_DEVICE_UNAVAILABLE: return "CUDA_ERROR_DEVICE_UNAVAILABLE";
  case CUDA_ERROR_CALL_REQUIRES_NEWER_DRIVER: return "CUDA_ERROR_CALL_REQUIRES_NEWER_DRIVER";
  case CUDA_ERROR_NOT_INITIALIZED: return "CUDA_ERROR_NOT_INITIALIZED";
  case CUDA_ERROR_SYSTEM_DRIVER_MISMATCH: return "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH";
  case CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE:
    return "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE";
  default: break;
  }
  snprintf(buf, 32, "CUresult %d", (int)r);
  return buf;
}

int rt_cu_fail(const RtDriver *d, char **err, CUresult r, const char *fmt, ...) {
  if (!err) return -1;
  RtStrBuf sb;
  rt_sb_init(&sb);
  va_list ap;
  va_start(ap, fmt);
  rt_sb_vprintf(&sb, fmt, ap);
  va_end(ap);
  char buf[32];
  const char *desc = NULL;
  if (d->GetErrorString(r, &desc) != CUDA_SUCCESS) desc = NULL;
  rt_sb_printf(&sb, " failed: %s", rt_cu_error_name(d, r, buf));
  if (desc) rt_sb_printf(&sb, " (%s)", desc);
  *err = rt_sb_finish(&sb);
  return -1;
}

/* ---- Device queries (no context needed) ------------------------------------------------ */

TirxStatus tirxrt_device_count(int *count, char **err) {
  const RtDriver *d = rt_driver(err);
  if (!d) return -1;
  CUresult r = d->DeviceGetCount(count);
  if (r != CUDA_SUCCESS) return rt_cu_fail(d, err, r, "cuDeviceGetCount");
  return 0;
}

TirxStatus tirxrt_device_arch(int dev, char out[16], char **err) {
  const RtDriver *d = rt_driver(err);
  if (!d) return -1;
  int n = 0;
  CUresult r = d->DeviceGetCount(&n);
  if (r != CUDA_SUCCESS) return rt_cu_fail(d, err, r, "cuDeviceGetCount");
  if (dev < 0 || dev >= n)
    return rt_errorf(err, "CUDA device %d does not exist (%d device%s)", dev, n, n == 1 ? "" : "s");
  CUdevice cd;
  int major = 0, minor = 0;
  if ((r = d->DeviceGet(&cd, dev)) != CUDA_SUCCESS)
    return rt_cu_fail(d, err, r, "cuDeviceGet(%d)", dev);
  if ((r = d->DeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, cd)) !=
          CUDA_SUCCESS ||
      (r = d->DeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, cd)) !=
          CUDA_SUCCESS)
    return rt_cu_fail(d, err, r, "cuDeviceGetAttribute(compute capability)");
  snprintf(out, 16, "sm_%d%s", major * 10 + minor, major >= 9 ? "a" : "");
  return 0;
}
