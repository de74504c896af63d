/* tirx/runtime.h — libtirxrt: load a tirx bundle and call its functions on a GPU.
 *
 *   TirxrtContext *ctx;  TirxrtModule *mod;  TirxrtFunction *fn;  char *err = NULL;
 *   if (tirxrt_context_create(&ctx, &err) ||
 *       tirxrt_module_load_file(ctx, "scale.tirxb", &mod, &err) ||
 *       tirxrt_module_get_function(mod, NULL, &fn, &err) ||
 *       tirxrt_call(fn, args, nargs, NULL, &err)) { fprintf(stderr, "%s\n", err); ... }
 *
 * Conventions: opaque handles with create/destroy pairs; every fallible call returns a
 * TirxStatus (tirx/status.h): TIRX_OK (0) on success or TIRX_ERR (-1) with a malloc'd
 * message in *err (err may be NULL) that the caller frees.  The library never prints and never exits.  Messages of tirxrt_call start with
 * the error kind TVM would raise ("TypeError: ", "ValueError: ", "InternalError: ",
 * "CUDAError: ") followed by TVM's text (runtime_semantics.md §1–3, 8).
 *
 * The CUDA driver (libcuda.so.1, or the file named by the environment variable
 * TIRX_LIBCUDA) is loaded with dlopen on first use, so programs linked with libtirxrt
 * run — and report a clear error — on machines without a GPU.  That driver table is the
 * library's only mutable global: libcuda is itself process-wide, and loading it once
 * (pthread_once) makes every later call lock-free.  All other state hangs off a
 * TirxrtContext.
 *
 * Everything runs in the devices' primary contexts (interoperable with the CUDA runtime
 * API and PyTorch).  tirxrt_call does not synchronise.
 */
#ifndef TIRX_RUNTIME_H
#define TIRX_RUNTIME_H

#include <dlpack/dlpack.h>
#include <stddef.h>
#include <stdint.h>

#include "tirx/bundle.h"
#include "tirx/plan.h"
#include "tirx/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Call arguments ---------------------------------------------------------------- */

/* Argument kinds; the values are tvm-ffi's type indices, so the accept table of
 * runtime_semantics.md §1.2 applies unchanged. */
typedef enum TirxrtArgKind {
  TIRXRT_ARG_NONE = 0,   /* None / NULL */
  TIRXRT_ARG_INT = 1,    /* v.i */
  TIRXRT_ARG_BOOL = 2,   /* v.i (0 or 1) */
  TIRXRT_ARG_FLOAT = 3,  /* v.f */
  TIRXRT_ARG_PTR = 4,    /* v.ptr: an opaque pointer (for T.handle params) */
  TIRXRT_ARG_TENSOR = 7, /* v.tensor: a DLTensor* (NULL reads as None) */
} TirxrtArgKind;

typedef struct TirxrtArg {
  int32_t kind; /* a TirxrtArgKind */
  union {
    int64_t i;
    double f;
    void *ptr;
    DLTensor *tensor;
  } v;
} TirxrtArg;

static inline TirxrtArg tirxrt_arg_tensor(DLTensor *t) {
  TirxrtArg a;
  a.kind = TIRXRT_ARG_TENSOR;
  a.v.tensor = t;
  return a;
}
static inline TirxrtArg tirxrt_arg_int(int64_t i) {
  TirxrtArg a;
  a.kind = TIRXRT_ARG_INT;
  a.v.i = i;
  return a;
}
static inline TirxrtArg tirxrt_arg_float(double f) {
  TirxrtArg a;
  a.kind = TIRXRT_ARG_FLOAT;
  a.v.f = f;
  return a;
}
static inline TirxrtArg tirxrt_arg_bool(int b) {
  TirxrtArg a;
  a.kind = TIRXRT_ARG_BOOL;
  a.v.i = b != 0;
  return a;
}
static inline TirxrtArg tirxrt_arg_ptr(void *p) {
  TirxrtArg a;
  a.kind = TIRXRT_ARG_PTR;
  a.v.ptr = p;
  return a;
}

/* ---- Pure plan evaluation (no driver; what tirxrt_call does before launching) ------- */

/* Check args against the plan and bind its symbols, in exactly TVM's order and with its
 * messages (runtime_semantics.md §1.2, §1.3, §2).  sig: the rendered SIG
 * (tirx_plan_render_signature); NULL renders it here.  syms: room for plan->nsyms
 * values, filled with the bound symbols (each cast to its dtype).  *device_id: the
 * first tensor's device_id, or -1 when the plan has no tensor param.  Returns 0, or -1
 * with "TypeError: ..." / "ValueError: ..." in *err. */
