/* The driver's one entry, tirx_compile_with_diag (tirx/compile.h), written out as one
 * straight line:
 *
 *   resolve the options → parse → print the canonical IR → key → cache lookup ─hit→ done
 *                                                                          └miss→
 *   verify → passes → LLVM IR → LLVM opt → PTX → ptxas → bundle → cache store
 *
 * One options struct (TirxCompileOptions) goes in, one result (TirxArtifacts) comes out;
 * the compile cache (cache.c) is a layer the entry calls around the pipeline, nothing more.
 * Each stage is timed (TirxArtifacts.ms_stage, tirx-llc --time-passes) and its text kept
 * (kernel.inspect(), TIRX_DUMP_DIR).  tirx_compile_to_bundle and tirx_compile_load
 * (jit.c) are this entry keeping only the bundle.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "Support/clock.h"
#include "Support/oom.h"
#include "tirx/bundle.h"
#include "tirx/compile.h"
#include "tirx/internal/codegen.h"
#include "tirx/internal/parse.h"
#include "tirx/internal/pass.h"
#include "tirx/internal/print.h"
#include "tirx/internal/verify.h"

#include "Driver/driver.h"

_Static_assert(TIRX_STAGE_COUNT <=
                   sizeof((TirxArtifacts *)0)->ms_stage / sizeof((TirxArtifacts *)0)->ms_stage[0],
               "TirxArtifacts.ms_stage has a slot per stage");


static const char *const stage_names[TIRX_STAGE_COUNT] = {
    "parse", "verify", "passes", "llvm-irgen", "llvm-opt", "ptx-emit", "ptxas",
};

const char *tirx_stage_name(TirxStage s) {
  return (unsigned)s < TIRX_STAGE_COUNT ? stage_names[s] : "?";
}

/* ---- the result ------------------------------------------------------------------------ */

static const char *const art_names[TIRX_ART_COUNT] = {
#define ARTIFACT(id, name, suffix) name,
#include "tirx/artifact.def"
#undef ARTIFACT
};

const char *tirx_artifact_name(int kind) {
  return kind >= 0 && kind < TIRX_ART_COUNT ? art_names[kind] : NULL;
}

int tirx_artifact_kind(const char *name) {
  for (int k = 0; name && k < TIRX_ART_COUNT; k++)
    if (!strcmp(name, art_names[k])) return k;
  return -1;
}

void tirx_artifacts_free(TirxArtifacts *a) {
  if (!a) return;
  for (int k = 0; k < TIRX_ART_COUNT; k++) free(a->data[k]);
  memset(a, 0, sizeof *a);
}

/* Moves a kept string into the artifacts. */
static void take_text(TirxArtifacts *a, int kind, char *s) {
  if (!s) return;
  a->data[kind] = s;
  a->size[kind] = strlen(s);
}

/* Drops every artifact (a failed compile leaves the caller nothing to free). */
static void drop_data(TirxArtifacts *a) {
  for (int k = 0; k < TIRX_ART_COUNT; k++) {
    free(a->data[k]);
    a->data[k] = NULL;
    a->size[k] = 0;
  }
}

/* ---- bundles ---------------------------------------------------------------------------- */

/* Packs a compile into a bundle (tirx/bundle.h): the cubin for a->arch (when present),
 * the PTX, and one launch plan per host function of m (deduplicated: split-host-device
 * shares a plan between the kernels of one host function).  Returns 0 with *data / *size
 * malloc'd, or 1 with an error in `diag`. */
static int make_bundle(const Module *m, const TirxArtifacts *a, void **data, size_t *size,
                       TirxDiag *diag) {
  *data = NULL;
  *size = 0;
  TirxBundle *b = tirx_bundle_create(); /* the runtime's builders return NULL / -1 only
                                           when out of memory: Support/oom.h */
  if (!b) tirx_oom();
  int rc = 1;
  const void *cubin = a->data[TIRX_ART_CUBIN], *ptx = a->data[TIRX_ART_PTX];
  if (cubin &&
      tirx_bundle_add_code(b, TIRX_CODE_CUBIN, a->arch, cubin, a->size[TIRX_ART_CUBIN]) < 0)
    goto oom;
  if (ptx && tirx_bundle_add_code(b, TIRX_CODE_PTX, a->arch, ptx, a->size[TIRX_ART_PTX] + 1) < 0)
    goto oom;
  for (int i = 0; m && i < m->nfuncs; i++) {
    struct TirxPlan *p = m->funcs[i]->plan;
    if (!p) continue;
    bool seen = false; /* kernels of one host function share its plan */
    for (int j = 0; j < i && !seen; j++) seen = m->funcs[j]->plan == p;
    if (seen) continue;
    TirxPlan *copy = tirx_plan_clone(p);
    if (!copy || tirx_bundle_add_plan(b, copy) < 0) goto oom;
  }
  if (b->nplans == 0) {
    tirx_diag_add(diag, DIAG_ERROR, 0, 0,
                  "no launch plan to put in the bundle (did split-host-device run?)");
    goto done;
  }
  char *err = NULL;
  if (tirx_bundle_write(b, data, size, &err)) {
    tirx_diag_add(diag, DIAG_ERROR, 0, 0, "cannot write the bundle: %s", err ? err : "?");
    free(err);
    goto done;
  }
  rc = 0;
  goto done;
oom:
  tirx_oom();
done:
  tirx_bundle_destroy(b);
  return rc;
}

