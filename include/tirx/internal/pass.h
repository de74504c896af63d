/* tirx/pass.h — named Module → Module passes and the pass manager.
 *
 * Every pass is registered once in lib/Transforms/passes.def (name, entry,
 * one-line description, what it requires, what it guarantees); that table
 * drives --list-passes, --pass-pipeline and the "did you mean" suggestion.
 * docs/passes.md describes each pass.
 *
 * A pipeline is a comma-separated list of pass names, e.g.
 * "lower-tirx,flatten-buffer"; the name "default" expands to the pipeline
 * tirx-llc runs (TIRX_PASS_DEFAULT_PIPELINE).  Spaces around names are
 * ignored; an empty pipeline runs nothing.
 *
 * Errors in the input (inconsistent scope-id extents, unsupported layouts,
 * ...) are appended to the caller's TirxDiag with source locations; a pass
 * never prints and never aborts.  The pass manager stops at the first pass
 * that reports an error.  Output goes only to the FILE*s in the options
 * (IR dumps and the timing report), which the tool chooses.
 *
 * Linking: split-host-device builds launch plans with libtirxrt's builder
 * (runtime/include/tirx/plan.h), so libtirx needs libtirxrt:
 * `target_link_libraries(tirx PUBLIC tirxrt)` in the top-level CMakeLists.
 */
#ifndef TIRX_PASS_H
#define TIRX_PASS_H

#include <stdbool.h>
#include <stdio.h>

#include "tirx/internal/diag.h"
#include "tirx/internal/ir.h"

/* What `--pass-pipeline=default` (and tirx-llc) runs: the passes.def rows
 * marked DEFAULT, in row order ("lower-tirx,flatten-buffer,...").  A static
 * string. */
const char *tirx_pass_default_pipeline(void);
#define TIRX_PASS_DEFAULT_PIPELINE (tirx_pass_default_pipeline())

typedef struct TirxPassOptions {
  bool verify_each;        /* run the IR verifier after every pass (default true) */
  bool print_after_all;    /* dump the module after every pass */
  const char *print_after; /* comma-separated pass names to dump after; NULL = none */
  bool print_before_all;   /* dump the module (input) before every pass */
  FILE *print_out;         /* where dumps go; NULL = stderr */
  bool time_passes;        /* report wall time per pass after the pipeline */
  FILE *time_out;          /* where the report goes; NULL = stderr */
} TirxPassOptions;

/* Whether a compile verifies the module after every lowering pass: $TIRX_VERIFY_EACH (1 = on,
 * 0 = off), else on in the sanitizer and fuzz builds (TIRX_VERIFY_EACH_DEFAULT) and off
 * otherwise.  The verifier after each pass is a large part of the passes' time on big kernels;
 * lit sets it for every test, so a pass that breaks the IR is caught there and named; a compile
 * without it verifies once after the last pass, which still turns invalid IR into an error. */
bool tirx_pass_verify_each_default(void);

/* Defaults: verify_each = true, everything else off / NULL. */
void tirx_pass_options_init(TirxPassOptions *o);

/* Checks that every name in `pipeline` is a registered pass (or "default").
 * Returns 0, or 1 with an error in `d` ("unknown pass 'flaten-buffer' in
 * pipeline; did you mean 'flatten-buffer'?", no source location).  Tools use
 * it to reject a bad --pass-pipeline (exit 2) before reading the input. */
int tirx_pass_check_pipeline(const char *pipeline, TirxDiag *d);

/* Runs `pipeline` over `m` in place (passes replace m->funcs and add nodes to
 * m's arena).  `o` may be NULL (defaults).  Returns 0 on success, 1 when a
 * pass (or the verifier after it) reported an error into `d`; the module is
 * then in the state the failing pass left it (valid to free, not to use). */
int tirx_pass_run_pipeline(Module *m, const char *pipeline, const TirxPassOptions *o, TirxDiag *d);

/* Runs one pass by name (no verification, no dumps).  0 or 1, as above. */
int tirx_pass_run(Module *m, const char *name, TirxDiag *d);

/* `--list-passes`: one line per pass, "  name  description", in registry
 * order, then the default pipeline; `verbose` (`--list-passes -v`) adds each
 * pass's requires and guarantees lines. */
void tirx_pass_list(FILE *out, bool verbose);

/* Registry queries (for tools and tests). */
int tirx_pass_count(void);
const char *tirx_pass_name(int i);        /* NULL when out of range */
const char *tirx_pass_description(int i); /* NULL when out of range */
bool tirx_pass_exists(const char *name);

/* ---- what split-host-device leaves for codegen and the bundle writer -----
 *
 * After split-host-device the module holds only device kernels
 * (PrimFunc.is_device_kernel): params are plain Vars (typed handles first,
 * sorted by name, then scalars sorted by name), no Param.buf.  Each kernel's
 * PrimFunc.plan points at the launch plan of the host function it came from
 * (runtime/include/tirx/plan.h).  Kernels split from the same host function
 * share ONE plan (its kernels[] lists them in program order), so a bundle
 * writer must deduplicate plans by pointer.  Plans are owned by the module
 * and destroyed by tirx_module_free. */

#endif