TirxStatus tirxrt_check_args(const TirxPlan *plan, const char *sig, const TirxrtArg *args,
                             int nargs, int64_t *syms, int32_t *device_id, char **err);

/* One kernel's launch configuration, evaluated from its plan expressions. */
typedef struct TirxrtLaunchConfig {
  uint32_t grid[3], block[3], cluster[3], preferred_cluster[3];
  uint32_t dyn_smem;
} TirxrtLaunchConfig;

/* Evaluate kernel #kernel's extents with the bound symbols.  Absent extents are 1,
 * absent dyn smem is 0; an extent <= 0 is launched as 1 (TVM's quirk: kernels must
 * guard); an extent above 2^32-1 or a negative/oversized dyn smem is an error. */
TirxStatus tirxrt_eval_launch(const TirxPlan *plan, int32_t kernel, const int64_t *syms,
                              TirxrtLaunchConfig *out, char **err);

/* The arguments of one cuTensorMapEncodeTiled call (runtime_semantics.md §4.2), as
 * evaluated from a plan's tensor-map spec: the driver's types widened to int64 so that
 * bad values are reported rather than wrapped.  Lists are innermost dimension first;
 * entries beyond `rank` are 0. */
typedef struct TirxrtTensorMapArgs {
  DLDataType dtype;       /* the spec's element type */
  int32_t force_cu_dtype; /* -1 or 11 (TFLOAT32) */
  int32_t data_type;      /* set by validation: the CUtensorMapDataType */
  int32_t rank;
  const void *global_address;
  int64_t global_dim[TIRX_TMAP_MAX_RANK];
  int64_t global_strides[TIRX_TMAP_MAX_RANK - 1]; /* bytes, dims 1 .. rank-1 */
  int64_t box_dim[TIRX_TMAP_MAX_RANK];
  int64_t element_strides[TIRX_TMAP_MAX_RANK];
  int32_t interleave, swizzle, l2_promotion, oob_fill;
} TirxrtTensorMapArgs;

/* Start args from spec m: its dtype, override, rank and enums; everything else 0. */
void tirxrt_tensor_map_args_init(TirxrtTensorMapArgs *a, const TirxPlanTensorMap *m);

/* Validate a's values the way TVM's runtime.cuTensorMapEncodeTiled does before calling
 * the driver (§4.2: rank, dtype, dims, strides, box, element strides, alignment,
 * interleave / swizzle / L2 / OOB rules) and set a->data_type.  Messages name the map
 * and the tensor argument: "tensor map A_map: globalStrides[0] of A (100 bytes) must be
 * a multiple of 16".  Returns 0, or -1 with the message (no kind prefix) in *err. */
TirxStatus tirxrt_tensor_map_validate(TirxrtTensorMapArgs *a, const char *map_name,
                                      const char *tensor_name, char **err);

/* Evaluate tensor-map spec #map of plan with checked args and bound symbols
 * (tirxrt_check_args) into *out and validate it.  Returns 0, or -1 with
 * "InternalError: tensor map ...: ..." in *err. */
TirxStatus tirxrt_tensor_map_eval(const TirxPlan *plan, int32_t map, const TirxrtArg *args,
                                  const int64_t *syms, TirxrtTensorMapArgs *out, char **err);

/* The args as one line ("dtype 6 (float16), rank 2, globalAddress 0x..., globalDim
 * (128, 64), ...") for the message of a failed encode; malloc'd or NULL. */
char *tirxrt_tensor_map_describe(const TirxrtTensorMapArgs *a);

/* ---- Devices ----------------------------------------------------------------------- */

/* Number of CUDA devices (loads the driver and calls cuInit on first use). */
TirxStatus tirxrt_device_count(int *count, char **err);
/* The arch tirx compiles for on device `dev`: "sm_<major><minor>" plus "a" when
 * major >= 9 (sm_90a, sm_100a, sm_86) — runtime_semantics.md §5. */
TirxStatus tirxrt_device_arch(int dev, char out[16], char **err);

/* ---- Context, modules, functions ---------------------------------------------------- */

typedef struct TirxrtContext TirxrtContext;
typedef struct TirxrtModule TirxrtModule;
typedef struct TirxrtFunction TirxrtFunction;

/* Load the driver, cuInit, count devices.  Primary contexts are retained lazily, one
 * per device used, and released by tirxrt_context_destroy. */
