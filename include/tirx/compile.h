/* tirx/compile.h — the driver's vocabulary: one options struct (TirxCompileOptions), one
 * result (TirxArtifacts), one entry (tirx_compile / tirx_compile_with_diag, with the compile
 * cache as a layer inside it), and the conveniences built on that entry.  Used by tirx-llc,
 * tirx-run, the Python module and anyone embedding tirx (lib/Driver/compile.c, cache.c,
 * jit.c).
 *
 *   tirx_compile_to_bundle  source → a bundle in memory (format of
 *                           runtime/include/tirx/bundle.h / docs/bundle-format.md) that the
 *                           caller loads with libtirxrt (tirxrt_module_load); runs ptxas.
 *   tirx_compile_load       source → a loaded libtirxrt module for the local device
 *                           (target "cuda": the arch is detected, PTX is compiled in memory
 *                           and JIT-loaded by the driver; no ptxas, no files written), and
 *                           optionally the callable entry function.  Call it with
 *                           runtime.h's tirxrt_call.
 *
 * Every entry returns a TirxStatus (tirx/status.h): TIRX_OK, or TIRX_ERR_COMPILE (and
 * TIRX_ERR_DEVICE from tirx_compile_load) with the formatted diagnostics in *diag.
 */
#ifndef TIRX_COMPILE_H
#define TIRX_COMPILE_H

#include <stddef.h>

#include "tirx/diag.h"
#include "tirx/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct TirxCompileOptions {
  const char *arch;     /* "sm_90a"; NULL = default sm_100a */
  int opt_level;        /* 0..3 */
  const char **defines; /* "N=256" (T.constexpr / module constants, as -D) */
  int ndefines;
  const char *func; /* NULL = the only / "main" function; else that entry only */
  int ptx_only;     /* tirx_compile_to_bundle: no ptxas, the bundle holds PTX + plans
                           (libtirxrt JIT-loads it); tirx_compile_load always is */
  /* Additions for tirx_compile (tirx_compile_options_init zeroes them: the defaults): */
  const char *pipeline;  /* lowering passes; NULL = "default" */
  int stop;              /* a TirxCompileStop; 0 = through ptxas (ptx_only: through PTX) */
  int no_cache;          /* 1: neither read nor write the compile cache */
  const char *cache_dir; /* NULL: $TIRX_CACHE_DIR, else $XDG_CACHE_HOME/tirx, else
                           ~/.cache/tirx */
  const char *entry; /* NULL, or --entry: a Python expression giving the PrimFunc (tirx/parse.h) */
  const char *const *include_dirs; /* -I DIR: module search roots for `import` */
  int ninclude_dirs;
  int ptxas_timeout;        /* seconds ptxas may run, 0 = no limit; -1 (the default) =
                           $TIRX_PTXAS_TIMEOUT, else TIRX_PTXAS_TIMEOUT_DEFAULT (tirx/target.h) */
  int lean;                 /* 1: the caller reads the ptx, cubin and bundle artifacts only, so
                           the text stages lowered, llvm and llvm-opt are not printed (nor
                           tirx, when there is no cache) and the cache entry goes without
                           them (a later compile that wants them misses it and stores a
                           whole one); TIRX_DUMP_DIR prints them all.  0 (the default): all
                           kept.  tirx_compile_to_bundle sets it. */
  long long max_steps;      /* the evaluator's step bound (TirxParseOptions.max_steps); 0 = its
                           default (the fuzzers lower it) */
  int no_fmad;              /* 1: floating-point a * b + c stays two rounded operations (nvcc's
                           --fmad=false); 0 (the default): codegen may contract it into one
                           fma, as nvcc does by default */
  int sass_interleave_ffma; /* 0 (the default): ptxas's cubin as it is.  N >= 1 (tirx-llc
                               --sass-interleave-ffma=N; sm_90 / sm_90a, and only when ptxas
                               runs): in every run of consecutive FFMAs of the SASS, every N-th
                               FFMA since the last yielding one is made to yield (its reuse
                               flags cleared), so the scheduler interleaves other warps;
                               TIRX_SASS_FFMA_NO_YIELD (--sass-interleave-ffma=none): no FFMA
                               of such a run yields (lib/Driver/sass.c) */
  int jobs;                 /* threads for a module of several kernels (LLVM per kernel, ptxas
                           --split-compile): 0 (the default) = $TIRX_JOBS, else the number
                           of CPUs; 1 = the module whole on one thread */
  unsigned init_;           /* set by tirx_compile_options_init; a struct without it is refused */
} TirxCompileOptions;

