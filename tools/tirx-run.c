/* tirx-run — compile a TIRx kernel for the local GPU and run it once.
 *
 *   tirx-run FILE [--func NAME] [-D NAME=VALUE]... --arg NAME=SPEC...
 *            [--save NAME=OUT.npy]... [--print NAME]... [--mcpu=ARCH] [--ptxas] [--no-cache]
 *            [--ptxas-timeout=SECONDS]
 *
 * FILE is TIRx source or a .tirxb bundle (recognised by its magic; loaded as is).
 * Source is compiled in memory for the device's arch and JIT-loaded as PTX
 * (tirx_compile_load: no ptxas, no temporary files); with --ptxas it goes through
 * tirx_compile_to_bundle instead (ptxas → cubin + PTX bundle, as tirx-llc does).  Each --arg binds a parameter by name — the
 * buffer name (`A`) or the handle name (`A_ptr`) — to a SPEC:
 *   path.npy          input data, copied to the device (bfloat16 from '<u2' raw bits,
 *                     float8_* from '|u1')
 *   DTYPE[D0,D1,...]  a zero-filled tensor (`float32[256]`, `int32[4,8]`, `float16[]`)
 *   7, -3, 2.5, true  a scalar literal (int, float, bool)
 * Nothing is converted: the runtime checks the arguments exactly as a TVM-compiled
 * function does and its TypeError/ValueError text is printed as is.  After the call:
 * synchronise, then --save writes a tensor as .npy, --print prints its values one per
 * line (%.9g for floats) or a scalar's value.
 *
 * Exit: 0 ok; 1 user error (bad spec, compile error, argument mismatch, launch or
 * kernel failure); 2 usage error; 3 no CUDA device/driver.  This is a thin main over
 * libtirxrt and the compiler's tirx_compile_load / tirx_compile_to_bundle: tool_main is the
 * run's phases in order (tools/common/tool.h does the command line, input and output).
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/tool.h"
#include "common/tools.h"
#include "tirx/bundle.h"
#include "tirx/compile.h"
#include "tirx/npy.h"
#include "tirx/plan.h"
#include "tirx/runtime.h"

#ifndef TIRX_VERSION
#define TIRX_VERSION "unknown"
#endif

enum { EXIT_USER = 1, EXIT_USAGE = 2, EXIT_NODEV = 3 };

static const char usage_text[] =
    "usage: tirx-run FILE [--func NAME] [-D NAME=VALUE]... --arg NAME=SPEC...\n"
    "                [--save NAME=OUT.npy]... [--print NAME]... [--mcpu=ARCH] [--ptxas]\n"
    "                [--no-cache] [--ptxas-timeout=SECONDS]\n"
    "\n"
    "Compile a TIRx kernel (or load a .tirxb bundle) for the local GPU and run it once.\n"
    "\n"
    "  --func NAME          the function to run (default: the only one, or `main`)\n"
    "  -I DIR               add DIR to the module search path of `import`\n"
    "  -D NAME=VALUE        define a T.constexpr / module constant for compilation\n"
    "  --entry EXPR         compile the PrimFunc EXPR (a call or a name) gives\n"
    "  --arg NAME=SPEC      bind parameter NAME (buffer name or handle name) to SPEC:\n"
    "                         FILE.npy          input tensor (raw bits: bfloat16 '<u2', float8_* "
    "'|u1')\n"
    "                         DTYPE[D0,D1,...]  zero-filled tensor, e.g. float32[256]\n"
    "                         7 | 2.5 | true    scalar literal\n"
    "  --save NAME=OUT.npy  after the run, write tensor NAME (bfloat16 as '<u2')\n"
    "  --print NAME         after the run, print NAME's values, one per line\n"
    "  --mcpu=ARCH          compile for ARCH instead of the device's (e.g. sm_90a)\n"
    "  --ptxas              assemble with ptxas (cubin + PTX) instead of loading the\n"
    "                       PTX through the driver JIT (the default; writes no files\n"
    "                       but the compile cache's entry)\n"
    "  --no-cache           neither read nor write the compile cache (TIRX_CACHE_DIR,\n"
    "                       TIRX_NO_CACHE=1; see docs/cli.md)\n"
    "  --ptxas-timeout=S    with --ptxas: stop ptxas after S seconds (0: no limit;\n"
    "                       default $TIRX_PTXAS_TIMEOUT, else 120)\n"
    "  --help, --version\n"
    "\n"
    "A function whose kernels call T.nvshmem.* loads NVSHMEM (libnvshmem_host.so.3;\n"
    "TIRX_NVSHMEM_HOME) and takes every tensor from its symmetric heap; one process\n"
    "is one PE (scripts/nvshmem-run.sh NPES tirx-run ... starts several).\n"
    "\n"
    "Exit status: 0 ok, 1 error in the input or the run, 2 usage error,\n"
    "3 no CUDA device or driver.\n";

typedef enum SpecKind { SPEC_NPY, SPEC_ZEROS, SPEC_INT, SPEC_FLOAT, SPEC_BOOL } SpecKind;

typedef struct ArgSpec {
  char *name;       /* NAME of --arg NAME=SPEC (points into argv copy) */
  const char *text; /* SPEC */
  SpecKind kind;
  TirxNpy npy;      /* SPEC_NPY */
  DLDataType dtype; /* tensors */
  int32_t ndim;
  int64_t shape[TIRX_NPY_MAX_DIMS];
  int64_t i; /* SPEC_INT, SPEC_BOOL */
  double f;  /* SPEC_FLOAT */
  int param; /* matched param index */
  void *dptr;
  bool symmetric; /* dptr is from nvshmem_malloc */
  size_t nbytes;
  DLTensor t;
} ArgSpec;

