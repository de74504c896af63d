/* tirx/compile.h — one-call compile entries used by tirx-run (and anyone embedding tirx).
 *
 * Contract between the runtime team (caller, tools/tirx-run.c) and the compiler team
 * (implementation in lib/Driver/compile.c and lib/Driver/jit.c).
 *
 *   tirx_compile_to_bundle  source → a bundle in memory (format of
 *                           runtime/include/tirx/bundle.h / docs/bundle-format.md) that the
 *                           caller loads with libtirxrt (tirxrt_module_load); runs ptxas.
 *   tirx_compile_load       source → a loaded libtirxrt module for the local device
 *                           (target "cuda": the arch is detected, PTX is compiled in memory
 *                           and JIT-loaded by the driver; no ptxas, no files written), and
 *                           optionally the callable entry function.  Call it with
 *                           runtime.h's tirxrt_call.
 */
#ifndef TIRX_COMPILE_H
#define TIRX_COMPILE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct TirxCompileOptions {
  const char *arch;     /* "sm_90a"; NULL = default sm_100a */
  int opt_level;        /* 0..3 */
  const char **defines; /* "N=256" (T.constexpr / module constants, as -D) */
  int ndefines;
  const char *func;     /* NULL = the only / "main" function; else that entry only */
  int ptx_only;         /* tirx_compile_to_bundle: no ptxas, the bundle holds PTX + plans
                           (libtirxrt JIT-loads it); tirx_compile_load always is */
  unsigned init_;        /* set by tirx_compile_options_init; a struct without it is refused */
} TirxCompileOptions;

/* Fills *o with the defaults (the default arch, -O3, no defines, the only / "main"
 * function, cubin + PTX).  Every TirxCompileOptions must start here: a zeroed struct
 * would otherwise silently mean -O0, so the compile entries refuse one that was not
 * initialised (status non-zero, "...not initialised..." in the diagnostic). */
void tirx_compile_options_init(TirxCompileOptions *o);
#define TIRX_COMPILE_OPTIONS_INIT_ 0x74697278u

/* Compile TIRx source text to a bundle held in memory (cubin for opts->arch + PTX;
 * PTX alone with opts->ptx_only).
 * `filename` is used in diagnostics only; `source` need not be NUL-terminated.
 * Returns 0 on success with *bundle / *size malloc'd (caller frees).  On failure returns
 * non-zero and sets *diag to a malloc'd, fully formatted diagnostic
 * (`file:line:col: error: ...` with the source line and a caret); caller frees. */
int tirx_compile_to_bundle(const char *filename, const char *source, size_t len,
                           const TirxCompileOptions *opts, void **bundle, size_t *size,
                           char **diag);

/* ---- compile and load (lib/Driver/jit.c) ---------------------------------------------- */

/* The libtirxrt handles (runtime/include/tirx/runtime.h). */
typedef struct TirxrtContext TirxrtContext;
typedef struct TirxrtModule TirxrtModule;
typedef struct TirxrtFunction TirxrtFunction;

/* Return values of tirx_compile_load besides 0. */
enum {
  TIRX_COMPILE_ERR_SOURCE = 1, /* the input does not compile (or opts->func is absent) */
  TIRX_COMPILE_ERR_DEVICE = 2, /* no CUDA driver / device, or the runtime refused the code */
};

/* Compile TIRx source for the device of `ctx` and load it (TVM's target "cuda").
 * The arch is opts->arch when given, else device 0's (tirxrt_device_arch: sm_<cc>, plus
 * `a` when the major version is >= 9 — runtime_semantics.md §5).  The pipeline stops at
 * PTX (opts->ptx_only is implied), the PTX and the launch plans go into a bundle held in
 * memory, and libtirxrt loads it: the driver JIT-compiles the PTX (cuModuleLoadDataEx)
 * on the first call on a device.  No ptxas subprocess, no temporary files.
 * Returns 0 with *mod (unload with tirxrt_module_unload before destroying ctx) and, when
 * fn is not NULL, *fn = the entry opts->func (NULL: the only one / `main`), callable with
 * tirxrt_call.  On failure returns TIRX_COMPILE_ERR_SOURCE or TIRX_COMPILE_ERR_DEVICE
 * with a malloc'd message in *diag (compile errors fully formatted as in
 * tirx_compile_to_bundle); caller frees. */
int tirx_compile_load(TirxrtContext *ctx, const char *filename, const char *source,
                      size_t len, const TirxCompileOptions *opts, TirxrtModule **mod,
                      TirxrtFunction **fn, char **diag);

#ifdef __cplusplus
}
#endif

#endif /* TIRX_COMPILE_H */
