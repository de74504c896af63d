/* tirx/codegen.h — lowered device kernels → LLVM IR → PTX, and the driver.
 *
 * tirx_codegen_module (lib/Target/NVPTX) turns every PrimFunc with
 * is_device_kernel into one `ptx_kernel` LLVM function, runs LLVM's
 * default<On> pipeline on the NVPTX target machine and prints PTX.
 *
 * Input contract (what split-host-device leaves, see tirx/pass.h):
 *   - params: typed handles → `ptr addrspace(1) noalias`; T.TensorMap() →
 *     `ptr byval([128 x i8]) align 64 "nvvm.grid_constant"`; scalars by value
 *     (bool as one byte);
 *   - S_LAUNCH "blockIdx.x/y/z" / "threadIdx.x/y/z" binds ctaid / tid; the
 *     product of constant threadIdx extents is "nvvm.maxntid"; S_ATTR keys
 *     "tirx.launch_bounds_min_blocks_per_sm" → "nvvm.minctasm",
 *     "tirx.max_registers" → "nvvm.maxnreg", "tirx.cluster_dims" →
 *     "nvvm.cluster_dim" (others: body only);
 *   - allocations have constant shapes: "local" → entry-block alloca,
 *     "shared" → internal addrspace(3) global <kernel>_<buffer>, "shared.dyn"
 *     → the module's external `__tirx_dyn_smem` [0 x i8]; S_DECL aliases
 *     decl_data (elem_offset added to indices);
 *   - accesses are 1-D (N-d ones are flattened row-major as a fallback); a
 *     wider load/store than the element (vload) is one vector access aligned
 *     to its size; a unit-stride Ramp index is one vector access;
 *   - no S_SCOPEID ("codegen: unlowered scope id" otherwise).
 * Device asserts trap when false.  Unsupported intrinsics, arch mismatches
 * and T.cuda.func_call are located diagnostics, never aborts.
 *
 * tirx_compile_source (lib/Driver/compile.c) is the whole pipeline written out
 * as one straight line: parse → verify → passes → codegen → ptxas, each stage
 * timed, each stage's text kept for inspection (the seed's inspect_source()).
 *
 * Neither prints nor exits: errors go to the caller's TirxDiag, with source
 * locations when the fault is in the input ("codegen: T.cuda.func_call ...").
 */
#ifndef TIRX_CODEGEN_H
#define TIRX_CODEGEN_H

#include <stdbool.h>
#include <stddef.h>

#include "tirx/internal/diag.h"
#include "tirx/internal/ir.h"
#include "tirx/target.h"

/* ---- codegen (lib/Target/NVPTX) ------------------------------------------ */

typedef struct TirxCodegenResult {
  char *llvm_ir;     /* LLVM IR before optimisation (keep_llvm only, else NULL) */
  char *llvm_ir_opt; /* LLVM IR after optimisation (keep_llvm only, else NULL) */
  char *ptx;         /* PTX text (NUL-terminated) */
  const char *arch;  /* the arch compiled for (static string) */
  int nkernels;      /* kernels emitted */
  int nfuncs;        /* no kernel: device functions emitted alone (a relocatable cubin) */
  int nexterns;      /* device functions called but not defined here (a relocatable cubin) */
  const char *extern_name; /* the first of those (module-interned), and its call */
  Loc extern_loc;
  double ms_irgen;   /* TIRx → LLVM IR, incl. libdevice linking and verification */
  double ms_opt;     /* LLVM default<On> */
  double ms_ptx;     /* NVPTX instruction selection + PTX printing */
} TirxCodegenResult;

/* What codegen targets (tirx_codegen_module). */
typedef struct TirxTargetOptions {
  const char *arch; /* "sm_100a" (default when NULL), "sm_90a", ... */
  int opt_level;    /* 0..3: the LLVM pipeline default<On> and the codegen level */
  bool keep_llvm;   /* keep the LLVM IR text before and after optimisation */
} TirxTargetOptions;

/* Compiles the device kernels of `m` (t may be NULL: sm_100a, -O3).  Returns
 * 0 and fills *out, or 1 with errors in `diag` (*out then holds nothing to
 * free).  Free a result with tirx_codegen_result_free. */
int tirx_codegen_module(Module *m, const TirxTargetOptions *t, TirxCodegenResult *out,
                        TirxDiag *diag);
void tirx_codegen_result_free(TirxCodegenResult *r);

/* ---- the compile pipeline (lib/Driver) ----------------------------------- */