typedef struct Output {
  char *name;
  const char *path; /* --save; NULL for --print */
} Output;

typedef struct Options {
  const char *file;
  const char *func;
  const char *mcpu;
  int ptxas;
  int no_cache;
  int ptxas_timeout; /* -1: $TIRX_PTXAS_TIMEOUT / the default */
  const char **defines;
  int ndefines;
  const char **incs; /* -I */
  int nincs;
  const char *entry;
  ArgSpec *args;
  int nargs;
  Output *outs;
  int nouts;
} Options;

/* ---- SPEC parsing --------------------------------------------------------------------- */

static int ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Parse a->text; on error print a message and return -1 (exit 1). */
/* The bytes of a dense tensor, checked: -1 when the product overflows or exceeds 2^48 (more
 * than any device holds, and a bound that keeps every later size computation exact). */
static int tensor_bytes(DLDataType dt, const int64_t *shape, int32_t ndim, size_t *out) {
  uint64_t n = (dt.bits * (uint64_t)dt.lanes + 7u) / 8u;
  for (int32_t k = 0; k < ndim; k++)
    if (shape[k] < 0 || __builtin_mul_overflow(n, (uint64_t)shape[k], &n)) return -1;
  if (n > ((uint64_t)1 << 48)) return -1;
  *out = (size_t)n;
  return 0;
}

