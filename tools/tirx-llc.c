/* tirx-llc: compile a TIRx kernel to LLVM IR, PTX, a cubin or a bundle.
 * A thin main over the driver's one entry, tirx_compile_with_diag (tirx/compile.h).
 *
 *   tirx-llc FILE|- [--mcpu=sm_100a] [--emit=tirx|llvm|llvm-opt|ptx|cubin|bundle]
 *            [-O0..3] [-D NAME=VALUE]... [-o OUT] [--time-passes]
 *            [--no-cache] [--cache-stats] [--cache-clear] [--ptxas-timeout=SECONDS] [-j N]
 *
 * The command line fills one TirxCompileOptions; the on-disk compile cache (a layer of
 * that entry) serves a kernel compiled before with the same options.  --repeat compiles
 * again through the same entry with the cache off, for benchmarking.
 *
 * The command line, input, output and diagnostics go through tools/common/tool.h.
 * Exit status: 0 ok, 1 input error (diagnostics on stderr), 2 usage error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/tool.h"
#include "common/tools.h"
#include "tirx/compile.h"
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
    "  --fmad=BOOL         true (the default, as nvcc): a floating-point a * b + c may\n"
    "                      be contracted into one fma; false: every add / sub / mul\n"
    "                      is rounded on its own\n"
    "  --sass-interleave-ffma[=N|none]\n"
    "                      sm_90/sm_90a, with ptxas (--emit=cubin|bundle): in\n"
    "                      every run of >= 8 consecutive FFMAs of the SASS make\n"
    "                      every N-th (default 2) since the last yielding one\n"
    "                      yield (clearing its reuse flags), so the scheduler\n"
    "                      interleaves other warps; none: no FFMA of such a run\n"
    "                      yields; off by default\n"
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
    "  -j N, --jobs=N      threads for a module of several kernels: each kernel's LLVM\n"
    "                      optimisation and PTX on its own thread, ptxas\n"
    "                      --split-compile N (default $TIRX_JOBS, else the number of\n"
    "                      CPUs; 1: the module whole on one thread)\n"
    "  --ptxas-timeout=S   stop ptxas after S seconds (0: no limit; default\n"
    "                      $TIRX_PTXAS_TIMEOUT, else 120)\n"
    "  --help              show this help\n"
    "  --version           show the version\n"
    "\n"
    "environment: TIRX_PTXAS (ptxas to run), TIRX_PTXAS_TIMEOUT (seconds),\n"
    "  TIRX_JOBS (the default of --jobs),\n"
    "  TIRX_LIBDEVICE (libdevice bitcode),\n"
    "  TIRX_NVSHMEM_HOME (NVSHMEM: lib/libnvshmem_device_sm_N.bc; else the python3 wheel),\n"
    "  TIRX_CACHE_DIR (compile cache; default $XDG_CACHE_HOME/tirx or ~/.cache/tirx),\n"
    "  TIRX_NO_CACHE=1 (no compile cache), TIRX_DUMP_DIR (write every stage there),\n"
    "  TIRX_CACHE_MAX_BYTES (the cache's size bound; default 4G, 0 = none),\n"
    "  TIRX_MAX_INPUT_BYTES (the most bytes read from one input; default 256M),\n"
    "  TIRX_LLVM_PIPELINE=tirx|llvm (-O3's LLVM pipeline: tirx's, the default, or LLVM's\n"
    "  default<O3>),\n"
    "  TIRX_VERIFY_EACH=1 (verify the IR after every lowering pass, not once after the last;\n"
    "  on in the sanitizer builds)\n";

typedef enum { EMIT_TIRX, EMIT_LLVM, EMIT_LLVM_OPT, EMIT_PTX, EMIT_CUBIN, EMIT_BUNDLE } Emit;

/* The command line: the compile's options go straight into the driver's one options struct. */
typedef struct Llc {
  TirxCompileOptions o;
  const char *input, *output;
  Emit emit;
  bool time_passes, cache_stats, cache_clear;
  int repeat;
} Llc;

