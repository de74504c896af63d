/* tirx-opt: parse, verify, run passes, print.  A thin main over the library.
 *
 *   tirx-opt FILE|- [-o OUT] [-D NAME=VALUE]... [--pass-pipeline=a,b,c] [--mcpu=ARCH]
 *            [--print-after-all] [--print-after=NAME] [--list-passes [-v]]
 *            [--no-verify] [--verify-roundtrip] [--time-passes] [--time-eval[=N]]
 *            [--print-style=tirx|tvm] [--split-input-file] [--verify-diagnostics]
 *
 * The command line, input, output and diagnostics go through tools/common/tool.h.
 * Exit status: 0 ok, 1 input error (diagnostics on stderr; with --verify-diagnostics:
 * a diagnostic that was not expected or an expectation not met), 2 usage error. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/tool.h"
#include "common/tools.h"
#include "tirx/internal/diag.h"
#include "tirx/internal/ir.h"
#include "tirx/internal/parse.h"
#include "tirx/internal/pass.h"
#include "tirx/internal/print.h"
#include "tirx/internal/verify.h"
#include "tirx/target.h"

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
    "  -I DIR                  add DIR to the module search path of `import`\n"
    "  -D NAME=VALUE           define a module constant or a @T.jit T.constexpr\n"
    "  --entry EXPR            compile the PrimFunc that EXPR (a call or a name)\n"
    "                          gives after the module ran\n"
    "  --pass-pipeline=P       run passes P (comma-separated names, or \"default\")\n"
    "  --mcpu=ARCH             the arch the passes compile for (default " TIRX_DEFAULT_ARCH "):\n"
    "                          tile-dispatch picks the variants that ARCH has\n"
    "  --print-after-all       print the module after every pass (to stderr)\n"
    "  --print-after=NAME      print the module after pass NAME (to stderr)\n"
    "  --list-passes [-v]      list the registered passes and exit (-v: with what\n"
    "                          each requires and guarantees)\n"
    "  --no-verify             do not run the verifier after each pass\n"
    "  --verify-roundtrip      also check print(parse(print(x))) == print(x) and\n"
    "                          structural equality; exit 1 if not\n"
    "  --time-passes           report the time spent in each pass (to stderr)\n"
    "  --time-eval[=N]         report the N (30) Python functions of the evaluation that took\n"
    "                          the most time in their own code: calls, self and total ms\n"
    "                          (to stderr)\n"
    "  --print-style=S         tirx (default): canonical TIRx text; tvm: exactly\n"
    "                          what TVM's .script() prints\n"
    "  --structural-hash       print the module's structural hash instead of the\n"
    "                          module (equal up to names and locations = equal hash)\n"
    "  --split-input-file      treat each part of the input between lines starting\n"
    "                          with '# -----' as its own file (line numbers stay the\n"
    "                          file's); the outputs are separated by '# -----'\n"
    "  --verify-diagnostics    check the diagnostics against the '# expected-error\n"
    "                          {{text}}' comments of the input (@+N, @-N, @N, @*\n"
    "                          for other lines, :COL for a column; expected-warning,\n"
    "                          expected-note) instead of printing them\n"
    "  --help                  show this help\n"
    "  --version               show the version\n";

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
static int check_roundtrip(const char *file, Module *m, const char *text,
                           const TirxParseOptions *po, const TirxPrintOptions *pro) {
  TirxDiag d;
  tirx_diag_init(&d, file, text, strlen(text));
  Module *m2 = tirx_parse(file, text, strlen(text), po, &d);
  if (!m2) {
    fprintf(stderr, "tirx-opt: round trip failed: the printed text does not parse:\n");
    tool_print_diag(&d);
    tirx_diag_free(&d);
    return 1;
  }
  tirx_diag_free(&d);
  char *text2 = tirx_print_module_opts(m2, pro);
  char *a = strip_plans(text), *b = strip_plans(text2);
  int rc = 0;
  if (!a || !b || strcmp(a, b) != 0) {
    fprintf(stderr,
            "tirx-opt: round trip failed: printing is not a fixed point; second print:\n%s\n",
            text2);
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

typedef struct Options {
  const char *input, *out, *pipeline, *entry;
  const char *mcpu; /* --mcpu: the arch the passes compile for (static; NULL: the default) */
  const char **defines;
  int ndefines;
  const char **includes; /* -I */
  int nincludes;
  bool roundtrip, print_hash, split, verify_diags;
  bool time_eval;     /* --time-eval[=N] */
  int time_eval_rows; /* its N (0: the default) */
  TirxPrintOptions pro;
  TirxPassOptions po;
} Options;