static int parse_spec(ArgSpec *a) {
  const char *s = a->text;
  char *err = NULL;
  if (ends_with(s, ".npy")) {
    a->kind = SPEC_NPY;
    if (tirx_npy_read_file(s, &a->npy, &err) != 0) {
      fprintf(stderr, "tirx-run: --arg %s: %s\n", a->name, err ? err : "bad .npy file");
      free(err);
      return -1;
    }
    a->dtype = a->npy.dtype;
    a->ndim = a->npy.ndim;
    memcpy(a->shape, a->npy.shape, sizeof a->shape);
    return 0;
  }
  const char *br = strchr(s, '[');
  if (br) {
    a->kind = SPEC_ZEROS;
    size_t n = (size_t)(br - s);
    if (tirx_dl_dtype_parse(s, n, &a->dtype) != 0) {
      fprintf(stderr,
              "tirx-run: --arg %s=%s: unknown dtype '%.*s' (float16, float32, "
              "float64, bfloat16, int8..int64, uint8..uint64, bool, float8_*, float6_*, "
              "float4_e2m1fn)\n",
              a->name, s, (int)n, s);
      return -1;
    }
    const char *p = br + 1;
    a->ndim = 0;
    while (*p != ']') {
      char *e;
      errno = 0;
      long long v = strtoll(p, &e, 10);
      if (e == p || v < 0 || errno || a->ndim >= TIRX_NPY_MAX_DIMS || (*e != ',' && *e != ']')) {
        fprintf(stderr,
                "tirx-run: --arg %s=%s: bad shape: expected DTYPE[D0,D1,...] with "
                "non-negative integer extents\n",
                a->name, s);
        return -1;
      }
      a->shape[a->ndim++] = v;
      p = *e == ',' ? e + 1 : e;
    }
    if (p[1] != '\0') {
      fprintf(stderr, "tirx-run: --arg %s=%s: unexpected text after ']'\n", a->name, s);
      return -1;
    }
    if (tensor_bytes(a->dtype, a->shape, a->ndim, &a->nbytes) != 0) {
      fprintf(stderr,
              "tirx-run: --arg %s=%s: the tensor is too large (its byte count overflows "
              "64 bits or exceeds 2^48)\n",
              a->name, s);
      return -1;
    }
    return 0;
  }
  if (strcmp(s, "true") == 0 || strcmp(s, "True") == 0 || strcmp(s, "false") == 0 ||
      strcmp(s, "False") == 0) {
    a->kind = SPEC_BOOL;
    a->i = s[0] == 't' || s[0] == 'T';
    return 0;
  }
  char *e;
  errno = 0;
  long long iv = strtoll(s, &e, 0);
  if (*s && *e == '\0' && !errno) {
    a->kind = SPEC_INT;
    a->i = iv;
    return 0;
  }
  double fv = strtod(s, &e);
  if (*s && *e == '\0') {
    a->kind = SPEC_FLOAT;
    a->f = fv;
    return 0;
  }
  fprintf(stderr,
          "tirx-run: --arg %s=%s: expected a .npy file, DTYPE[D0,D1,...] or a "
          "scalar literal (7, 2.5, true)\n",
          a->name, s);
  return -1;
}

/* ---- Command line ---------------------------------------------------------------------- */

/* NAME=REST of --arg / --save: false (a usage error) when NAME or, if rest_needed, REST is
 * empty. */
static bool split_eq(const char *v, bool rest_needed, char **name, const char **rest) {
  const char *eq = strchr(v, '=');
  if (!eq || eq == v || (rest_needed && !eq[1])) return false;
  *name = strndup(v, (size_t)(eq - v));
  *rest = eq + 1;
  return true;
}

/* Returns -1 to continue, or the exit status (0 for --help/--version). */
static int parse_args_with(ToolArgs *t, Options *o) {
  int argc = t->argc;
  o->defines = calloc((size_t)argc, sizeof(*o->defines));
  o->incs = calloc((size_t)argc, sizeof(*o->incs));
  o->args = calloc((size_t)argc, sizeof(*o->args));
  o->outs = calloc((size_t)argc, sizeof(*o->outs));
  o->ptxas_timeout = -1;
  if (!o->defines || !o->incs || !o->args || !o->outs) {
    fprintf(stderr, "tirx-run: out of memory\n");
    return EXIT_USER;
  }
  for (const char *a; (a = tool_next(t));) {
    const char *v;
    if (tool_flag(t, "--help") || tool_flag(t, "-h")) {
      fputs(usage_text, stdout);
      return 0;
    } else if (tool_flag(t, "--version")) {
      printf("tirx-run (tirx) %s\n", TIRX_VERSION);
      return 0;
    } else if (tool_flag(t, "--ptxas")) {
      o->ptxas = 1;
    } else if (tool_flag(t, "--no-cache")) {
      o->no_cache = 1;
    } else if ((v = tool_value(t, "--func"))) {
      o->func = v;
    } else if ((v = tool_value(t, "--mcpu"))) {
      o->mcpu = v;
    } else if ((v = tool_value(t, "--arg"))) {
      ArgSpec *s = &o->args[o->nargs];
      if (!split_eq(v, false, &s->name, &s->text))
        return tool_usage_error(t->tool, "--arg expects NAME=SPEC, got '%s'", v);
      s->param = -1;
      o->nargs++;
    } else if ((v = tool_value(t, "--save"))) {
      Output *out = &o->outs[o->nouts];
      if (!split_eq(v, true, &out->name, &out->path))
        return tool_usage_error(t->tool, "--save expects NAME=OUT.npy, got '%s'", v);
      o->nouts++;
    } else if ((v = tool_value(t, "--print"))) {
      o->outs[o->nouts].name = strdup(v);
      o->outs[o->nouts++].path = NULL;
    } else if ((v = tool_value(t, "--entry"))) {
      o->entry = v;
    } else if ((v = tool_value(t, "--ptxas-timeout"))) {
      long n;
      if (!tool_int_value(t, "--ptxas-timeout", v, 1000000, &n)) return EXIT_USAGE;
      o->ptxas_timeout = (int)n;
    } else if (strncmp(a, "-D", 2) == 0) {
      if (!(v = tool_define(t))) return EXIT_USAGE;
      o->defines[o->ndefines++] = v;
    } else if (strncmp(a, "-I", 2) == 0) {
      if (!(v = tool_include(t))) return EXIT_USAGE;
      o->incs[o->nincs++] = v;
    } else if (t->bad) {
      return EXIT_USAGE;
    } else if (a[0] == '-' && a[1] != '\0') {
      return tool_usage_error(t->tool, "unknown option '%s'", a);
    } else if (o->file) {
      return tool_usage_error(t->tool, "more than one input file ('%s')", a);
    } else {
      o->file = a;
    }
    if (t->bad) return EXIT_USAGE;
  }
  if (!o->file) return tool_usage_error(t->tool, "no input file");
  return -1;
}