/* Fills *o with the defaults (the default arch, -O3, no defines, the only / "main"
 * function, cubin + PTX, the cache on, ptxas's timeout from the environment).  Every
 * TirxCompileOptions must start here: a zeroed struct would otherwise silently mean
 * -O0, so the compile entries refuse one that was not initialised (TIRX_ERR_COMPILE,
 * "TirxCompileOptions was not initialised ..." in the diagnostic). */
void tirx_compile_options_init(TirxCompileOptions *o);
#define TIRX_COMPILE_OPTIONS_INIT_ 0x74697278u
#define TIRX_SASS_FFMA_NO_YIELD (-1) /* TirxCompileOptions.sass_interleave_ffma: "none" */

/* Compile TIRx source text to a bundle held in memory (cubin for opts->arch + PTX;
 * PTX alone with opts->ptx_only).
 * `filename` is used in diagnostics only; `source` need not be NUL-terminated.
 * Returns TIRX_OK with *bundle / *size malloc'd (caller frees).  On failure returns
 * TIRX_ERR_COMPILE and sets *diag to a malloc'd, fully formatted diagnostic
 * (`file:line:col: error: ...` with the source line and a caret); caller frees.
 * On success *diag holds the warnings (ptxas's, the compile cache's), or NULL. */
TirxStatus tirx_compile_to_bundle(const char *filename, const char *source, size_t len,
                                  const TirxCompileOptions *opts, void **bundle, size_t *size,
                                  char **diag);

/* ---- every stage, through the compile cache (lib/Driver/cache.c) ----------------------
 *
 * tirx_compile runs the pipeline of tirx_compile_to_bundle and keeps every stage.  It
 * parses the source (with opts->defines), prints the parsed module canonically, and
 * looks the result up in the on-disk compile cache, keyed by the SHA-256 of that IR,
 * the pass pipeline, every option, the arch, tirx's, LLVM's and ptxas's versions,
 * ptxas's path and the libdevice file's hash.  On a hit no pass, LLVM or ptxas runs;
 * on a miss the entry (every stage and the bundle) is written to a temporary file
 * in the cache directory and renamed into place, so concurrent compiles of one kernel
 * are safe without locks.  An entry that fails its checksum is deleted and rebuilt.
 * The diagnostics found after parsing (codegen's and ptxas's warnings) are kept in the
 * entry with the SHA-256 of the source text and replayed on a hit from that text (from
 * another text with the same IR, the kernel is compiled again: the lines may have moved).
 * A cache directory that cannot be created or written costs one warning in *diag and
 * the compile goes on without it.  TIRX_NO_CACHE=1 (or opts->no_cache) turns the
 * cache off; TIRX_DUMP_DIR=DIR writes every stage of every compile into DIR. */

typedef enum TirxCompileStop { /* TirxCompileOptions.stop: where the pipeline stops */
                               TIRX_COMPILE_STOP_CUBIN = 0, /* everything, ptxas included */
                               TIRX_COMPILE_STOP_PTX =
                                   1, /* no ptxas: the bundle holds PTX + plans */
                               TIRX_COMPILE_STOP_LOWERED =
                                   2, /* the passes only: TIRX and LOWERED (never cached) */
} TirxCompileStop;

/* The pipeline's stages, in order: TirxArtifacts.ms_stage is indexed by them. */
typedef enum TirxStage {
  TIRX_STAGE_PARSE,
  TIRX_STAGE_VERIFY,
  TIRX_STAGE_PASSES,
  TIRX_STAGE_LLVM_IRGEN,
  TIRX_STAGE_LLVM_OPT,
  TIRX_STAGE_PTX_EMIT,
  TIRX_STAGE_PTXAS,
  TIRX_STAGE_COUNT
} TirxStage;

/* "parse", "verify", "passes", "llvm-irgen", "llvm-opt", "ptx-emit", "ptxas" (tirx-llc
 * --time-passes); "?" for another value. */
const char *tirx_stage_name(TirxStage s);

typedef enum TirxArtifactKind { /* rows: tirx/artifact.def */
#define ARTIFACT(id, name, suffix) TIRX_ART_##id,
#include "tirx/artifact.def"
#undef ARTIFACT
                                TIRX_ART_COUNT
} TirxArtifactKind;

typedef enum TirxCacheStatus {
  TIRX_CACHE_OFF = 0,  /* the cache was not used (disabled, or nothing to store) */
  TIRX_CACHE_MISS = 1, /* compiled (and stored, unless cache_stored is 0) */
  TIRX_CACHE_HIT = 2,  /* every stage came from the cache */
} TirxCacheStatus;