/* Parses the command line into *l; -1 to go on, else the exit status. */
static int parse_args(ToolArgs *t, Llc *l) {
  TirxCompileOptions *o = &l->o;
  for (const char *a; (a = tool_next(t));) {
    const char *v;
    if (tool_flag(t, "--help") || tool_flag(t, "-h")) {
      printf(usage, tirx_target_arch_list());
      return TOOL_EXIT_OK;
    } else if (tool_flag(t, "--version")) {
      printf("tirx-llc %s (LLVM NVPTX backend, default arch %s)\n", TIRX_VERSION,
             TIRX_DEFAULT_ARCH);
      return TOOL_EXIT_OK;
    } else if (tool_flag(t, "--time-passes")) {
      l->time_passes = true;
    } else if (tool_flag(t, "--no-cache")) {
      o->no_cache = 1;
    } else if (tool_flag(t, "--cache-stats")) {
      l->cache_stats = true;
    } else if (tool_flag(t, "--cache-clear")) {
      l->cache_clear = true;
    } else if (a[0] == '-' && a[1] == 'O' && a[2] >= '0' && a[2] <= '3' && !a[3]) {
      o->opt_level = a[2] - '0';
    } else if ((v = tool_value(t, "--fmad"))) {
      if (strcmp(v, "true") && strcmp(v, "false"))
        return tool_usage_error(t->tool, "--fmad expects true or false, got '%s'", v);
      o->no_fmad = !strcmp(v, "false");
    } else if (tool_flag(t, "--sass-interleave-ffma")) {
      o->sass_interleave_ffma = 2;
    } else if (!strcmp(a, "--sass-interleave-ffma=none")) {
      o->sass_interleave_ffma = TIRX_SASS_FFMA_NO_YIELD;
    } else if (!strncmp(a, "--sass-interleave-ffma=", 23)) {
      long n;
      if (!tool_int_value(t, "--sass-interleave-ffma", a + 23, 64, &n)) return TOOL_EXIT_USAGE;
      if (n < 1) return tool_usage_error(t->tool, "--sass-interleave-ffma expects N >= 1");
      o->sass_interleave_ffma = (int)n;
    } else if ((v = tool_value(t, "--mcpu")) || (v = tool_value(t, "-mcpu"))) {
      o->arch = v;
      if (!tirx_target_arch(o->arch)) {
        fprintf(stderr, "tirx-llc: unknown arch '%s'%s (supported: %s)\n", o->arch,
                tirx_target_arch_hint(o->arch), tirx_target_arch_list());
        return TOOL_EXIT_USAGE;
      }
    } else if ((v = tool_value(t, "--emit"))) {
      static const char *const kinds[] = {"tirx", "llvm", "llvm-opt", "ptx", "cubin", "bundle"};
      int found = -1;
      for (int j = 0; j < 6; j++)
        if (!strcmp(v, kinds[j])) found = j;
      if (found < 0) return tool_usage_error(t->tool, "unknown --emit kind: %s", v);
      l->emit = (Emit)found;
    } else if (strncmp(a, "-D", 2) == 0) {
      if (!tool_define(t)) return TOOL_EXIT_USAGE;
    } else if (strncmp(a, "-I", 2) == 0) {
      if (!tool_include(t)) return TOOL_EXIT_USAGE;
    } else if ((v = tool_value(t, "--entry"))) {
      o->entry = v;
    } else if ((v = tool_value(t, "--pass-pipeline"))) {
      o->pipeline = v;
    } else if ((v = tool_value(t, "-o"))) {
      l->output = v;
    } else if ((v = tool_value(t, "--repeat"))) {
      long n;
      if (!tool_int_value(t, "--repeat", v, 100000, &n)) return TOOL_EXIT_USAGE;
      if (n < 1) return tool_usage_error(t->tool, "--repeat needs a count >= 1: %s", v);
      l->repeat = (int)n;
    } else if ((v = tool_value(t, "--jobs")) || (v = tool_value(t, "-j"))) {
      long n;
      if (!tool_int_value(t, "--jobs", v, 4096, &n)) return TOOL_EXIT_USAGE;
      if (n < 1) return tool_usage_error(t->tool, "--jobs needs a count >= 1: %s", v);
      o->jobs = (int)n;
    } else if ((v = tool_value(t, "--ptxas-timeout"))) {
      long n;
      if (!tool_int_value(t, "--ptxas-timeout", v, 1000000, &n)) return TOOL_EXIT_USAGE;
      o->ptxas_timeout = (int)n;
    } else if (t->bad) {
      return TOOL_EXIT_USAGE;
    } else if (a[0] == '-' && a[1]) {
      return tool_usage_error(t->tool, "unknown option: %s", a);
    } else if (l->input) {
      return tool_usage_error(t->tool, "more than one input file: %s", a);
    } else {
      l->input = a;
    }
    if (t->bad) return TOOL_EXIT_USAGE;
  }
  o->defines = t->defines;
  o->ndefines = t->ndefines;
  o->include_dirs = t->includes;
  o->ninclude_dirs = t->nincludes;
  o->stop = l->emit == EMIT_TIRX                              ? TIRX_COMPILE_STOP_LOWERED
            : l->emit == EMIT_CUBIN || l->emit == EMIT_BUNDLE ? TIRX_COMPILE_STOP_CUBIN
                                                              : TIRX_COMPILE_STOP_PTX;
  o->lean = l->emit == EMIT_PTX || l->emit == EMIT_CUBIN || l->emit == EMIT_BUNDLE;
  return -1;
}

