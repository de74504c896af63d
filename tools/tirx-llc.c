/* tirx-llc: compile a TIRx kernel to LLVM IR, PTX, a cubin or a bundle.
 * A thin main over tirx_compile_source (lib/Driver/compile.c).
 *
 *   tirx-llc FILE|- [--mcpu=sm_100a] [--emit=tirx|llvm|llvm-opt|ptx|cubin|bundle]
 *            [-O0..3] [-D NAME=VALUE]... [-o OUT] [--time-passes]
 *            [--no-cache] [--cache-stats]
 *
 * Compiles through tirx_compile (lib/Driver/cache.c): the on-disk compile cache
 * serves a kernel compiled before with the same options.  --repeat runs the pipeline
 * itself (tirx_compile_source, no cache) for benchmarking.
 *
 * Exit status: 0 ok, 1 input error (diagnostics on stderr), 2 usage error. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tirx/internal/codegen.h"
#include "tirx/compile.h"
#include "tirx/diag.h"
#include "tirx/file.h"
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
    "  -D NAME=VALUE       define a module constant or a @T.jit T.constexpr\n"
    "  -I DIR              add DIR to the module search path of `import`\n"
    "  --entry EXPR        compile the PrimFunc EXPR (a call or a name) gives\n"
    "  --pass-pipeline=P   lowering passes to run (default \"default\")\n"
    "  -o OUT              write to OUT instead of stdout (\"-\" = stdout)\n"
    "  --time-passes       report the time of each stage (ms) on stderr\n"
    "  --repeat=N          compile N times (benchmarking; with --time-passes the\n"
    "                      first and the fastest later run are reported; the\n"
    "                      later runs bypass the compile cache)\n"
    "  --no-cache          neither read nor write the compile cache\n"
    "  --cache-stats       say on stderr whether the compile cache hit\n"
    "  --help              show this help\n"
    "  --version           show the version\n"
    "\n"
    "environment: TIRX_PTXAS (ptxas to run), TIRX_LIBDEVICE (libdevice bitcode),\n"
    "  TIRX_NVSHMEM_HOME (NVSHMEM: lib/libnvshmem_device_sm_N.bc; else the python3 wheel),\n"
    "  TIRX_CACHE_DIR (compile cache; default $XDG_CACHE_HOME/tirx or ~/.cache/tirx),\n"
    "  TIRX_NO_CACHE=1 (no compile cache), TIRX_DUMP_DIR (write every stage there)\n";

typedef enum { EMIT_TIRX, EMIT_LLVM, EMIT_LLVM_OPT, EMIT_PTX, EMIT_CUBIN, EMIT_BUNDLE } Emit;

static int usage_error(const char *msg, const char *arg) {
  fprintf(stderr, "tirx-llc: %s%s\n", msg, arg ? arg : "");
  fprintf(stderr, "run 'tirx-llc --help' for usage\n");
  return 2;
}

static int write_out(const char *path, const void *data, size_t n) {
  bool to_stdout = !path || strcmp(path, "-") == 0;
  FILE *f = to_stdout ? stdout : fopen(path, "wb");
  if (!f) {
    fprintf(stderr, "tirx-llc: cannot write %s: %s\n", path, strerror(errno));
    return 1;
  }
  size_t w = fwrite(data, 1, n, f);
  int bad = (to_stdout ? fflush(f) : fclose(f)) != 0 || w != n;
  if (bad) fprintf(stderr, "tirx-llc: cannot write %s: %s\n", to_stdout ? "<stdout>" : path,
                   strerror(errno));
  return bad;
}

static void print_diag(TirxDiag *d) {
  if (d->n == 0) return;
  char *s = tirx_diag_render(d);
  if (s) fputs(s, stderr);
  free(s);
}

static int tool_main(int argc, char **argv) {
  const char *input = NULL, *output = NULL;
  Emit emit = EMIT_PTX;
  bool time_passes = false, no_cache = false, cache_stats = false;
  int repeat = 1;
  TirxDriverOptions o;
  tirx_driver_options_init(&o);
  const char **defines = calloc((size_t)argc, sizeof *defines);
  const char *co_entry = NULL;
  const char **incs = calloc((size_t)argc + 1, sizeof *incs);
  int nincs = 0;
  if (!defines) return 1;

  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      printf(usage, tirx_target_arch_list());
      free(defines);
      return 0;
    } else if (!strcmp(a, "--version")) {
      printf("tirx-llc %s (LLVM NVPTX backend, default arch %s)\n", TIRX_VERSION, TIRX_DEFAULT_ARCH);
      free(defines);
      return 0;
    } else if (!strncmp(a, "--mcpu=", 7) || !strncmp(a, "-mcpu=", 6)) {
      o.arch = strchr(a, '=') + 1;
      if (!tirx_target_arch(o.arch)) {
        fprintf(stderr, "tirx-llc: unknown arch '%s' (supported: %s)\n", o.arch,
                tirx_target_arch_list());
        free(defines);
        return 2;
      }
    } else if (!strncmp(a, "--emit=", 7)) {
      const char *k = a + 7;
      static const char *const kinds[] = {"tirx", "llvm", "llvm-opt", "ptx", "cubin", "bundle"};
      int found = -1;
      for (int j = 0; j < 6; j++)
        if (!strcmp(k, kinds[j])) found = j;
      if (found < 0) {
        free(defines);
        return usage_error("unknown --emit kind: ", k);
      }
      emit = (Emit)found;
    } else if (a[0] == '-' && a[1] == 'O' && a[2] >= '0' && a[2] <= '3' && !a[3]) {
      o.opt_level = a[2] - '0';
    } else if (!strncmp(a, "-D", 2)) {
      const char *d = a[2] ? a + 2 : (i + 1 < argc ? argv[++i] : NULL);
      if (!d || !strchr(d, '=')) {
        free(defines);
        return usage_error("-D needs NAME=VALUE", NULL);
      }
      defines[o.ndefines++] = d;
    } else if (!strncmp(a, "-I", 2)) {
      const char *d = a[2] ? a + 2 : (i + 1 < argc ? argv[++i] : NULL);
      if (!d) {
        free(defines);
        free(incs);
        return usage_error("-I needs a directory", NULL);
      }
      incs[nincs++] = d;
    } else if (!strcmp(a, "--entry") || !strncmp(a, "--entry=", 8)) {
      co_entry = a[7] ? a + 8 : (i + 1 < argc ? argv[++i] : NULL);
      if (!co_entry) {
        free(defines);
        return usage_error("--entry needs a Python expression", NULL);
      }
    } else if (!strncmp(a, "--pass-pipeline=", 16)) {
      o.pipeline = a + 16;
    } else if (!strcmp(a, "-o")) {
      if (i + 1 >= argc) {
        free(defines);
        return usage_error("-o needs a file name", NULL);
      }
      output = argv[++i];
    } else if (!strncmp(a, "--repeat=", 9)) {
      char *end;
      long n = strtol(a + 9, &end, 10);
      if (*end || n < 1 || n > 100000) {
        free(defines);
        return usage_error("--repeat needs a count >= 1: ", a);
      }
      repeat = (int)n;
    } else if (!strcmp(a, "--time-passes")) {
      time_passes = true;
    } else if (!strcmp(a, "--no-cache")) {
      no_cache = true;
    } else if (!strcmp(a, "--cache-stats")) {
      cache_stats = true;
    } else if (a[0] == '-' && a[1]) {
      free(defines);
      return usage_error("unknown option: ", a);
    } else if (input) {
      free(defines);
      return usage_error("more than one input file: ", a);
    } else {
      input = a;
    }
  }
  if (!input) {
    free(defines);
    return usage_error("no input file", NULL);
  }
  if (o.pipeline) {
    TirxDiag pd;
    tirx_diag_init(&pd, NULL, NULL, 0);
    int bad = tirx_pass_check_pipeline(o.pipeline, &pd);
    if (bad) print_diag(&pd);
    tirx_diag_free(&pd);
    if (bad) {
      free(defines);
      return 2;
    }
  }
  o.defines = defines;
  o.keep_llvm = emit == EMIT_LLVM || emit == EMIT_LLVM_OPT;
  o.keep_tirx = emit == EMIT_TIRX;
  o.stop_after = emit == EMIT_TIRX                          ? TIRX_STOP_AFTER_PASSES
                 : emit == EMIT_CUBIN || emit == EMIT_BUNDLE ? TIRX_STOP_AFTER_CUBIN
                                                            : TIRX_STOP_AFTER_PTX;

  size_t len = 0;
  char *src = NULL, *ferr = NULL;
  if (tirx_read_file(input, &src, &len, &ferr) != 0) {
    fprintf(stderr, "tirx-llc: %s\n", ferr);
    free(ferr);
    free(defines);
    return 1;
  }
  const char *fname = strcmp(input, "-") == 0 ? "<stdin>" : input;
  TirxCompileOptions co;
  tirx_compile_options_init(&co);
  co.arch = o.arch;
  co.opt_level = o.opt_level;
  co.defines = defines;
  co.ndefines = o.ndefines;
  co.entry = co_entry;
  co.include_dirs = incs;
  co.ninclude_dirs = nincs;
  co.pipeline = o.pipeline;
  co.stop = emit == EMIT_TIRX                           ? TIRX_COMPILE_STOP_LOWERED
            : emit == EMIT_CUBIN || emit == EMIT_BUNDLE ? TIRX_COMPILE_STOP_CUBIN
                                                        : TIRX_COMPILE_STOP_PTX;
  co.no_cache = no_cache;
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
      double t = 0;
      for (int s = 0; s < TIRX_STAGE_COUNT; s++) t += again.ms[s];
      if (best_total < 0 || t < best_total) {
        best_total = t;
        memcpy(best, again.ms, sizeof best);
      }
    }
    tirx_compiled_free(&again);
    tirx_diag_free(&d2);
  }
  print_diag(&diag); /* errors, or warnings (ptxas's, the cache's) */
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
      rc = write_out(output, c.data[k], c.size[k]);
    } else {
      const char *text = c.data[k];
      size_t n = c.size[k];
      char *buf = malloc(n + 2);
      if (!buf) return 1;
      memcpy(buf, text, n);
      if (n && text[n - 1] != '\n') buf[n++] = '\n'; /* the printer omits the last newline */
      rc = write_out(output, buf, n);
      free(buf);
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
  }
  tirx_artifacts_free(&c);
  tirx_diag_free(&diag);
  free(src);
  free(defines);
  free(incs);
  return rc ? 1 : 0;
}

/* Every output the tool wrote to stdout (--help, printed values, IR) must have reached it. */
int main(int argc, char **argv) {
  int rc = tool_main(argc, argv);
  if (fflush(stdout) != 0 || ferror(stdout)) {
    if (rc == 0) fprintf(stderr, "tirx-llc: cannot write <stdout>: %s\n", strerror(errno));
    if (rc == 0) rc = 1;
  }
  return rc;
}