TirxStatus tirxrt_context_create(TirxrtContext **out, char **err);
/* Unload every module of ctx first. */
void tirxrt_context_destroy(TirxrtContext *ctx);

/* Parse a bundle (copied) into a module.  Code is loaded lazily per device on the
 * first call there: the cubin/fatbin whose arch equals the device's, else PTX (driver
 * JIT), else an error naming the bundle's archs and the device's. */
TirxStatus tirxrt_module_load(TirxrtContext *ctx, const void *bundle, size_t size,
                              TirxrtModule **out, char **err);
TirxStatus tirxrt_module_load_file(TirxrtContext *ctx, const char *path, TirxrtModule **out,
                                   char **err);
/* Takes ownership of b (also on failure). */
TirxStatus tirxrt_module_from_bundle(TirxrtContext *ctx, TirxBundle *b, TirxrtModule **out,
                                     char **err);
void tirxrt_module_unload(TirxrtModule *mod);
const TirxBundle *tirxrt_module_bundle(const TirxrtModule *mod);

/* The entry function `name` (NULL: the only one, or the one named "main").  The
 * function is owned by the module. */
TirxStatus tirxrt_module_get_function(TirxrtModule *mod, const char *name, TirxrtFunction **out,
                                      char **err);
const TirxPlan *tirxrt_function_plan(const TirxrtFunction *fn);
const char *tirxrt_function_signature(const TirxrtFunction *fn);

/* Call: check and bind args (tirxrt_check_args), make the first tensor's device
 * current (its primary context), encode the plan's TMA tensor maps in order
 * (tirxrt_tensor_map_eval, then the driver's cuTensorMapEncodeTiled into 64-byte-aligned
 * host buffers that live until the last launch returns; CUDA >= 12), then launch each
 * kernel of the plan in order on `stream` (a CUstream; NULL = the legacy default
 * stream) with cuLaunchKernelEx.
 * Returns after the launches; no synchronisation.  Launch failures read
 * "InternalError: CUDALaunch Error: <CUDA_ERROR_...>\n grid=(x,y,z),  block=(x,y,z)\n
 * // func_name=<kernel>".  Thread-safe for concurrent calls. */
TirxStatus tirxrt_call(TirxrtFunction *fn, const TirxrtArg *args, int nargs, void *stream,
                       char **err);

/* ---- Memory helpers (for tools, tests and examples; device = primary context) ------- */

TirxStatus tirxrt_mem_alloc(TirxrtContext *ctx, int dev, size_t bytes, void **dptr, char **err);
TirxStatus tirxrt_mem_free(TirxrtContext *ctx, int dev, void *dptr, char **err);
TirxStatus tirxrt_memset_zero(TirxrtContext *ctx, int dev, void *dptr, size_t bytes, char **err);
TirxStatus tirxrt_memcpy_htod(TirxrtContext *ctx, int dev, void *dst, const void *src, size_t bytes,
                              char **err);
TirxStatus tirxrt_memcpy_dtoh(TirxrtContext *ctx, int dev, void *dst, const void *src, size_t bytes,
                              char **err);
/* cuCtxSynchronize on dev's primary context: reports asynchronous kernel faults. */
TirxStatus tirxrt_synchronize(TirxrtContext *ctx, int dev, char **err);

/* ---- NVSHMEM (kernels with TIRX_KERNEL_NVSHMEM; runtime/src/nvshmem.c) --------------
 * libnvshmem_host.so.3 is dlopen'ed on first use only ($TIRX_NVSHMEM_HOME/lib, else the
 * loader's path) and initialised once per process with NVSHMEM's default bootstrap (one
 * PE without a launcher; scripts/nvshmem-run.sh for several).  Loading a module whose
 * kernels call NVSHMEM does this itself and runs nvshmemx_cumodule_init on it; without
 * the library the load fails with "NVSHMEMError: ...".  nvshmem_malloc is collective:
 * every PE must allocate the same sizes in the same order. */
TirxStatus tirxrt_nvshmem_init(TirxrtContext *ctx, int dev, int *my_pe, int *n_pes, char **err);
TirxStatus tirxrt_nvshmem_malloc(TirxrtContext *ctx, int dev, size_t bytes, void **dptr,
                                 char **err);
void tirxrt_nvshmem_free(void *dptr);
/* nvshmemx_hostlib_finalize, if NVSHMEM was initialised (collective). */
void tirxrt_nvshmem_finalize(void);

#ifdef __cplusplus
}
#endif

#endif /* TIRX_RUNTIME_H */