/* The command line into *o: -1 to go on, else the exit status. */
static int parse_options(ToolArgs *t, Options *o) {
  int argc = t->argc;
  char **argv = t->argv;
  for (const char *a; (a = tool_next(t));) {
    const char *v;
    if (tool_flag(t, "--help") || tool_flag(t, "-h")) {
      fputs(usage, stdout);
      return TOOL_EXIT_OK;
    } else if (tool_flag(t, "--version")) {
      printf("tirx-opt %s\n", TIRX_VERSION);
      return TOOL_EXIT_OK;
    } else if (tool_flag(t, "--list-passes")) {
      tirx_pass_list(stdout, t->i + 1 < argc && strcmp(argv[t->i + 1], "-v") == 0);
      return TOOL_EXIT_OK;
    } else if (tool_flag(t, "--print-after-all")) {
      o->po.print_after_all = true;
    } else if (tool_flag(t, "--no-verify")) {
      o->po.verify_each = false;
    } else if (tool_flag(t, "--verify-roundtrip")) {
      o->roundtrip = true;
    } else if (tool_flag(t, "--structural-hash")) {
      o->print_hash = true;
    } else if (tool_flag(t, "--time-passes")) {
      o->po.time_passes = true;
    } else if (tool_flag(t, "--time-eval")) {
      o->time_eval = true;
    } else if (strncmp(a, "--time-eval=", 12) == 0) {
      char *end;
      long n = strtol(a + 12, &end, 10);
      if (*end || n <= 0 || n > 1000000)
        return tool_usage_error(t->tool, "--time-eval=N: N must be a count of rows (1..1000000)");
      o->time_eval = true;
      o->time_eval_rows = (int)n;
    } else if (tool_flag(t, "--split-input-file")) {
      o->split = true;
    } else if (tool_flag(t, "--verify-diagnostics")) {
      o->verify_diags = true;
    } else if ((v = tool_value(t, "-o"))) {
      o->out = v;
    } else if (strncmp(a, "-D", 2) == 0) {
      if (!tool_define(t)) return TOOL_EXIT_USAGE;
    } else if (strncmp(a, "-I", 2) == 0) {
      if (!tool_include(t)) return TOOL_EXIT_USAGE;
    } else if ((v = tool_value(t, "--entry"))) {
      o->entry = v;
    } else if ((v = tool_value(t, "--pass-pipeline"))) {
      o->pipeline = v;
    } else if ((v = tool_value(t, "--mcpu"))) {
      const TirxArchInfo *arch = tirx_target_arch(v);
      if (!arch)
        return tool_usage_error(t->tool, "unknown arch '%s'%s (supported: %s)", v,
                                tirx_target_arch_hint(v), tirx_target_arch_list());
      o->mcpu = arch->name;
    } else if ((v = tool_value(t, "--print-after"))) {
      o->po.print_after = v;
    } else if ((v = tool_value(t, "--print-style"))) {
      if (strcmp(v, "tvm") == 0) o->pro.style = TIRX_PRINT_TVM;
      else if (strcmp(v, "tirx") == 0) o->pro.style = TIRX_PRINT_CANONICAL;
      else return tool_usage_error(t->tool, "--print-style expects tirx or tvm, got: %s", v);
    } else if (t->bad) {
      return TOOL_EXIT_USAGE;
    } else if (a[0] == '-' && a[1] != '\0') {
      return tool_usage_error(t->tool, "unknown option: %s", a);
    } else if (o->input) {
      return tool_usage_error(t->tool, "more than one input file: %s", a);
    } else {
      o->input = a;
    }
    if (t->bad) return TOOL_EXIT_USAGE;
  }
  if (!o->input) return tool_usage_error(t->tool, "no input file (use - for stdin)");
  o->defines = t->defines;
  o->ndefines = t->ndefines;
  o->includes = t->includes;
  o->nincludes = t->nincludes;
  if (o->pipeline) {
    TirxDiag pd;
    tirx_diag_init(&pd, "tirx-opt", NULL, 0);
    int bad = tirx_pass_check_pipeline(o->pipeline, &pd);
    tool_print_diag(&pd);
    tirx_diag_free(&pd);
    if (bad) return TOOL_EXIT_USAGE;
  }
  return -1;
}

