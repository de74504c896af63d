/* tirx/compile.h — one-call compile entry used by tirx-run (and anyone embedding tirx).
 *
 * Contract between the runtime team (caller, tools/tirx-run.c) and the compiler team
 * (implementation in lib/Driver/compile.c).  The result is a bundle in the format of
 * runtime/include/tirx/bundle.h / docs/bundle-format.md, so the caller loads it with
 * libtirxrt (tirx_bundle_read + tirxrt_module_load).
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
} TirxCompileOptions;

/* Compile TIRx source text to a bundle held in memory (cubin for opts->arch + PTX).
 * `filename` is used in diagnostics only; `source` need not be NUL-terminated.
 * Returns 0 on success with *bundle / *size malloc'd (caller frees).  On failure returns
 * non-zero and sets *diag to a malloc'd, fully formatted diagnostic
 * (`file:line:col: error: ...` with the source line and a caret); caller frees. */
int tirx_compile_to_bundle(const char *filename, const char *source, size_t len,
                           const TirxCompileOptions *opts, void **bundle, size_t *size,
                           char **diag);

#ifdef __cplusplus
}
#endif

#endif /* TIRX_COMPILE_H */