/* ptxas on out's PTX; its errors name the file and the kernels, and a note points at the
 * source of the kernel ptxas names. */
static int run_ptxas(const char *filename, const Module *m, const TirxCompileOptions *o, bool reloc,
                     TirxArtifacts *out, TirxDiag *diag) {
  char what[512];
  int nk = 0;
  for (int i = 0; i < m->nfuncs; i++) nk += m->funcs[i]->is_device_kernel;
  int w = snprintf(what, sizeof what, "%s (kernel%s", filename ? filename : "<input>",
                   nk > 1 ? "s" : "");
  for (int i = 0, k = 0; i < m->nfuncs && w > 0 && (size_t)w < sizeof what - 8; i++)
    if (m->funcs[i]->is_device_kernel)
      w += snprintf(what + w, sizeof what - (size_t)w, "%s%s", k++ ? ", " : " ", m->funcs[i]->name);
  if (w > 0 && (size_t)w < sizeof what - 1) snprintf(what + w, sizeof what - (size_t)w, ")");
  int first = diag->n;
  int threads = nk > 1 ? (o->jobs < nk ? o->jobs : nk) : 1;
  int rc = tirx_ptxas_assemble_mode(out->data[TIRX_ART_PTX], o->arch, o->opt_level,
                                    o->ptxas_timeout, reloc, threads, what,
                                    &out->data[TIRX_ART_CUBIN], &out->size[TIRX_ART_CUBIN], diag);
  for (int e = first; rc != 0 && e < diag->n; e++) {
    const char *k =
        diag->items[e].level == DIAG_ERROR ? strstr(diag->items[e].msg, ", in kernel '") : NULL;
    if (!k) continue;
    k += 13;
    size_t kn = strcspn(k, "'");
    for (int i = 0; i < m->nfuncs; i++) {
      const PrimFunc *f = m->funcs[i];
      if (f->is_device_kernel && strlen(f->name) == kn && memcmp(f->name, k, kn) == 0 &&
          f->loc.line) {
        tirx_diag_add(diag, DIAG_NOTE, f->loc.line, f->loc.col,
                      "kernel '%s' comes from this function", f->name);
        break;
      }
    }
    break;
  }
  return rc;
}

/* ---- the pipeline after parsing ----------------------------------------------------------
 *
 * verify → passes → LLVM IR → opt → PTX → ptxas → bundle, on m (the caller frees it), into
 * out->data[LOWERED ..] and out->ms_stage.  text: keep the text stages (lowered TIRx, LLVM IR
 * before and after -O).  Returns 0, or 1 with errors in diag (out then holds what was made). */
