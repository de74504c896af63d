/* tirx/internal/codegen.h — the Target half: lowered device kernels → LLVM IR → PTX.
 * (The driver's half — options, stages, results, the compile entry — is the public
 * tirx/compile.h; its internals are lib/Driver/driver.h.)
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
  char *llvm_ir;           /* LLVM IR before optimisation (keep_llvm only, else NULL) */
  char *llvm_ir_opt;       /* LLVM IR after optimisation (keep_llvm only, else NULL) */
  char *ptx;               /* PTX text (NUL-terminated) */
  const char *arch;        /* the arch compiled for (static string) */
  int nkernels;            /* kernels emitted */
  int nfuncs;              /* no kernel: device functions emitted alone (a relocatable cubin) */
  int nexterns;            /* device functions called but not defined here (a relocatable cubin) */
  int nparts;              /* kernels compiled as parts on threads (jobs > 1), 0: one module */
  const char *extern_name; /* the first of those (module-interned), and its call */
  Loc extern_loc;
  double ms_irgen; /* TIRx → LLVM IR, incl. libdevice linking and verification */
  double ms_opt;   /* LLVM's optimisation pipeline (tirx_llvm_pipeline_name) */
  double ms_ptx;   /* NVPTX instruction selection + PTX printing */
} TirxCodegenResult;

/* What codegen targets (tirx_codegen_module). */
typedef struct TirxTargetOptions {
  const char *arch; /* "sm_100a" (default when NULL), "sm_90a", ... */
  int opt_level;    /* 0..3: the LLVM pipeline (default<On>; tirx's at 3) and the codegen level */
  bool keep_llvm;   /* keep the LLVM IR text before and after optimisation */
  bool no_fmad;     /* true: no fp add / sub / mul is contracted into an fma (nvcc's
                       --fmad=false); false (the default): they may be, as nvcc does */
  int jobs;         /* > 1 with several kernels: each kernel optimised and printed on its
                       own thread, at most `jobs` at once (split.c); else one module */
} TirxTargetOptions;

/* Compiles the device kernels of `m` (t may be NULL: sm_100a, -O3).  Returns
 * 0 and fills *out, or 1 with errors in `diag` (*out then holds nothing to
 * free).  Free a result with tirx_codegen_result_free. */
int tirx_codegen_module(Module *m, const TirxTargetOptions *t, TirxCodegenResult *out,
                        TirxDiag *diag);
void tirx_codegen_result_free(TirxCodegenResult *r);
/* The LLVM pipeline -O3 runs, from TIRX_LLVM_PIPELINE: "tirx" (tirx's, the default) or
 * "llvm" (LLVM's default<O3>); NULL when the variable names neither (a compile then fails
 * with an error).  Part of the compile cache's key. */
const char *tirx_llvm_pipeline_name(void);

#endif