/* --cache-clear: 0, or the exit status. */
static int clear_cache(const TirxCompileOptions *o) {
  char *dir = tirx_cache_dir(o), *err = NULL;
  size_t removed = 0;
  int rc = TOOL_EXIT_OK;
  if (tirx_cache_clear(o, &removed, &err) != TIRX_OK) {
    fprintf(stderr, "tirx-llc: --cache-clear: %s\n", err ? err : "failed");
    rc = TOOL_EXIT_INPUT;
  } else {
    fprintf(stderr, "tirx-llc: removed %zu cache entr%s from %s\n", removed,
            removed == 1 ? "y" : "ies", dir ? dir : "?");
  }
  free(err);
  free(dir);
  return rc;
}

/* --repeat: the later runs, through the same entry without the cache; the fastest run's
 * stage times go to best[] (unchanged when none succeeded). */
static void repeat_runs(const Llc *l, const char *fname, const char *src, size_t len,
                        double best[TIRX_STAGE_COUNT], double *best_total) {
  TirxCompileOptions o = l->o;
  o.no_cache = 1;
  for (int r = 1; r < l->repeat; r++) {
    TirxArtifacts again;
    TirxDiag d2;
    tirx_diag_init(&d2, fname, src, len);
    if (tirx_compile_with_diag(fname, src, len, &o, &again, &d2) == TIRX_OK) {
      double ms = 0;
      for (int s = 0; s < TIRX_STAGE_COUNT; s++) ms += again.ms_stage[s];
      if (*best_total < 0 || ms < *best_total) {
        *best_total = ms;
        memcpy(best, again.ms_stage, sizeof(double) * TIRX_STAGE_COUNT);
      }
    }
    tirx_artifacts_free(&again);
    tirx_diag_free(&d2);
  }
}

static void print_times(const double first[], const double best[], bool warm) {
  double total = 0, wtotal = 0;
  fprintf(stderr, "===== tirx-llc stage times (ms) =====%s\n",
          warm ? "  (first run, fastest of the rest)" : "");
  for (int s = 0; s < TIRX_STAGE_COUNT; s++) {
    if (warm)
      fprintf(stderr, "  %-11s %9.3f %9.3f\n", tirx_stage_name((TirxStage)s), first[s], best[s]);
    else fprintf(stderr, "  %-11s %9.3f\n", tirx_stage_name((TirxStage)s), first[s]);
    total += first[s];
    wtotal += best[s];
  }
  if (warm) fprintf(stderr, "  %-11s %9.3f %9.3f\n", "total", total, wtotal);
  else fprintf(stderr, "  %-11s %9.3f\n", "total", total);
  fprintf(stderr, "  (the lowering passes were verified %s; TIRX_VERIFY_EACH)\n",
          tirx_pass_verify_each_default() ? "after each one" : "once, after the last");
}

