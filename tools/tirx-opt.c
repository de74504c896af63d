/* tirx-opt: parse, verify, run passes, print.  A thin main over the library.
 *
 *   tirx-opt FILE|- [-o OUT] [-D NAME=VALUE]... [--pass-pipeline=a,b,c]
 *            [--print-after-all] [--print-after=NAME] [--list-passes [-v]]
 *            [--no-verify] [--verify-roundtrip] [--time-passes]
 *            [--print-style=tirx|tvm]
 *
 * Exit status: 0 ok, 1 input error (diagnostics on stderr), 2 usage error. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tirx/diag.h"
#include "tirx/file.h"
#include "tirx/internal/ir.h"
#include "tirx/internal/parse.h"
#include "tirx/internal/pass.h"
#include "tirx/internal/print.h"
#include "tirx/internal/verify.h"

#ifndef TIRX_VERSION
#define TIRX_VERSION "0.0.0"
#endif

static const char usage[] =
    "usage: tirx-opt FILE|- [options]\n"
    "\n"
    "Parses a TIRx kernel (TVMScript text), verifies it, optionally runs passes,\n"
    "and prints the result as canonical TIRx.\n"
    "\n"
    "options:\n"
    "  -o OUT                  write the output to OUT instead of stdout\n"
    "  -D NAME=VALUE           define a module constant or a @T.jit T.constexpr\n"
    "  -I DIR                  add DIR to the module search path of `import`\n"
    "  --entry EXPR            compile the PrimFunc that EXPR (a call or a name)\n"
    "                          gives after the module ran\n"
    "  --pass-pipeline=P       run passes P (comma-separated names, or \"default\")\n"
    "  --print-after-all       print the module after every pass (to stderr)\n"
    "  --print-after=NAME      print the module after pass NAME (to stderr)\n"
    "  --list-passes [-v]      list the registered passes and exit (-v: with what\n"
    "                          each requires and guarantees)\n"
    "  --no-verify             do not run the verifier after each pass\n"
    "  --verify-roundtrip      also check print(parse(print(x))) == print(x) and\n"
    "                          structural equality; exit 1 if not\n"
    "  --time-passes           report the time spent in each pass (to stderr)\n"
    "  --print-style=S         tirx (default): canonical TIRx text; tvm: exactly\n"
    "                          what TVM's .script() prints\n"
    "  --structural-hash       print the module's structural hash instead of the\n"
    "                          module (equal up to names and locations = equal hash)\n"
    "  --help                  show this help\n"
    "  --version               show the version\n";

static int usage_error(const char *msg, const char *arg) {
  fprintf(stderr, "tirx-opt: %s%s\n", msg, arg ? arg : "");
  fprintf(stderr, "run 'tirx-opt --help' for usage\n");
  return 2;
}

static int report(TirxDiag *d) {
  char *s = tirx_diag_render(d);
  fputs(s, stderr);
  free(s);
  return 1;
}

/* Copies `text` without its "# launch plan" comment lines: plans belong to
 * split-host-device's output, and a re-parsed kernel has none to print. */
static char *strip_plans(const char *text) {
  char *out = malloc(strlen(text) + 1), *o = out;
  if (!out) return NULL;
  for (const char *p = text; *p;) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p) + 1 : strlen(p);
    if (strncmp(p, "# launch plan", 13) != 0) {
      memcpy(o, p, n);
      o += n;
    }
    p += n;
  }
  *o = '\0';
  return out;
}

/* Parses `text` again and checks the printed fixed point and structural
 * equality against `m`. */
