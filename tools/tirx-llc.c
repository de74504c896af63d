/* tirx-llc: compile a TIRx kernel to LLVM IR, PTX, a cubin or a bundle.
 * A thin main over tirx_compile_source (lib/Driver/compile.c).
 *
 *   tirx-llc FILE|- [--mcpu=sm_100a] [--emit=tirx|llvm|llvm-opt|ptx|cubin|bundle]
 *            [-O0..3] [-D NAME=VALUE]... [-o OUT] [--time-passes]
 *            [--no-cache] [--cache-stats] [--cache-clear] [--ptxas-timeout=SECONDS]
 *
 * Compiles through tirx_compile (lib/Driver/cache.c): the on-disk compile cache
 * serves a kernel compiled before with the same options.  --repeat runs the pipeline
 * itself (tirx_compile_source, no cache) for benchmarking.
 *
 * The command line, input, output and diagnostics go through tools/common/tool.h.
 * Exit status: 0 ok, 1 input error (diagnostics on stderr), 2 usage error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/tool.h"
#include "tirx/compile.h"
#include "tirx/internal/codegen.h"
#include "tirx/internal/diag.h"
#include "tirx/internal/pass.h"
#include "tirx/target.h"

#ifndef TIRX_VERSION
#define TIRX_VERSION "0.0.0"
#endif

static const char usage[] =
    "usage: tirx-llc FILE|- [options]\n"
    "\n"
    "Compiles a TIRx kernel (TVMScript text) for an NVIDIA GPU:\n"
    "parse, verify, lower (the default pass pipeline), LLVM IR, LLVM -O, PTX, ptxas.\n"
    "\n"
    "options:\n"
    "  --mcpu=ARCH         target arch (default " TIRX_DEFAULT_ARCH "); one of\n"
    "                      %s\n"
    "  --emit=KIND         what to write (default ptx):\n"
    "                        tirx      the lowered TIRx (after the passes)\n"
    "                        llvm      LLVM IR before optimisation\n"
    "                        llvm-opt  LLVM IR after optimisation\n"
    "                        ptx       PTX assembly\n"
    "                        cubin     ptxas output for ARCH (binary)\n"
    "                        bundle    cubin + PTX + launch plans (.tirxb, binary)\n"
    "  -O0 -O1 -O2 -O3     optimisation level for LLVM and ptxas (default -O3)\n"
    "  -I DIR              add DIR to the module search path of `import`\n"
    "  -D NAME=VALUE       define a module constant or a @T.jit T.constexpr\n"
    "  --entry EXPR        compile the PrimFunc EXPR (a call or a name) gives\n"
    "  --pass-pipeline=P   lowering passes to run (default \"default\")\n"
    "  -o OUT              write to OUT instead of stdout (\"-\" = stdout)\n"
    "  --time-passes       report the time of each stage (ms) on stderr\n"
    "  --repeat=N          compile N times (benchmarking; with --time-passes the\n"
    "                      first and the fastest later run are reported; the\n"
    "                      later runs bypass the compile cache)\n"
    "  --no-cache          neither read nor write the compile cache\n"
    "  --cache-stats       say on stderr whether the compile cache hit\n"
    "  --cache-clear       remove every entry of the compile cache (then compile FILE,\n"
    "                      if given)\n"
    "  --ptxas-timeout=S   stop ptxas after S seconds (0: no limit; default\n"
    "                      $TIRX_PTXAS_TIMEOUT, else 120)\n"
    "  --help              show this help\n"
    "  --version           show the version\n"
    "\n"
    "environment: TIRX_PTXAS (ptxas to run), TIRX_PTXAS_TIMEOUT (seconds),\n"
    "  TIRX_LIBDEVICE (libdevice bitcode),\n"
    "  TIRX_NVSHMEM_HOME (NVSHMEM: lib/libnvshmem_device_sm_N.bc; else the python3 wheel),\n"
    "  TIRX_CACHE_DIR (compile cache; default $XDG_CACHE_HOME/tirx or ~/.cache/tirx),\n"
    "  TIRX_NO_CACHE=1 (no compile cache), TIRX_DUMP_DIR (write every stage there),\n"
    "  TIRX_CACHE_MAX_BYTES (the cache's size bound; default 4G, 0 = none),\n"
    "  TIRX_MAX_INPUT_BYTES (the most bytes read from one input; default 256M),\n"
    "  TIRX_VERIFY_EACH=1 (verify the IR after every lowering pass, not once after the last;\n"
    "  on in the sanitizer builds)\n";

typedef enum { EMIT_TIRX, EMIT_LLVM, EMIT_LLVM_OPT, EMIT_PTX, EMIT_CUBIN, EMIT_BUNDLE } Emit;

/* argc/argv come in *args (tool_args_init); its -D list is freed by the caller. */
static int llc_main(ToolArgs *args) {
  const char *input = NULL, *output = NULL;
  Emit emit = EMIT_PTX;
  bool time_passes = false, no_cache = false, cache_stats = false, cache_clear = false;
  int repeat = 1;
  TirxDriverOptions o;
  tirx_driver_options_init(&o);
  const char *co_entry = NULL;
  long ptxas_timeout = -1;
  ToolArgs *t = args;
  for (const char *a; (a = tool_next(t));) {
    const char *v;
    if (tool_flag(t, "--help") || tool_flag(t, "-h")) {
      printf(usage, tirx_target_arch_list());
      return TOOL_EXIT_OK;
    } else if (tool_flag(t, "--version")) {
      printf("tirx-llc %s (LLVM NVPTX backend, default arch %s)\n", TIRX_VERSION, TIRX_DEFAULT_ARCH);
      return TOOL_EXIT_OK;
    } else if (tool_flag(t, "--time-passes")) {
      time_passes = true;
    } else if (tool_flag(t, "--no-cache")) {
      no_cache = true;
    } else if (tool_flag(t, "--cache-stats")) {
      cache_stats = true;
    } else if (tool_flag(t, "--cache-clear")) {
      cache_clear = true;
    } else if (a[0] == '-' && a[1] == 'O' && a[2] >= '0' && a[2] <= '3' && !a[3]) {
      o.opt_level = a[2] - '0';
    } else if ((v = tool_value(t, "--mcpu")) || (v = tool_value(t, "-mcpu"))) {
      o.arch = v;
      if (!tirx_target_arch(o.arch)) {
        fprintf(stderr, "tirx-llc: unknown arch '%s' (supported: %s)\n", o.arch,
                tirx_target_arch_list());
        return TOOL_EXIT_USAGE;
      }
    } else if ((v = tool_value(t, "--emit"))) {
      static const char *const kinds[] = {"tirx", "llvm", "llvm-opt", "ptx", "cubin", "bundle"};
      int found = -1;
      for (int j = 0; j < 6; j++)
        if (!strcmp(v, kinds[j])) found = j;
      if (found < 0) return tool_usage_error(t->tool, "unknown --emit kind: %s", v);
      emit = (Emit)found;
    } else if (strncmp(a, "-D", 2) == 0) {
      if (!tool_define(t)) return TOOL_EXIT_USAGE;
    } else if (strncmp(a, "-I", 2) == 0) {
      if (!tool_include(t)) return TOOL_EXIT_USAGE;
    } else if ((v = tool_value(t, "--entry"))) {
      co_entry = v;
    } else if ((v = tool_value(t, "--pass-pipeline"))) {
      o.pipeline = v;
    } else if ((v = tool_value(t, "-o"))) {
      output = v;
    } else if ((v = tool_value(t, "--repeat"))) {
      long n;
      if (!tool_int_value(t, "--repeat", v, 100000, &n)) return TOOL_EXIT_USAGE;
      if (n < 1) return tool_usage_error(t->tool, "--repeat needs a count >= 1: %s", v);
      repeat = (int)n;
    } else if ((v = tool_value(t, "--ptxas-timeout"))) {
      if (!tool_int_value(t, "--ptxas-timeout", v, 1000000, &ptxas_timeout)) return TOOL_EXIT_USAGE;
    } else if (t->bad) {
      return TOOL_EXIT_USAGE;
    } else if (a[0] == '-' && a[1]) {
      return tool_usage_error(t->tool, "unknown option: %s", a);
    } else if (input) {
      return tool_usage_error(t->tool, "more than one input file: %s", a);
    } else {
      input = a;
    }
    if (t->bad) return TOOL_EXIT_USAGE;
  }
  if (cache_clear) { /* before the compile, if there is one */
    TirxCompileOptions co;
    tirx_compile_options_init(&co);
    char *dir = tirx_cache_dir(&co), *err = NULL;
    size_t removed = 0;
    if (tirx_cache_clear(&co, &removed, &err) != TIRX_OK) {
      fprintf(stderr, "tirx-llc: --cache-clear: %s\n", err ? err : "failed");
      free(err);
      free(dir);
      return TOOL_EXIT_INPUT;
    }
    fprintf(stderr, "tirx-llc: removed %zu cache entr%s from %s\n", removed,
            removed == 1 ? "y" : "ies", dir ? dir : "?");
    free(dir);
    if (!input) return TOOL_EXIT_OK;
  }
  if (!input) return tool_usage_error(t->tool, "no input file");
  if (o.pipeline) {
    TirxDiag pd;
    tirx_diag_init(&pd, NULL, NULL, 0);
    int bad = tirx_pass_check_pipeline(o.pipeline, &pd);
    tool_print_diag(&pd);
    tirx_diag_free(&pd);
    if (bad) return TOOL_EXIT_USAGE;
  }
  o.ptxas_timeout = (int)ptxas_timeout;
  const char **defines = t->defines;
  o.ndefines = t->ndefines;
  o.defines = defines;
  o.include_dirs = t->includes;
  o.ninclude_dirs = t->nincludes;
  o.keep_llvm = emit == EMIT_LLVM || emit == EMIT_LLVM_OPT;
  o.keep_tirx = emit == EMIT_TIRX;
  o.stop_after = emit == EMIT_TIRX                          ? TIRX_STOP_AFTER_PASSES
                 : emit == EMIT_CUBIN || emit == EMIT_BUNDLE ? TIRX_STOP_AFTER_CUBIN
                                                            : TIRX_STOP_AFTER_PTX;

  size_t len = 0;
  char *src = NULL;
  const char *fname;
  if (!tool_read_input("tirx-llc", input, &src, &len, &fname)) return TOOL_EXIT_INPUT;
  TirxCompileOptions co;
  tirx_compile_options_init(&co);
  co.arch = o.arch;
  co.opt_level = o.opt_level;
  co.defines = defines;
  co.ndefines = o.ndefines;
  co.entry = co_entry;
  co.include_dirs = t->includes;
  co.ninclude_dirs = t->nincludes;
  co.pipeline = o.pipeline;
  co.stop = emit == EMIT_TIRX                           ? TIRX_COMPILE_STOP_LOWERED
            : emit == EMIT_CUBIN || emit == EMIT_BUNDLE ? TIRX_COMPILE_STOP_CUBIN
                                                        : TIRX_COMPILE_STOP_PTX;
  co.no_cache = no_cache;
  co.ptxas_timeout = (int)ptxas_timeout;
  co.lean = emit == EMIT_PTX || emit == EMIT_CUBIN || emit == EMIT_BUNDLE;
  TirxDiag diag;
  tirx_diag_init(&diag, fname, src, len);
  TirxArtifacts c;
  int rc = tirx_compile_with_diag(fname, src, len, &co, &c, &diag);
  double first[TIRX_STAGE_COUNT], best[TIRX_STAGE_COUNT];
  memcpy(first, c.ms_stage, sizeof first);
  memcpy(best, c.ms_stage, sizeof best);
  double best_total = -1;
  for (int r = 1; r < repeat && rc == 0; r++) { /* warm runs: keep the fastest */
    TirxCompiled again;
    TirxDiag d2;
    tirx_diag_init(&d2, fname, src, len);
    if (tirx_compile_source(fname, src, len, &o, &again, &d2) == 0) {
      double ms = 0;
      for (int s = 0; s < TIRX_STAGE_COUNT; s++) ms += again.ms[s];
      if (best_total < 0 || ms < best_total) {
        best_total = ms;
        memcpy(best, again.ms, sizeof best);
      }
    }
    tirx_compiled_free(&again);
    tirx_diag_free(&d2);
  }
  tool_print_diag(&diag); /* errors, or warnings (ptxas's, the cache's) */
  if (cache_stats) {
    static const char *const what[] = {"off", "miss", "hit"};
    fprintf(stderr, "tirx-llc: cache %s%s%s%s%s (%.3f ms)\n", what[c.cache],
            c.key[0] ? " " : "", c.key,
            c.cache_dropped ? ", dropped a corrupt entry" : "",
            c.cache == TIRX_CACHE_MISS && !c.cache_stored ? ", not stored" : "", c.ms_total);
  }
  if (rc == 0) {
    static const int kind_of[] = {TIRX_ART_LOWERED, TIRX_ART_LLVM, TIRX_ART_LLVM_OPT,
                                  TIRX_ART_PTX,     TIRX_ART_CUBIN, TIRX_ART_BUNDLE};
    int k = kind_of[emit];
    if (!c.data[k] && emit == EMIT_BUNDLE) {
      fprintf(stderr, "%s: error: no bundle: it needs a kernel's launch plan (a host function with "
              "T.device_entry()) and a loadable cubin (device functions alone, or calls of functions "
              "the module does not define, give only a relocatable cubin: --emit=cubin)\n", fname);
      rc = 1;
    } else if (!c.data[k]) {
      fprintf(stderr, "tirx-llc: internal error: no %s output\n", tirx_artifact_name(k));
      rc = 1;
    } else if (emit == EMIT_CUBIN || emit == EMIT_BUNDLE) {
      rc = tool_write("tirx-llc", output, c.data[k], c.size[k]);
    } else {
      rc = tool_write_text("tirx-llc", output, c.data[k]);
    }
  }
  if (time_passes) {
    double total = 0, wtotal = 0;
    bool warm = repeat > 1 && best_total >= 0;
    fprintf(stderr, "===== tirx-llc stage times (ms) =====%s\n", warm ? "  (first run, fastest of the rest)" : "");
    for (int s = 0; s < TIRX_STAGE_COUNT; s++) {
      if (warm)
        fprintf(stderr, "  %-11s %9.3f %9.3f\n", tirx_stage_name((TirxStage)s), first[s], best[s]);
      else
        fprintf(stderr, "  %-11s %9.3f\n", tirx_stage_name((TirxStage)s), first[s]);
      total += first[s];
      wtotal += best[s];
    }
    if (warm)
      fprintf(stderr, "  %-11s %9.3f %9.3f\n", "total", total, wtotal);
    else
      fprintf(stderr, "  %-11s %9.3f\n", "total", total);
    fprintf(stderr, "  (the lowering passes were verified %s; TIRX_VERIFY_EACH)\n",
            o.verify_each ? "after each one" : "once, after the last");
  }
  tirx_artifacts_free(&c);
  tirx_diag_free(&diag);
  free(src);
  return rc ? 1 : 0;
}

static int tool_main(int argc, char **argv) {
  ToolArgs t;
  tool_args_init(&t, "tirx-llc", argc, argv);
  int rc = llc_main(&t);
  tool_args_free(&t);
  return rc;
}

int main(int argc, char **argv) { return tool_exit("tirx-llc", tool_main(argc, argv)); }