/* The stages, in pipeline order; each has a name for --time-passes. */
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

/* "parse", "verify", "passes", "llvm-irgen", "llvm-opt", "ptx-emit", "ptxas". */
const char *tirx_stage_name(TirxStage s);

/* How far the pipeline runs. */
typedef enum TirxStopAfter {
  TIRX_STOP_AFTER_PASSES, /* lowered TIRx only */
  TIRX_STOP_AFTER_PTX,    /* LLVM IR + PTX */
  TIRX_STOP_AFTER_CUBIN,  /* + ptxas */
} TirxStopAfter;

typedef struct TirxDriverOptions {
  const char *arch;            /* NULL = TIRX_DEFAULT_ARCH */
  int opt_level;               /* 0..3 (LLVM and ptxas) */
  const char *const *defines;  /* "NAME=VALUE" (T.constexpr / module constants) */
  int ndefines;
  const char *pipeline;        /* NULL = "default" (tirx/pass.h) */
  TirxStopAfter stop_after;
  bool keep_llvm;              /* keep LLVM IR text before/after opt */
  bool keep_tirx;              /* keep the lowered module's TVMScript text */
  const char *entry;           /* NULL, or --entry EXPR (tirx/parse.h) */
  const char *const *include_dirs; /* -I DIR (tirx/parse.h) */
  long long max_steps;             /* TirxParseOptions.max_steps (0 = the default) */
  int ninclude_dirs;
  int ptxas_timeout;           /* seconds, 0 = no limit, -1 = $TIRX_PTXAS_TIMEOUT / default */
  bool verify_each;            /* verify the module after every lowering pass; false: once,
                                  after the last one (tirx_driver_verify_each gives the default) */
} TirxDriverOptions;

/* The default of TirxDriverOptions.verify_each: $TIRX_VERIFY_EACH (1 = on, 0 = off), else on
 * in the sanitizer builds (TIRX_SANITIZE) and off otherwise.  The verifier after each of the
 * six lowering passes is ~40 % of the passes' time on a large kernel; the tests set it (lit),
 * so a pass that breaks the IR is caught there, named; a compile verifies once, before
 * code generation, which still turns invalid IR into an error rather than bad code. */
bool tirx_driver_verify_each(void);

/* Defaults: sm_100a, -O3, default pipeline, up to the cubin, no kept texts. */
void tirx_driver_options_init(TirxDriverOptions *o);

/* Everything a compile produced.  Strings and the cubin are malloc'd; the
 * module (after the passes) is owned too.  NULL fields were not produced. */
typedef struct TirxCompiled {
  Module *module;          /* lowered module (plans hang off its kernels) */
  char *tirx;              /* lowered TVMScript (keep_tirx) */
  char *llvm_ir;           /* keep_llvm */
  char *llvm_ir_opt;       /* keep_llvm */
  char *ptx;
  void *cubin;
  size_t cubin_size;
  bool relocatable;        /* the cubin is ptxas -c output (device functions alone, or calls of
                              functions defined elsewhere): linkable, not loadable */
  const char *unresolved;  /* the first function called but not defined (or NULL) */
  const char *arch;        /* static */
  double ms[TIRX_STAGE_COUNT];
} TirxCompiled;

/* Runs the pipeline on `src` (need not be NUL-terminated; `filename` is for
 * diagnostics).  `diag` must have been initialised with the same filename and
 * source so that errors render with the source line.  Returns 0, or 1 with
 * errors in `diag`; in both cases *out holds what was produced (free it with
 * tirx_compiled_free). */
int tirx_compile_source(const char *filename, const char *src, size_t len,
                        const TirxDriverOptions *o, TirxCompiled *out, TirxDiag *diag);
void tirx_compiled_free(TirxCompiled *c);

/* inspect_source(): a stage's text by name — "tirx" (lowered TIRx), "llvm"
 * (before opt), "llvm-opt", "ptx" — or NULL when it was not kept/produced. */
const char *tirx_compiled_text(const TirxCompiled *c, const char *stage);

/* Packs a compiled module into a bundle (tirx/bundle.h): the cubin for
 * c->arch (when present), the PTX, and one launch plan per host function
 * (deduplicated; split-host-device shares a plan between the kernels of one
 * host function).  Returns 0 with *data / *size malloc'd, or 1 with an error
 * in `diag`. */
int tirx_compiled_to_bundle(const TirxCompiled *c, void **data, size_t *size, TirxDiag *diag);

#endif
