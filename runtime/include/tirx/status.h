/* tirx/status.h — the one status convention of tirx's C API (libtirx and libtirxrt).
 *
 * Every fallible public call returns a TirxStatus: 0 (TIRX_OK) on success, non-zero on
 * failure.  The failure's text is in the call's message out-parameter — a malloc'd,
 * fully formatted string in `char **err` / `char **diag` (may be NULL; the caller frees)
 * — or in the TirxDiag the caller passed (tirx/diag.h).  Test `!= TIRX_OK`; the
 * non-zero values only say which kind of failure it was, for callers that act on it
 * (tirx-run maps them to its exit codes).  The library never prints and never exits;
 * out of memory is the one documented exception (docs/architecture.md "Support").
 *
 * Calls that return a count or an index (tirx_bundle_add_code, tirx_plan_add_kernel,
 * tirx_artifact_kind ...) return it, or -1, and say so where they are declared.
 * The values are pinned: they are part of the ABI. */
#ifndef TIRX_STATUS_H
#define TIRX_STATUS_H

#ifdef __cplusplus
extern "C" {
#endif

typedef enum TirxStatus {
  TIRX_OK = 0,
  /* libtirxrt (runtime.h, bundle.h, npy.h, file.h): the call failed */
  TIRX_ERR = -1,
  /* libtirx (compile.h, target.h): the input does not compile — a parse, verifier, pass,
   * LLVM or ptxas error or timeout, an absent opts->func, options never initialised */
  TIRX_ERR_COMPILE = 1,
  /* tirx_compile_load: no CUDA driver or device, or the runtime refused the code */
  TIRX_ERR_DEVICE = 2,
} TirxStatus;

#ifdef __cplusplus
}
#endif

#endif /* TIRX_STATUS_H */