static int check_roundtrip(const char *file, Module *m, const char *text, const TirxParseOptions *po,
                           const TirxPrintOptions *pro) {
  TirxDiag d;
  tirx_diag_init(&d, file, text, strlen(text));
  Module *m2 = tirx_parse(file, text, strlen(text), po, &d);
  if (!m2) {
    fprintf(stderr, "tirx-opt: round trip failed: the printed text does not parse:\n");
    report(&d);
    tirx_diag_free(&d);
    return 1;
  }
  tirx_diag_free(&d);
  char *text2 = tirx_print_module_opts(m2, pro);
  char *a = strip_plans(text), *b = strip_plans(text2);
  int rc = 0;
  if (!a || !b || strcmp(a, b) != 0) {
    fprintf(stderr, "tirx-opt: round trip failed: printing is not a fixed point; second print:\n%s\n", text2);
    rc = 1;
  }
  const char *why = NULL;
  if (!tirx_module_equal(m, m2, &why)) {
    fprintf(stderr, "tirx-opt: round trip failed: re-parsed IR is not structurally equal (%s)\n",
            why ? why : "?");
    rc = 1;
  } else if (tirx_module_hash(m) != tirx_module_hash(m2)) {
    /* equal IR must hash equal: this keeps the structural hash honest */
    fprintf(stderr, "tirx-opt: round trip failed: equal IR with different structural hashes\n");
    rc = 1;
  }
  free(a);
  free(b);
  free(text2);
  tirx_module_free(m2);
  return rc;
}

/* Writes TEXT and a newline to OUT (NULL or "-" = stdout); 0, or 1 with a message when any
 * write, flush or close fails (a full disk, /dev/full, a closed pipe). */
static int write_output(const char *out, const char *text) {
  bool to_stdout = !out || strcmp(out, "-") == 0;
  FILE *f = to_stdout ? stdout : fopen(out, "w");
  if (!f) {
    fprintf(stderr, "tirx-opt: cannot write '%s': %s\n", out, strerror(errno));
    return 1;
  }
  int bad = fputs(text, f) < 0 || fputc('\n', f) == EOF;
  bad = (to_stdout ? fflush(f) : fclose(f)) != 0 || bad;
  if (bad) {
    fprintf(stderr, "tirx-opt: cannot write '%s': %s\n", to_stdout ? "<stdout>" : out,
            strerror(errno));
    return 1;
  }
  return 0;
}