static int run_pipeline(const char *filename, const TirxCompileOptions *o, bool text, Module *m,
                        TirxArtifacts *out, TirxDiag *diag) {
  /* verify */
  double t = tirx_now_ms();
  bool ok = tirx_verify_module(m, diag);
  out->ms_stage[TIRX_STAGE_VERIFY] = tirx_now_ms() - t;
  if (!ok) return 1;

  /* passes (the verifier runs after each one with verify_each, else once after the last) */
  t = tirx_now_ms();
  TirxPassOptions pass_opts;
  tirx_pass_options_init(&pass_opts);
  pass_opts.verify_each = tirx_pass_verify_each_default();
  const char *pipeline = o->pipeline ? o->pipeline : "default";
  m->target_arch = o->arch;
  int rc = tirx_pass_run_pipeline(m, pipeline, &pass_opts, diag);
  if (!rc && !pass_opts.verify_each && !tirx_verify_module(m, diag)) {
    tirx_diag_add(diag, DIAG_NOTE, 0, 0,
                  "the IR above was produced by the lowering passes '%s' (TIRX_VERIFY_EACH=1 "
                  "verifies after each one and names it)",
                  pipeline);
    rc = 1;
  }
  out->ms_stage[TIRX_STAGE_PASSES] = tirx_now_ms() - t;
  if (rc) return 1;
  if (text) take_text(out, TIRX_ART_LOWERED, tirx_print_module(m));
  if (o->stop == TIRX_COMPILE_STOP_LOWERED) return 0;

  /* LLVM IR → opt → PTX */
  TirxTargetOptions to = {o->arch, o->opt_level, text, o->no_fmad != 0, o->jobs};
  TirxCodegenResult cr;
  if (tirx_codegen_module(m, &to, &cr, diag)) return 1;
  take_text(out, TIRX_ART_LLVM, cr.llvm_ir);
  take_text(out, TIRX_ART_LLVM_OPT, cr.llvm_ir_opt);
  take_text(out, TIRX_ART_PTX, cr.ptx);
  out->ms_stage[TIRX_STAGE_LLVM_IRGEN] = cr.ms_irgen;
  out->ms_stage[TIRX_STAGE_LLVM_OPT] = cr.ms_opt;
  out->ms_stage[TIRX_STAGE_PTX_EMIT] = cr.ms_ptx;
  /* Device functions alone, or calls of functions defined elsewhere: a relocatable cubin
   * (ptxas -c) to link with the rest; it cannot be loaded and launched as it is. */
  bool reloc = cr.nkernels == 0 || cr.nexterns > 0;
  if (o->stop == TIRX_COMPILE_STOP_CUBIN) {
    if (cr.nkernels == 0 && cr.nfuncs == 0) {
      tirx_diag_add(diag, DIAG_ERROR, 0, 0,
                    "%s: no device kernel to assemble (a kernel needs T.device_entry())",
                    filename ? filename : "<input>");
      return 1;
    }
    if (cr.nexterns)
      tirx_diag_add(diag, DIAG_WARNING, cr.extern_loc.line, cr.extern_loc.col,
                    "'%s'%s is called but not defined in this module: the cubin is relocatable "
                    "(ptxas -c), to be linked with the definition (nvlink or cuLinkAddData)",
                    cr.extern_name, cr.nexterns > 1 ? " (and others)" : "");
    t = tirx_now_ms();
    rc = run_ptxas(filename, m, o, reloc, out, diag);
    int nffma = 0;
    if (!rc && o->sass_interleave_ffma)
      rc = drv_sass_interleave_ffma(out->data[TIRX_ART_CUBIN], out->size[TIRX_ART_CUBIN], o->arch,
                                    o->sass_interleave_ffma, &nffma, diag);
    (void)nffma; /* how many changed: the SASS shows it (test/Driver/sass-interleave-ffma.test) */
    out->ms_stage[TIRX_STAGE_PTXAS] = tirx_now_ms() - t;
    if (rc) return 1;
  }

  /* A module without a host function has no plan and so no bundle; its other stages are
   * still good (tirx_compile_to_bundle and tirx-llc --emit=bundle report the missing
   * bundle), and so is a relocatable cubin (a bundle is for loading). */
  if (!(reloc && o->stop == TIRX_COMPILE_STOP_CUBIN)) {
    TirxDiag bd;
    tirx_diag_init(&bd, filename, NULL, 0);
    make_bundle(m, out, &out->data[TIRX_ART_BUNDLE], &out->size[TIRX_ART_BUNDLE], &bd);
    tirx_diag_free(&bd);
  }
  return 0;
}
/* ---- the entry ---------------------------------------------------------------------------- */

/* The options that rewrite ptxas's SASS (sass.c): 0, or 1 with an error. */
static int check_sass_options(const TirxCompileOptions *o, TirxDiag *diag) {
  if (!o->sass_interleave_ffma) return 0;
  const char *why = NULL;
  if ((o->sass_interleave_ffma < 0 && o->sass_interleave_ffma != TIRX_SASS_FFMA_NO_YIELD) ||
      o->sass_interleave_ffma > 64)
    why = "expects N from 1 to 64, or none (TIRX_SASS_FFMA_NO_YIELD)";
  else if (o->stop != TIRX_COMPILE_STOP_CUBIN)
    why = "rewrites ptxas's cubin, so it needs one (tirx-llc --emit=cubin or --emit=bundle; not "
          "a PTX-only compile)";
  if (why) {
    tirx_diag_add(diag, DIAG_ERROR, 0, 0, "--sass-interleave-ffma=%d %s", o->sass_interleave_ffma,
                  why);
    return 1;
  }
  return drv_sass_check_arch(o->arch, diag);
}