/* Writes the artifact --emit asked for; 0 or 1. */
static int write_output(const Llc *l, const char *fname, const TirxArtifacts *c) {
  static const int kind_of[] = {TIRX_ART_LOWERED, TIRX_ART_LLVM,  TIRX_ART_LLVM_OPT,
                                TIRX_ART_PTX,     TIRX_ART_CUBIN, TIRX_ART_BUNDLE};
  int k = kind_of[l->emit];
  if (!c->data[k] && l->emit == EMIT_BUNDLE) {
    fprintf(stderr,
            "%s: error: no bundle: it needs a kernel's launch plan (a host function with "
            "T.device_entry()) and a loadable cubin (device functions alone, or calls of functions "
            "the module does not define, give only a relocatable cubin: --emit=cubin)\n",
            fname);
    return 1;
  }
  if (!c->data[k]) {
    fprintf(stderr, "tirx-llc: internal error: no %s output\n", tirx_artifact_name(k));
    return 1;
  }
  if (l->emit == EMIT_CUBIN || l->emit == EMIT_BUNDLE)
    return tool_write("tirx-llc", l->output, c->data[k], c->size[k]);
  return tool_write_text("tirx-llc", l->output, c->data[k]);
}

/* argc/argv come in *args (tool_args_init); its -D list is freed by the caller. */
static int llc_main(ToolArgs *t) {
  Llc l = {.emit = EMIT_PTX, .repeat = 1};
  tirx_compile_options_init(&l.o);
  int rc = parse_args(t, &l);
  if (rc >= 0) return rc;
  if (l.cache_clear) { /* before the compile, if there is one */
    if ((rc = clear_cache(&l.o)) != 0 || !l.input) return rc;
  }
  if (!l.input) return tool_usage_error(t->tool, "no input file");
  if (l.o.pipeline) {
    TirxDiag pd;
    tirx_diag_init(&pd, NULL, NULL, 0);
    int bad = tirx_pass_check_pipeline(l.o.pipeline, &pd);
    tool_print_diag(&pd);
    tirx_diag_free(&pd);
    if (bad) return TOOL_EXIT_USAGE;
  }

  size_t len = 0;
  char *src = NULL;
  const char *fname;
  if (!tool_read_input("tirx-llc", l.input, &src, &len, &fname)) return TOOL_EXIT_INPUT;
  TirxDiag diag;
  tirx_diag_init(&diag, fname, src, len);
  TirxArtifacts c;
  rc = tirx_compile_with_diag(fname, src, len, &l.o, &c, &diag);
  double best[TIRX_STAGE_COUNT], best_total = -1;
  memcpy(best, c.ms_stage, sizeof best);
  if (rc == 0) repeat_runs(&l, fname, src, len, best, &best_total);
  tool_print_diag(&diag); /* errors, or warnings (ptxas's, the cache's) */
  if (l.cache_stats) {
    static const char *const what[] = {"off", "miss", "hit"};
    fprintf(stderr, "tirx-llc: cache %s%s%s%s%s (%.3f ms)\n", what[c.cache], c.key[0] ? " " : "",
            c.key, c.cache_dropped ? ", dropped a corrupt entry" : "",
            c.cache == TIRX_CACHE_MISS && !c.cache_stored ? ", not stored" : "", c.ms_total);
  }
  if (rc == 0) rc = write_output(&l, fname, &c);
  if (l.time_passes) print_times(c.ms_stage, best, l.repeat > 1 && best_total >= 0);
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

/* The whole run: the executable's main, and the Python package's console script
 * `tirx-llc` (tirx._cli, through the extension: tools/common/tools.def). */
int tirx_llc_main(int argc, char **argv) { return tool_exit("tirx-llc", tool_main(argc, argv)); }

#ifndef TIRX_TOOL_NO_MAIN
int main(int argc, char **argv) { return tirx_llc_main(argc, argv); }
#endif