/* The compile options every compile of the input shares: -D, -I, --entry, --func. */
static void compile_options(const Options *o, TirxCompileOptions *copts) {
  tirx_compile_options_init(copts);
  copts->defines = o->defines;
  copts->ndefines = o->ndefines;
  copts->include_dirs = o->incs;
  copts->ninclude_dirs = o->nincs;
  copts->entry = o->entry;
  copts->func = o->func;
}

/* The command line; the ToolArgs' own lists are freed here (o keeps its copies). */
static int parse_args(int argc, char **argv, Options *o) {
  ToolArgs t;
  tool_args_init(&t, "tirx-run", argc, argv);
  int rc = parse_args_with(&t, o);
  tool_args_free(&t);
  return rc;
}

/* ---- Helpers --------------------------------------------------------------------------- */


static size_t numel(const int64_t *shape, int32_t ndim) {
  size_t n = 1;
  for (int32_t k = 0; k < ndim; k++) n *= (size_t)shape[k];
  return n;
}

/* A parameter's description for messages: `A: Tensor([n], float32)` / `x: int32`. */
static void describe_params(const TirxPlan *p) {
  char dt[32];
  for (int32_t i = 0; i < p->nparams; i++) {
    const TirxPlanParam *pp = &p->params[i];
    fprintf(stderr, "  %s", pp->name);
    if (pp->handle_name) fprintf(stderr, " (or %s)", pp->handle_name);
    if (pp->kind == TIRX_PARAM_TENSOR)
      fprintf(stderr, ": %dd %s tensor\n", (int)pp->ndim, tirx_dl_dtype_str(pp->dtype, dt));
    else if (pp->kind == TIRX_PARAM_SCALAR)
      fprintf(stderr, ": %s\n", tirx_dl_dtype_str(pp->dtype, dt));
    else fprintf(stderr, ": pointer\n");
  }
}

static int param_matches(const TirxPlanParam *pp, const char *name) {
  return strcmp(pp->name, name) == 0 || (pp->handle_name && strcmp(pp->handle_name, name) == 0);
}