typedef struct TirxArtifacts {
  void *data[TIRX_ART_COUNT];  /* malloc'd or NULL (not produced); text is NUL-terminated */
  size_t size[TIRX_ART_COUNT]; /* bytes, without the NUL of text stages */
  char arch[16];               /* the arch compiled for */
  char key[65];                /* the cache key (hex), "" when the cache was off */
  int cache;                   /* a TirxCacheStatus */
  int cache_stored;            /* 1: this compile wrote the entry */
  int cache_dropped;           /* 1: a corrupt entry was found, deleted and rebuilt */
  double ms_stage[8];          /* the stage times, indexed by TirxStage (TIRX_STAGE_COUNT of
                                 them); 0 for stages that did not run (a hit: all but parse) */
  double ms_total;             /* the whole call */
} TirxArtifacts;

/* Stage names, as kernel.inspect() and TIRX_DUMP_DIR use them: "tirx", "lowered",
 * "llvm", "llvm-opt", "ptx", "cubin", "bundle"; NULL for an unknown kind. */
const char *tirx_artifact_name(int kind);
/* The kind named `name`, or -1. */
int tirx_artifact_kind(const char *name);

/* Compile with every stage kept (see above).  Returns TIRX_OK with *out filled (free it
 * with tirx_artifacts_free), or TIRX_ERR_COMPILE with the formatted diagnostics in *diag
 * (*out is then empty, but freeing it is harmless).  On success *diag
 * holds the warnings (ptxas's, the cache's) or NULL.  *diag is malloc'd; caller frees. */
TirxStatus tirx_compile(const char *filename, const char *source, size_t len,
                        const TirxCompileOptions *opts, TirxArtifacts *out, char **diag);
void tirx_artifacts_free(TirxArtifacts *a);
/* The same with the diagnostics kept structured (tirx/diag.h): `diag` must have been
 * created with the same filename and source (tirx_diag_create); errors and warnings
 * are added to it.  Used by the Python binding (tirx.CompileError.diagnostics). */
TirxStatus tirx_compile_with_diag(const char *filename, const char *source, size_t len,
                                  const TirxCompileOptions *opts, TirxArtifacts *out,
                                  TirxDiag *diag);

/* The directory the cache would use for opts (NULL: defaults), malloc'd, or NULL when
 * the cache is off (TIRX_NO_CACHE=1, opts->no_cache, or no HOME to derive it from). */
char *tirx_cache_dir(const TirxCompileOptions *opts);

/* The cache's size bound: TIRX_CACHE_MAX_BYTES (bytes, optionally with a K, M or G suffix;
 * 0 = no bound), else this default.  A store that leaves the entries over it removes the
 * least recently used entries (a hit counts as a use) down to 90 % of it. */
#define TIRX_CACHE_MAX_BYTES_DEFAULT ((unsigned long long)4 << 30)

/* Removes every entry and tool memo of the cache that opts (NULL: defaults) would use.
 * Returns TIRX_OK with *removed = the entries removed, or TIRX_ERR with *err (malloc'd)
 * when the cache is off or a file cannot be removed.  Safe while other processes use the
 * cache (they miss and compile). */
TirxStatus tirx_cache_clear(const TirxCompileOptions *opts, size_t *removed, char **err);

/* ---- compile and load (lib/Driver/jit.c) ---------------------------------------------- */

/* The libtirxrt handles (runtime/include/tirx/runtime.h). */
typedef struct TirxrtContext TirxrtContext;
typedef struct TirxrtModule TirxrtModule;
typedef struct TirxrtFunction TirxrtFunction;

/* Compile TIRx source for the device of `ctx` and load it (TVM's target "cuda").
 * The arch is opts->arch when given, else device 0's (tirxrt_device_arch: sm_<cc>, plus
 * `a` when the major version is >= 9 — runtime_semantics.md §5).  The pipeline stops at
 * PTX (opts->ptx_only is implied), the PTX and the launch plans go into a bundle held in
 * memory, and libtirxrt loads it: the driver JIT-compiles the PTX (cuModuleLoadDataEx)
 * on the first call on a device.  No ptxas subprocess, no temporary files.
 * Returns TIRX_OK with *mod (unload with tirxrt_module_unload before destroying ctx) and,
 * when fn is not NULL, *fn = the entry opts->func (NULL: the only one / `main`), callable
 * with tirxrt_call.  On failure returns TIRX_ERR_COMPILE (the input does not compile, or
 * opts->func is absent) or TIRX_ERR_DEVICE (no CUDA driver / device, or the runtime
 * refused the code)
 * with a malloc'd message in *diag (compile errors fully formatted as in
 * tirx_compile_to_bundle); caller frees.  On success *diag holds the compile's warnings, or
 * NULL. */
TirxStatus tirx_compile_load(TirxrtContext *ctx, const char *filename, const char *source,
                             size_t len, const TirxCompileOptions *opts, TirxrtModule **mod,
                             TirxrtFunction **fn, char **diag);

#ifdef __cplusplus
}
#endif

#endif /* TIRX_COMPILE_H */