/* Appends text and a newline to *buf. */
static void append(char **buf, size_t *n, const char *text) {
  size_t k = strlen(text);
  char *b = realloc(*buf, *n + k + 2);
  if (!b) {
    fputs("tirx-opt: out of memory\n", stderr);
    exit(70);
  }
  memcpy(b + *n, text, k);
  *n += k;
  b[(*n)++] = '\n';
  b[*n] = '\0';
  *buf = b;
}

/* Parse, verify, run the passes on, and print one input (a file, or a part of it with
 * --split-input-file), appending the output to *outbuf.  Returns 0, or 1 when it failed
 * (with --verify-diagnostics: when its diagnostics were not the expected ones). */
static int run_one(const Options *o, const char *fname, const char *src, size_t len, char **outbuf,
                   size_t *outlen) {
  TirxParseOptions popts = {o->defines,
                            o->ndefines,
                            o->entry,
                            o->includes,
                            o->nincludes,
                            0,
                            o->time_eval ? stderr : NULL,
                            o->time_eval_rows};
  TirxDiag d;
  tirx_diag_init(&d, fname, src, len);
  int rc = 0;
  Module *m = tirx_parse(fname, src, len, &popts, &d);
  if (m) m->target_arch = o->mcpu;
  if (!m || !tirx_verify_module(m, &d)) {
    rc = 1;
  } else if (o->pipeline && tirx_pass_run_pipeline(m, o->pipeline, &o->po, &d) != 0) {
    rc = 1;
  } else if (o->print_hash) {
    char line[64];
    snprintf(line, sizeof line, "structural hash: 0x%016llx",
             (unsigned long long)tirx_module_hash(m));
    append(outbuf, outlen, line);
  } else {
    char *text = tirx_print_module_opts(m, &o->pro);
    append(outbuf, outlen, text);
    if (o->roundtrip) rc = check_roundtrip(fname, m, text, o->pipeline ? NULL : &popts, &o->pro);
    free(text);
  }
  if (o->verify_diags) rc = tool_verify_diagnostics("tirx-opt", fname, src, len, &d) ? 1 : 0;
  else tool_print_diag(&d); /* errors, or warnings */
  tirx_module_free(m);
  tirx_diag_free(&d);
  return rc;
}

/* Reads the input and runs each part of it. */
static int run(const Options *o) {
  int rc;
  size_t len = 0;
  char *src = NULL;
  const char *fname;
  if (!tool_read_input("tirx-opt", o->input, &src, &len, &fname)) return TOOL_EXIT_INPUT;
  char **chunks = &src;
  size_t *lens = &len;
  int n = o->split ? tool_split_input(src, len, &chunks, &lens) : 1;
  char *out = NULL;
  size_t outlen = 0;
  rc = 0;
  for (int i = 0; i < n; i++) {
    if (i) append(&out, &outlen, "# -----");
    rc |= run_one(o, fname, chunks[i], lens[i], &out, &outlen);
  }
  /* the output of every part that compiled (the printer omits the last newline) */
  if (out && outlen) out[--outlen] = '\0';
  if (out) rc |= tool_write_text("tirx-opt", o->out, out);
  if (o->split) tool_free_chunks(chunks, lens, n);
  free(out);
  free(src);
  return rc;
}

static int tool_main(int argc, char **argv) {
  Options o;
  memset(&o, 0, sizeof o);
  o.pro.style = TIRX_PRINT_CANONICAL;
  tirx_pass_options_init(&o.po);
  ToolArgs t;
  tool_args_init(&t, "tirx-opt", argc, argv);
  int rc = parse_options(&t, &o);
  if (rc < 0) rc = run(&o);
  tool_args_free(&t);
  return rc;
}

/* The whole run: the executable's main, and the Python package's console script
 * `tirx-opt` (tirx._cli, through the extension: tools/common/tools.def). */
int tirx_opt_main(int argc, char **argv) { return tool_exit("tirx-opt", tool_main(argc, argv)); }

#ifndef TIRX_TOOL_NO_MAIN
int main(int argc, char **argv) { return tirx_opt_main(argc, argv); }
#endif