/* Print n elements of dtype t from host memory, one per line. */
static int print_values(const char *name, DLDataType t, const void *data, size_t n) {
  const unsigned char *b = data;
  for (size_t i = 0; i < n; i++) {
    const unsigned char *e = b + i * ((t.bits + 7u) / 8u);
    if (t.code == kDLFloat && t.bits == 32) {
      float v;
      memcpy(&v, e, 4);
      printf("%.9g\n", (double)v);
    } else if (t.code == kDLFloat && t.bits == 64) {
      double v;
      memcpy(&v, e, 8);
      printf("%.9g\n", v);
    } else if ((t.code == kDLFloat || t.code == kDLBfloat) && t.bits == 16) {
      uint16_t h;
      memcpy(&h, e, 2);
      float v;
      if (t.code == kDLBfloat) {
        uint32_t x = (uint32_t)h << 16;
        memcpy(&v, &x, 4);
      } else {
        uint32_t sign = (uint32_t)(h >> 15), ex = (h >> 10) & 0x1Fu, m = h & 0x3FFu;
        double mag = ex == 0    ? ldexp((double)m, -24)
                     : ex == 31 ? (m ? NAN : INFINITY)
                                : ldexp((double)(m | 0x400u), (int)ex - 25);
        v = (float)(sign ? -mag : mag);
      }
      printf("%.9g\n", (double)v);
    } else if (t.code == TIRX_DL_BOOL) {
      printf("%s\n", e[0] ? "true" : "false");
    } else if (t.code == kDLInt || t.code == kDLUInt) {
      uint64_t u = 0;
      memcpy(&u, e, t.bits / 8u);
      if (t.code == kDLInt && t.bits < 64 && (u >> (t.bits - 1)) & 1)
        u |= ~UINT64_C(0) << t.bits; /* sign-extend */
      if (t.code == kDLInt) printf("%" PRId64 "\n", (int64_t)u);
      else printf("%" PRIu64 "\n", u);
    } else {
      char dt[32];
      fprintf(stderr, "tirx-run: --print %s: cannot print %s values\n", name,
              tirx_dl_dtype_str(t, dt));
      return -1;
    }
  }
  return 0;
}

/* ---- main ------------------------------------------------------------------------------- */

/* Without a device: read the bundle, or compile the source to PTX for --mcpu (default arch),
 * so that a bad input is reported as such.  0 when the input is fine. */
static int precheck_without_device(const Options *o, const char *src, size_t len, int is_bundle) {
  char *err = NULL;
  if (is_bundle) {
    TirxBundle *b = NULL;
    if (tirx_bundle_read(src, len, &b, &err) != 0) {
      fprintf(stderr, "tirx-run: %s: %s\n", o->file, err ? err : "bad bundle");
      free(err);
      return -1;
    }
    int missing = o->func && !tirx_bundle_find_plan(b, o->func);
    if (missing)
      fprintf(stderr, "tirx-run: %s: the bundle has no function '%s'\n", o->file, o->func);
    tirx_bundle_destroy(b);
    return missing ? -1 : 0;
  }
  TirxCompileOptions copts;
  compile_options(o, &copts);
  copts.arch = o->mcpu;
  copts.opt_level = 0;
  copts.ptx_only = 1;
  void *bundle = NULL;
  size_t size = 0;
  int crc = tirx_compile_to_bundle(o->file, src, len, &copts, &bundle, &size, &err);
  free(bundle);
  if (crc != 0) {
    fprintf(stderr, "%s", err ? err : "tirx-run: compilation failed\n");
    if (err && err[0] && err[strlen(err) - 1] != '\n') fputc('\n', stderr);
  }
  free(err);
  return crc != 0 ? -1 : 0;
}

/* One run: the options, then what each phase made (freed by run_free). */
typedef struct Run {
  Options o;
  char *src;
  size_t srclen;
  void *bundle;
  size_t bundle_size;
  TirxrtContext *ctx;
  TirxrtModule *mod;
  TirxrtFunction *fn;
  const TirxPlan *plan;
  TirxrtArg *cargs;
  bool symmetric; /* the function's kernels call NVSHMEM */
  char *err;
} Run;

/* Specs and the input file: these errors need no GPU. */
static int read_inputs(Run *r) {
  Options *o = &r->o;
  for (int i = 0; i < o->nargs; i++) {
    for (int j = 0; j < i; j++)
      if (strcmp(o->args[i].name, o->args[j].name) == 0) {
        fprintf(stderr, "tirx-run: --arg %s given twice\n", o->args[i].name);
        return EXIT_USER;
      }
    if (parse_spec(&o->args[i]) != 0) return EXIT_USER;
  }
  const char *display;
  return tool_read_input("tirx-run", o->file, &r->src, &r->srclen, &display) ? 0 : EXIT_USER;
}