/* TirxCompileOptions.jobs 0: $TIRX_JOBS (a positive integer), else the CPUs online. */
static int default_jobs(void) {
  const char *e = getenv("TIRX_JOBS");
  if (e && *e) {
    char *end;
    long v = strtol(e, &end, 10);
    if (!*end && v >= 1 && v <= 4096) return (int)v;
  }
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n < 1 ? 1 : n > 4096 ? 4096 : (int)n;
}

/* opts with every default made explicit into *o (stop, arch); 0, or 1 with an error. */
static int resolve_options(const TirxCompileOptions *opts, TirxCompileOptions *o, TirxDiag *diag) {
  tirx_compile_options_init(o);
  if (opts && opts->init_ != TIRX_COMPILE_OPTIONS_INIT_) {
    /* a zeroed struct would silently mean -O0 */
    tirx_diag_add(diag, DIAG_ERROR, 0, 0,
                  "TirxCompileOptions was not initialised: call tirx_compile_options_init() first");
    return 1;
  }
  if (opts) *o = *opts;
  if (o->ptx_only && o->stop == TIRX_COMPILE_STOP_CUBIN) o->stop = TIRX_COMPILE_STOP_PTX;
  if (o->stop < TIRX_COMPILE_STOP_CUBIN || o->stop > TIRX_COMPILE_STOP_LOWERED)
    o->stop = TIRX_COMPILE_STOP_CUBIN;
  const TirxArchInfo *arch = tirx_target_arch(o->arch ? o->arch : TIRX_DEFAULT_ARCH);
  if (!arch) {
    tirx_diag_add(diag, DIAG_ERROR, 0, 0, "unknown arch '%s'%s (supported: %s)", o->arch,
                  tirx_target_arch_hint(o->arch), tirx_target_arch_list());
    return 1;
  }
  o->arch = arch->name; /* static */
  if (o->jobs <= 0) o->jobs = default_jobs();
  return check_sass_options(o, diag);
}

/* opts->func, when given, must name a launch plan of the bundle. */
static int check_func(const TirxArtifacts *a, const char *func, const char *filename,
                      TirxDiag *diag) {
  if (!func) return 0;
  bool found = false;
  if (a->data[TIRX_ART_BUNDLE]) {
    TirxBundle *b = NULL;
    char *err = NULL;
    if (tirx_bundle_read(a->data[TIRX_ART_BUNDLE], a->size[TIRX_ART_BUNDLE], &b, &err) != 0) {
      tirx_diag_add(diag, DIAG_ERROR, 0, 0, "internal error: bad bundle: %s", err ? err : "?");
      free(err);
      return 1;
    }
    for (int i = 0; i < b->nplans; i++)
      found = found || (b->plans[i]->name && strcmp(b->plans[i]->name, func) == 0);
    tirx_bundle_destroy(b);
  }
  if (found) return 0;
  tirx_diag_add(diag, DIAG_ERROR, 0, 0, "no function named '%s' in %s", func,
                filename ? filename : "<input>");
  return 1;
}