static int tool_main(int argc, char **argv) {
  const char *input = NULL, *out = NULL, *pipeline = NULL;
  /* -D values are collected into the already-scanned part of argv (there are
   * never more of them than arguments scanned), so nothing is allocated. */
  const char **defines = (const char **)argv;
  int ndefines = 0;
  const char **incs = calloc((size_t)argc, sizeof *incs);
  int nincs = 0;
  const char *entry = NULL;
  bool roundtrip = false, print_hash = false;
  TirxPrintOptions pro = {TIRX_PRINT_CANONICAL};
  TirxPassOptions po;
  tirx_pass_options_init(&po);
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      fputs(usage, stdout);
      return 0;
    } else if (strcmp(a, "--version") == 0) {
      printf("tirx-opt %s\n", TIRX_VERSION);
      return 0;
    } else if (strcmp(a, "--list-passes") == 0) {
      tirx_pass_list(stdout, i + 1 < argc && strcmp(argv[i + 1], "-v") == 0);
      return 0;
    } else if (strcmp(a, "-o") == 0) {
      if (++i >= argc) return usage_error("-o needs a file name", NULL);
      out = argv[i];
    } else if (strncmp(a, "-D", 2) == 0) {
      const char *d = a[2] ? a + 2 : (++i < argc ? argv[i] : NULL);
      if (!d) return usage_error("-D needs NAME=VALUE", NULL);
      if (!strchr(d, '=') || d[0] == '=') return usage_error("-D expects NAME=VALUE, got: ", d);
      defines[ndefines++] = d;
    } else if (strncmp(a, "-I", 2) == 0) {
      const char *d = a[2] ? a + 2 : (++i < argc ? argv[i] : NULL);
      if (!d) return usage_error("-I needs a directory", NULL);
      incs[nincs++] = d;
    } else if (strcmp(a, "--entry") == 0 || strncmp(a, "--entry=", 8) == 0) {
      entry = a[7] ? a + 8 : (++i < argc ? argv[i] : NULL);
      if (!entry) return usage_error("--entry needs a Python expression", NULL);
    } else if (strncmp(a, "--pass-pipeline=", 16) == 0) {
      pipeline = a + 16;
    } else if (strcmp(a, "--print-after-all") == 0) {
      po.print_after_all = true;
    } else if (strncmp(a, "--print-after=", 14) == 0) {
      po.print_after = a + 14;
    } else if (strcmp(a, "--no-verify") == 0) {
      po.verify_each = false;
    } else if (strcmp(a, "--verify-roundtrip") == 0) {
      roundtrip = true;
    } else if (strncmp(a, "--print-style=", 14) == 0) {
      if (strcmp(a + 14, "tvm") == 0) pro.style = TIRX_PRINT_TVM;
      else if (strcmp(a + 14, "tirx") == 0) pro.style = TIRX_PRINT_CANONICAL;
      else return usage_error("--print-style expects tirx or tvm, got: ", a + 14);
    } else if (strcmp(a, "--structural-hash") == 0) {
      print_hash = true;
    } else if (strcmp(a, "--time-passes") == 0) {
      po.time_passes = true;
    } else if (a[0] == '-' && a[1] != '\0') {
      return usage_error("unknown option: ", a);
    } else {
      if (input) return usage_error("more than one input file: ", a);
      input = a;
    }
  }
  if (!input) return usage_error("no input file (use - for stdin)", NULL);
  if (pipeline) {
    TirxDiag pd;
    tirx_diag_init(&pd, "tirx-opt", NULL, 0);
    if (tirx_pass_check_pipeline(pipeline, &pd) != 0) {
      char *s = tirx_diag_render(&pd);
      fputs(s, stderr);
      free(s);
      tirx_diag_free(&pd);
      return 2;
    }
    tirx_diag_free(&pd);
  }
  size_t len = 0;
  char *src = NULL, *ferr = NULL;
  if (tirx_read_file(input, &src, &len, &ferr) != 0) {
    fprintf(stderr, "tirx-opt: %s\n", ferr);
    free(ferr);
    return 1;
  }
  const char *fname = strcmp(input, "-") == 0 ? "<stdin>" : input;
  TirxParseOptions popts = {defines, ndefines, entry, incs, nincs};
  TirxDiag d;
  tirx_diag_init(&d, fname, src, len);
  int rc = 0;
  Module *m = tirx_parse(fname, src, len, &popts, &d);
  if (!m || !tirx_verify_module(m, &d)) {
    rc = report(&d);
  } else if (pipeline && tirx_pass_run_pipeline(m, pipeline, &po, &d) != 0) {
    rc = report(&d);
  } else if (print_hash) {
    char line[64];
    snprintf(line, sizeof line, "structural hash: 0x%016llx",
             (unsigned long long)tirx_module_hash(m));
    rc = write_output(out, line);
  } else {
    char *text = tirx_print_module_opts(m, &pro);
    rc = write_output(out, text);
    if (rc == 0 && roundtrip && !pipeline) rc = check_roundtrip(fname, m, text, &popts, &pro);
    else if (rc == 0 && roundtrip) rc = check_roundtrip(fname, m, text, NULL, &pro);
    free(text);
  }
  if (d.n && rc == 0) report(&d); /* warnings */
  tirx_module_free(m);
  tirx_diag_free(&d);
  free(src);
  return rc;
}

/* Every output the tool wrote to stdout (--help, printed values, IR) must have reached it. */
int main(int argc, char **argv) {
  int rc = tool_main(argc, argv);
  if (fflush(stdout) != 0 || ferror(stdout)) {
    if (rc == 0) fprintf(stderr, "tirx-opt: cannot write <stdout>: %s\n", strerror(errno));
    if (rc == 0) rc = 1;
  }
  return rc;
}