/* The device (exit 3 without one, after a bad input was reported as such), then the
 * bundle loaded or the source compiled for its arch, and the function. */
static int load_function(Run *r) {
  Options *o = &r->o;
  char arch[16];
  int is_bundle = r->srclen >= 8 && memcmp(r->src, "TIRXBNDL", 8) == 0;
  if (tirxrt_context_create(&r->ctx, &r->err) != 0 || tirxrt_device_arch(0, arch, &r->err) != 0) {
    if (precheck_without_device(o, r->src, r->srclen, is_bundle) != 0) return EXIT_USER;
    fprintf(stderr, "tirx-run: no CUDA device available: %s\n", r->err ? r->err : "?");
    return EXIT_NODEV;
  }
  if (is_bundle) {
    if (tirxrt_module_load(r->ctx, r->src, r->srclen, &r->mod, &r->err) != 0) {
      fprintf(stderr, "tirx-run: %s: %s\n", o->file, r->err ? r->err : "bad bundle");
      return EXIT_USER;
    }
  } else {
    TirxCompileOptions copts;
    compile_options(o, &copts);
    /* JIT: tirx_compile_load detects the arch itself (the same as `arch`). */
    copts.arch = o->mcpu ? o->mcpu : o->ptxas ? arch : NULL;
    copts.opt_level = 3;
    copts.no_cache = o->no_cache;
    copts.ptxas_timeout = o->ptxas_timeout;
    TirxStatus crc = o->ptxas ? tirx_compile_to_bundle(o->file, r->src, r->srclen, &copts,
                                                       &r->bundle, &r->bundle_size, &r->err)
                              : tirx_compile_load(r->ctx, o->file, r->src, r->srclen, &copts,
                                                  &r->mod, NULL, &r->err);
    if (crc == TIRX_ERR_DEVICE) {
      fprintf(stderr, "tirx-run: %s\n", r->err ? r->err : "cannot load the compiled code");
      return EXIT_USER;
    }
    if (crc != TIRX_OK) {
      fprintf(stderr, "%s", r->err ? r->err : "tirx-run: compilation failed\n");
      if (r->err && r->err[0] && r->err[strlen(r->err) - 1] != '\n') fputc('\n', stderr);
      return EXIT_USER;
    }
    if (r->err) { /* warnings (ptxas's, the compile cache's) */
      fputs(r->err, stderr);
      free(r->err);
      r->err = NULL;
    }
    if (o->ptxas && tirxrt_module_load(r->ctx, r->bundle, r->bundle_size, &r->mod, &r->err) != 0) {
      fprintf(stderr, "tirx-run: internal error: the compiler's bundle: %s\n",
              r->err ? r->err : "?");
      return EXIT_USER;
    }
  }
  if (tirxrt_module_get_function(r->mod, o->func, &r->fn, &r->err) != 0) {
    fprintf(stderr, "tirx-run: %s\n", r->err ? r->err : "no such function");
    return EXIT_USER;
  }
  r->plan = tirxrt_function_plan(r->fn);
  return 0;
}

/* --arg names to parameters, and the call's arguments (tensors with a placeholder
 * address until they pass tirxrt_check_args). */