TirxStatus tirx_compile_with_diag(const char *filename, const char *source, size_t len,
                                  const TirxCompileOptions *opts, TirxArtifacts *out,
                                  TirxDiag *diag) {
  double t0 = tirx_now_ms();
  memset(out, 0, sizeof *out);
  TirxCompileOptions o;
  if (resolve_options(opts, &o, diag)) return TIRX_ERR_COMPILE;
  snprintf(out->arch, sizeof out->arch, "%s", o.arch);
  DrvCache cache;
  drv_cache_open(&cache, &o, diag);
  const char *dump = getenv("TIRX_DUMP_DIR");
  bool dumping = dump && *dump;
  /* The text stages are printed for a dump or a caller that reads them; a lean caller's
     cache entry goes without them (a later caller that wants them misses it and stores
     a whole one).  The canonical IR is printed for the key as well. */
  bool text = !o.lean || o.stop == TIRX_COMPILE_STOP_LOWERED || dumping;

  /* parse, and print the canonical IR (the key's, and the "tirx" artifact) */
  double t = tirx_now_ms();
  TirxParseOptions po = {o.defines,       o.ndefines,  o.entry, o.include_dirs,
                         o.ninclude_dirs, o.max_steps, NULL,    0};
  Module *m = tirx_parse(filename, source, len, &po, diag);
  out->ms_stage[TIRX_STAGE_PARSE] = tirx_now_ms() - t;
  /* the diagnostics after the parse's (which every compile, hit or miss, reports itself):
     the passes', codegen's, ptxas's, kept in the entry and replayed on a hit */
  int diag0 = diag->n;
  bool key_text = text || cache.dir;
  char *ir = m && key_text ? tirx_print_module(m) : NULL;
  if (!m || (key_text && !ir)) {
    if (m) tirx_diag_add(diag, DIAG_ERROR, 0, 0, "out of memory");
    tirx_module_free(m);
    drv_cache_close(&cache);
    return TIRX_ERR_COMPILE;
  }
  if (cache.dir || dumping) drv_cache_key(&cache, &o, ir, out->key);

  int rc;
  if (drv_cache_lookup(&cache, source, len, diag0, text, out)) {
    free(ir);
    rc = check_func(out, o.func, filename, diag);
  } else {
    rc = run_pipeline(filename, &o, text, m, out, diag);
    take_text(out, TIRX_ART_TIRX, ir);
    if (rc == 0) rc = check_func(out, o.func, filename, diag);
    if (rc == 0) drv_cache_store(&cache, source, len, diag0, out);
  }
  tirx_module_free(m);
  if (rc == 0 && dumping) drv_cache_dump(&cache, dump, filename, out);
  drv_cache_close(&cache);
  out->ms_total = tirx_now_ms() - t0;
  if (rc) drop_data(out);
  return rc ? TIRX_ERR_COMPILE : TIRX_OK;
}

TirxStatus tirx_compile(const char *filename, const char *source, size_t len,
                        const TirxCompileOptions *opts, TirxArtifacts *out, char **diag_out) {
  if (diag_out) *diag_out = NULL;
  TirxDiag diag;
  tirx_diag_init(&diag, filename ? filename : "<input>", source, len);
  TirxStatus rc = tirx_compile_with_diag(filename, source, len, opts, out, &diag);
  if (diag_out && diag.n) *diag_out = tirx_diag_render(&diag);
  tirx_diag_free(&diag);
  return rc;
}

void tirx_compile_options_init(TirxCompileOptions *o) {
  memset(o, 0, sizeof *o);
  o->opt_level = 3;
  o->ptxas_timeout = -1;
  o->init_ = TIRX_COMPILE_OPTIONS_INIT_;
}

static char *dup_error(const char *filename, const char *msg) {
  size_t n = strlen(msg) + (filename ? strlen(filename) : 7) + 16;
  char *p = tirx_xmalloc(n);
  snprintf(p, n, "%s: error: %s\n", filename ? filename : "<input>", msg);
  return p;
}

/* tirx/compile.h: the one-call entry used by tirx-run; goes through the compile cache
 * (tirx_compile, lib/Driver/cache.c) and keeps only the bundle. */
TirxStatus tirx_compile_to_bundle(const char *filename, const char *source, size_t len,
                                  const TirxCompileOptions *opts, void **bundle, size_t *size,
                                  char **diag_out) {
  *bundle = NULL;
  *size = 0;
  if (diag_out) *diag_out = NULL;
  TirxCompileOptions o;
  tirx_compile_options_init(&o);
  if (opts) o = *opts; /* tirx_compile refuses one that was not initialised */
  if (o.stop == TIRX_COMPILE_STOP_LOWERED) o.stop = TIRX_COMPILE_STOP_CUBIN;
  o.lean = 1; /* only the bundle is read */
  TirxArtifacts a;
  char *diag = NULL;
  TirxStatus rc = tirx_compile(filename, source, len, &o, &a, &diag);
  if (rc == TIRX_OK && !a.data[TIRX_ART_BUNDLE]) {
    free(diag);
    diag = dup_error(filename, "no bundle: it needs a kernel's launch plan (a host function with "
                               "T.device_entry()) and a loadable cubin (device functions alone, or "
                               "calls of functions the module does not define, give only a "
                               "relocatable cubin)");
    rc = TIRX_ERR_COMPILE;
  } else if (rc == 0) {
    *bundle = a.data[TIRX_ART_BUNDLE];
    *size = a.size[TIRX_ART_BUNDLE];
    a.data[TIRX_ART_BUNDLE] = NULL; /* diag: the warnings, if any */
  }
  tirx_artifacts_free(&a);
  if (diag_out) *diag_out = diag;
  else free(diag);
  return rc;
}
