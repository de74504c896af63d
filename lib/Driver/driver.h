/* lib/Driver internals: the Driver half of what codegen.h used to hold.
 *
 * The driver speaks one vocabulary, the public one of tirx/compile.h: TirxCompileOptions in,
 * TirxArtifacts out.  compile.c owns the one entry (tirx_compile_with_diag) and the
 * pipeline after parsing; cache.c is the compile cache, a layer the entry calls around the
 * pipeline (open → key → lookup → [miss: the pipeline] → store → close) and that never calls
 * back into it; ptxas.c runs ptxas; sass.c rewrites ptxas's cubin (opt-in).  Layers:
 * compile.c → cache.c, ptxas.c, sass.c → Target.
 */
#ifndef TIRX_DRIVER_DRIVER_H
#define TIRX_DRIVER_DRIVER_H

#include <stdbool.h>

#include "tirx/compile.h"
#include "tirx/internal/diag.h"
#include "tirx/internal/ir.h"

/* ---- the compile cache (cache.c) --------------------------------------------------------
 *
 * One compile's use of the cache.  dir is NULL when the cache is off for this compile
 * (TIRX_NO_CACHE, o->no_cache, TIRX_COMPILE_STOP_LOWERED, or a directory that cannot be
 * created: one warning); the key is still computed for TIRX_DUMP_DIR then. */
typedef struct DrvCache {
  char *dir;      /* DIR/v1, or NULL: no cache */
  bool warned;    /* one warning per compile */
  TirxDiag *diag; /* the compile's diagnostics: the cache's warnings go there */
} DrvCache;

/* Opens the cache o (resolved: o->stop set, o->arch known) would use. */
void drv_cache_open(DrvCache *c, const TirxCompileOptions *o, TirxDiag *diag);
void drv_cache_close(DrvCache *c);
/* The key of a compile: every option that changes an artifact, the canonical IR `ir`
 * (printed after parsing), the versions of tirx, LLVM, ptxas and libdevice. */
void drv_cache_key(DrvCache *c, const TirxCompileOptions *o, const char *ir, char key[65]);
/* Looks out->key up.  A hit fills out->data / size / arch, replays the entry's warnings
 * (found in this very source text) into c->diag and returns true (out->cache = HIT).
 * Otherwise false with out->cache = MISS (cache_dropped: a corrupt entry was deleted) and
 * c->diag as it was at entry diag0 (the diagnostics before it are the parse's).  text: the
 * caller reads the text stages, so an entry a lean compile stored (without the lowered
 * TIRx and LLVM IR texts) is a miss. */
bool drv_cache_lookup(DrvCache *c, const char *source, size_t len, int diag0, bool text,
                      TirxArtifacts *out);
/* Stores a successful compile (with the warnings c->diag got from entry diag0 on, and the
 * hash of `source` they were found in); sets out->cache_stored, trims to the size bound. */
void drv_cache_store(DrvCache *c, const char *source, size_t len, int diag0, TirxArtifacts *out);
/* TIRX_DUMP_DIR: writes every artifact of `a` into dir (warnings into c->diag). */
void drv_cache_dump(DrvCache *c, const char *dir, const char *filename, const TirxArtifacts *a);

/* ---- ptxas (ptxas.c) -------------------------------------------------------------------- */

/* tirx_ptxas_assemble, or with ptxas -c when relocatable: a cubin that keeps
 * calls of external device functions (or has no kernel) for a later link.  threads > 1:
 * ptxas --split-compile threads (its kernels compiled on threads: the same code). */
TirxStatus tirx_ptxas_assemble_mode(const char *ptx, const char *arch, int opt_level, int timeout,
                                    bool relocatable, int threads, const char *what, void **cubin,
                                    size_t *size, TirxDiag *diag);

/* With TIRX_NVPTXCOMPILER (and neither $TIRX_PTXAS nor TIRX_PTXAS_IN_PROCESS=0): the
 * in-process assembler's name and version, which the compile cache's key takes beside
 * the binary's; else NULL (the ptxas binary is run). */
const char *drv_ptxas_in_process(void);
/* The largest PTX (bytes) assembled in process when a binary is there too. */
size_t drv_ptxas_in_process_max(void);

/* ---- SASS rewrites after ptxas (sass.c, the rows of sass.def) ------------------------- */

/* 0 when sass.def has the encoding of arch; else 1 with an error naming the archs it has. */
int drv_sass_check_arch(const char *arch, TirxDiag *diag);
/* --sass-interleave-ffma=every: in each run of consecutive FFMAs of each .text.<kernel>
 * section of cubin (long enough: sass.def's MIN_RUN), every every-th FFMA since the last
 * yielding one is made to yield, without its operand-reuse flags; nothing else changes.
 * *nchanged: the FFMAs changed.  0, or 1 with an error (an arch sass.def lacks; a cubin
 * that is not ELF64 / EM_CUDA). */
int drv_sass_interleave_ffma(void *cubin, size_t size, const char *arch, int every, int *nchanged,
                             TirxDiag *diag);

#endif