static int bind_args(Run *r) {
  Options *o = &r->o;
  const TirxPlan *plan = r->plan;
  for (int i = 0; i < o->nargs; i++) {
    for (int32_t p = 0; p < plan->nparams && o->args[i].param < 0; p++)
      if (param_matches(&plan->params[p], o->args[i].name)) o->args[i].param = p;
    if (o->args[i].param < 0) {
      fprintf(stderr, "tirx-run: --arg %s: %s has no parameter named %s; its parameters:\n",
              o->args[i].name, plan->name, o->args[i].name);
      describe_params(plan);
      return EXIT_USER;
    }
    for (int j = 0; j < i; j++)
      if (o->args[j].param == o->args[i].param) {
        fprintf(stderr, "tirx-run: --arg %s and --arg %s name the same parameter\n",
                o->args[j].name, o->args[i].name);
        return EXIT_USER;
      }
  }
  r->cargs = calloc((size_t)plan->nparams + 1, sizeof(*r->cargs));
  if (!r->cargs) return EXIT_USER;
  /* A function whose kernels call NVSHMEM gets every tensor from the symmetric heap
     (nvshmem_malloc, in parameter order on every PE), so puts/gets/signals may name any
     of them as a remote address. */
  for (int32_t k = 0; k < plan->nkernels; k++)
    r->symmetric |= (plan->kernels[k].flags & TIRX_KERNEL_NVSHMEM) != 0;
  for (int32_t p = 0; p < plan->nparams; p++) {
    ArgSpec *a = NULL;
    for (int i = 0; i < o->nargs && !a; i++)
      if (o->args[i].param == p) a = &o->args[i];
    if (!a) {
      fprintf(stderr, "tirx-run: missing --arg for parameter %s of `%s`\n", plan->params[p].name,
              tirxrt_function_signature(r->fn));
      return EXIT_USER;
    }
    if (a->kind == SPEC_INT) {
      r->cargs[p] = tirxrt_arg_int(a->i);
    } else if (a->kind == SPEC_BOOL) {
      r->cargs[p] = tirxrt_arg_bool((int)a->i);
    } else if (a->kind == SPEC_FLOAT) {
      r->cargs[p] = tirxrt_arg_float(a->f);
    } else {
      /* bfloat16 / float8 tensors take raw 2- / 1-byte .npy data. */
      if (a->kind == SPEC_NPY && plan->params[p].kind == TIRX_PARAM_TENSOR &&
          tirx_npy_compatible(a->dtype, plan->params[p].dtype))
        a->dtype = plan->params[p].dtype;
      if (tensor_bytes(a->dtype, a->shape, a->ndim, &a->nbytes) != 0) {
        fprintf(stderr, "tirx-run: --arg %s: the tensor is too large\n", a->name);
        return EXIT_USER;
      }
      a->t.data = (void *)(uintptr_t)256;
      a->t.device.device_type = kDLCUDA;
      a->t.device.device_id = 0;
      a->t.ndim = a->ndim;
      a->t.dtype = a->dtype;
      a->t.shape = a->shape;
      r->cargs[p] = tirxrt_arg_tensor(&a->t);
    }
  }
  /* Outputs must name a parameter that was given. */
  for (int i = 0; i < o->nouts; i++) {
    int found = 0;
    for (int j = 0; j < o->nargs; j++)
      found |= param_matches(&plan->params[o->args[j].param], o->outs[i].name);
    if (!found) {
      fprintf(stderr, "tirx-run: --%s %s: no such parameter\n", o->outs[i].path ? "save" : "print",
              o->outs[i].name);
      return EXIT_USER;
    }
  }
  return 0;
}

/* Every argument checked against the plan before anything is allocated or copied; then
 * the tensors on the device. */
static int upload_args(Run *r) {
  Options *o = &r->o;
  int64_t *syms = calloc((size_t)r->plan->nsyms + 1, sizeof *syms);
  int32_t dev;
  TirxStatus crc = syms ? tirxrt_check_args(r->plan, tirxrt_function_signature(r->fn), r->cargs,
                                            r->plan->nparams, syms, &dev, &r->err)
                        : TIRX_ERR;
  free(syms);
  if (crc != TIRX_OK) {
    fprintf(stderr, "%s\n", r->err ? r->err : "tirx-run: out of memory");
    return EXIT_USER;
  }
  for (int i = 0; i < o->nargs; i++) {
    ArgSpec *a = &o->args[i];
    if (a->kind != SPEC_NPY && a->kind != SPEC_ZEROS) continue;
    a->symmetric = r->symmetric;
    if ((r->symmetric ? tirxrt_nvshmem_malloc(r->ctx, 0, a->nbytes, &a->dptr, &r->err)
                      : tirxrt_mem_alloc(r->ctx, 0, a->nbytes, &a->dptr, &r->err)) != 0 ||
        (a->kind == SPEC_NPY
             ? tirxrt_memcpy_htod(r->ctx, 0, a->dptr, a->npy.data, a->nbytes, &r->err)
             : tirxrt_memset_zero(r->ctx, 0, a->dptr, a->nbytes ? a->nbytes : 1, &r->err)) != 0) {
      fprintf(stderr, "tirx-run: --arg %s: %s\n", a->name, r->err ? r->err : "?");
      return EXIT_USER;
    }
    a->t.data = a->dptr;
  }
  return 0;
}

