/* driver.h — the CUDA driver API, loaded from libcuda.so.1 with dlopen (internal).
 *
 * Members are named without the `cu` prefix because cuda.h #defines many driver names
 * to their versioned symbols (cuMemAlloc → cuMemAlloc_v2); driver.c resolves each
 * member by the symbol name that cuda.h maps it to.
 */
#ifndef TIRXRT_DRIVER_H
#define TIRXRT_DRIVER_H

#include <cuda.h>

typedef struct RtDriver {
  void *lib;
  CUresult (*Init)(unsigned int);
  CUresult (*DriverGetVersion)(int *);
  CUresult (*DeviceGetCount)(int *);
  CUresult (*DeviceGet)(CUdevice *, int);
  CUresult (*DeviceGetAttribute)(int *, CUdevice_attribute, CUdevice);
  CUresult (*DevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*DevicePrimaryCtxRelease)(CUdevice);
  CUresult (*CtxSetCurrent)(CUcontext);
  CUresult (*CtxGetCurrent)(CUcontext *);
  CUresult (*CtxGetDevice)(CUdevice *);
  CUresult (*CtxSynchronize)(void);
  CUresult (*ModuleLoadDataEx)(CUmodule *, const void *, unsigned int, CUjit_option *, void **);
  CUresult (*ModuleUnload)(CUmodule);
  CUresult (*ModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*FuncGetAttribute)(int *, CUfunction_attribute, CUfunction);
  CUresult (*FuncSetAttribute)(CUfunction, CUfunction_attribute, int);
  CUresult (*LaunchKernelEx)(const CUlaunchConfig *, CUfunction, void **, void **);
  CUresult (*LaunchKernel)(CUfunction, unsigned int, unsigned int, unsigned int, unsigned int,
                           unsigned int, unsigned int, unsigned int, CUstream, void **, void **);
  CUresult (*StreamSynchronize)(CUstream);
  CUresult (*GetErrorName)(CUresult, const char **);
  CUresult (*GetErrorString)(CUresult, const char **);
  CUresult (*MemAlloc)(CUdeviceptr *, size_t);
  CUresult (*MemFree)(CUdeviceptr);
  CUresult (*MemcpyHtoD)(CUdeviceptr, const void *, size_t);
  CUresult (*MemcpyDtoH)(void *, CUdeviceptr, size_t);
  CUresult (*MemsetD8)(CUdeviceptr, unsigned char, size_t);
  /* CUDA >= 12 only; NULL on older drivers (only TMA kernels need it). */
  CUresult (*TensorMapEncodeTiled)(CUtensorMap *, CUtensorMapDataType, cuuint32_t, void *,
                                   const cuuint64_t *, const cuuint64_t *, const cuuint32_t *,
                                   const cuuint32_t *, CUtensorMapInterleave, CUtensorMapSwizzle,
                                   CUtensorMapL2promotion, CUtensorMapFloatOOBfill);
} RtDriver;

/* The process-wide driver table: loaded and cuInit'ed once.  NULL with *err when the
 * library is missing, lacks a symbol, or cuInit fails. */
const RtDriver *rt_driver(char **err);

/* "CUDA_ERROR_INVALID_VALUE" (or "CUresult 999" when the driver cannot name it). */
const char *rt_cu_error_name(const RtDriver *d, CUresult r, char buf[32]);

/* "<what> failed: CUDA_ERROR_X (description)"; returns -1. */
int rt_cu_fail(const RtDriver *d, char **err, CUresult r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* nvshmem.c: load + initialise NVSHMEM (once) and nvshmemx_cumodule_init `mod`. */
int rt_nvshmem_module_init(CUmodule mod, char **err);

#endif /* TIRXRT_DRIVER_H */