static int call(Run *r) {
  if (tirxrt_call(r->fn, r->cargs, r->plan->nparams, NULL, &r->err) != 0 ||
      tirxrt_synchronize(r->ctx, 0, &r->err) != 0) {
    fprintf(stderr, "%s\n", r->err ? r->err : "tirx-run: the call failed");
    return EXIT_USER;
  }
  return 0;
}

/* --save and --print, after the call. */
static int write_outputs(Run *r) {
  Options *o = &r->o;
  for (int i = 0; i < o->nouts; i++) {
    ArgSpec *a = NULL;
    for (int j = 0; j < o->nargs && !a; j++)
      if (param_matches(&r->plan->params[o->args[j].param], o->outs[i].name)) a = &o->args[j];
    int tensor = a->kind == SPEC_NPY || a->kind == SPEC_ZEROS;
    if (!tensor) {
      if (o->outs[i].path) {
        fprintf(stderr, "tirx-run: --save %s: a scalar argument cannot be saved\n", a->name);
        return EXIT_USER;
      }
      if (a->kind == SPEC_FLOAT) printf("%.9g\n", a->f);
      else if (a->kind == SPEC_BOOL) printf("%s\n", a->i ? "true" : "false");
      else printf("%" PRId64 "\n", a->i);
      continue;
    }
    void *host = malloc(a->nbytes ? a->nbytes : 1);
    if (!host || tirxrt_memcpy_dtoh(r->ctx, 0, host, a->dptr, a->nbytes, &r->err) != 0) {
      fprintf(stderr, "tirx-run: reading back %s: %s\n", a->name,
              r->err ? r->err : "out of memory");
      free(host);
      return EXIT_USER;
    }
    int orc = o->outs[i].path
                  ? tirx_npy_write_file(o->outs[i].path, a->dtype, a->ndim, a->shape, host, &r->err)
                  : print_values(a->name, a->dtype, host, numel(a->shape, a->ndim));
    free(host);
    if (orc != 0) {
      if (r->err) fprintf(stderr, "tirx-run: --save %s: %s\n", a->name, r->err);
      return EXIT_USER;
    }
  }
  return 0;
}

static void run_free(Run *r) {
  Options *o = &r->o;
  for (int i = 0; i < o->nargs; i++) {
    if (o->args[i].dptr && o->args[i].symmetric) tirxrt_nvshmem_free(o->args[i].dptr);
    else if (o->args[i].dptr) tirxrt_mem_free(r->ctx, 0, o->args[i].dptr, NULL);
    tirx_npy_free(&o->args[i].npy);
    free(o->args[i].name);
  }
  for (int i = 0; i < o->nouts; i++) free(o->outs[i].name);
  free(o->args);
  free(o->outs);
  free(o->defines);
  free(o->incs);
  free(r->cargs);
  if (r->symmetric) tirxrt_nvshmem_finalize();
  tirxrt_module_unload(r->mod);
  tirxrt_context_destroy(r->ctx);
  free(r->bundle);
  free(r->src);
  free(r->err);
}

/* The phases in order; the first that fails gives the exit status. */
static int tool_main(int argc, char **argv) {
  static int (*const phases[])(Run *) = {read_inputs, load_function, bind_args,
                                         upload_args, call,          write_outputs};
  Run r;
  memset(&r, 0, sizeof r);
  int rc = parse_args(argc, argv, &r.o);
  for (size_t i = 0; rc < 0 && i < sizeof phases / sizeof phases[0]; i++) {
    int prc = phases[i](&r);
    if (prc) rc = prc;
  }
  run_free(&r);
  return rc < 0 ? 0 : rc;
}

/* The whole run: the executable's main, and the Python package's console script
 * `tirx-run` (tirx._cli, through the extension: tools/common/tools.def). */
int tirx_run_main(int argc, char **argv) { return tool_exit("tirx-run", tool_main(argc, argv)); }

#ifndef TIRX_TOOL_NO_MAIN
int main(int argc, char **argv) { return tirx_run_main(argc, argv); }
#endif
