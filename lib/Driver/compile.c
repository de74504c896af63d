/* The compile pipeline, written out as one straight line:
 *
 *   parse → verify → passes ("default") → LLVM IR → LLVM opt → PTX → ptxas
 *
 * Each stage is timed (TirxCompiled.ms, tirx-llc --time-passes) and its text
 * can be kept for inspection (tirx_compiled_text, the seed's inspect_source()).
 * tirx_compile_to_bundle (tirx/compile.h) is this pipeline plus the bundle
 * writer of libtirxrt.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "Support/oom.h"
#include "tirx/bundle.h"
#include "tirx/internal/codegen.h"
#include "tirx/compile.h"
#include "tirx/internal/parse.h"
#include "tirx/internal/pass.h"
#include "tirx/internal/print.h"
#include "tirx/internal/verify.h"

#include "Driver/driver.h"

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static const char *const stage_names[TIRX_STAGE_COUNT] = {
    "parse", "verify", "passes", "llvm-irgen", "llvm-opt", "ptx-emit", "ptxas",
};

const char *tirx_stage_name(TirxStage s) {
  return (unsigned)s < TIRX_STAGE_COUNT ? stage_names[s] : "?";
}

bool tirx_driver_verify_each(void) {
  const char *e = getenv("TIRX_VERIFY_EACH");
  if (e && *e) return strcmp(e, "0") != 0;
#ifdef TIRX_VERIFY_EACH_DEFAULT
  return true;
#else
  return false;
#endif
}

void tirx_driver_options_init(TirxDriverOptions *o) {
  memset(o, 0, sizeof *o);
  o->arch = TIRX_DEFAULT_ARCH;
  o->opt_level = 3;
  o->stop_after = TIRX_STOP_AFTER_CUBIN;
  o->ptxas_timeout = -1;
  o->verify_each = tirx_driver_verify_each();
}

void tirx_compiled_free(TirxCompiled *c) {
  if (!c) return;
  tirx_module_free(c->module);
  free(c->tirx);
  free(c->llvm_ir);
  free(c->llvm_ir_opt);
  free(c->ptx);
  free(c->cubin);
  memset(c, 0, sizeof *c);
}

const char *tirx_compiled_text(const TirxCompiled *c, const char *stage) {
  if (!c || !stage) return NULL;
  if (!strcmp(stage, "tirx")) return c->tirx;
  if (!strcmp(stage, "llvm")) return c->llvm_ir;
  if (!strcmp(stage, "llvm-opt")) return c->llvm_ir_opt;
  if (!strcmp(stage, "ptx")) return c->ptx;
  return NULL;
}

int tirx_compile_source(const char *filename, const char *src, size_t len,
                        const TirxDriverOptions *o, TirxCompiled *out, TirxDiag *diag) {
  TirxDriverOptions defaults;
  if (!o) {
    tirx_driver_options_init(&defaults);
    o = &defaults;
  }
  memset(out, 0, sizeof *out);
  const TirxArchInfo *arch = tirx_target_arch(o->arch);
  if (!arch) {
    tirx_diag_add(diag, DIAG_ERROR, 0, 0, "unknown arch '%s' (supported: %s)", o->arch,
                  tirx_target_arch_list());
    return 1;
  }
  out->arch = arch->name;

  /* parse */
  double t = now_ms();
  TirxParseOptions po = {o->defines, o->ndefines, o->entry, o->include_dirs, o->ninclude_dirs,
                         o->max_steps};
  out->module = tirx_parse(filename, src, len, &po, diag);
  out->ms[TIRX_STAGE_PARSE] = now_ms() - t;
  if (!out->module) return 1;
  return tirx_compile_parsed(filename, o, out, diag);
}

/* lib/Driver/driver.h: the pipeline after parsing, on out->module (the cache parses
 * first to print the canonical IR of its key). */
int tirx_compile_parsed(const char *filename, const TirxDriverOptions *o, TirxCompiled *out,
                        TirxDiag *diag) {
  const TirxArchInfo *arch = tirx_target_arch(o->arch);
  if (!arch) {
    tirx_diag_add(diag, DIAG_ERROR, 0, 0, "unknown arch '%s' (supported: %s)", o->arch,
                  tirx_target_arch_list());
    return 1;
  }
  out->arch = arch->name;

  /* verify */
  double t = now_ms();
  bool ok = tirx_verify_module(out->module, diag);
  out->ms[TIRX_STAGE_VERIFY] = now_ms() - t;
  if (!ok) return 1;

  /* passes (the verifier runs after each one with verify_each, else after the last) */
  t = now_ms();
  TirxPassOptions pass_opts;
  tirx_pass_options_init(&pass_opts);
  pass_opts.verify_each = o->verify_each;
  int rc = tirx_pass_run_pipeline(out->module, o->pipeline ? o->pipeline : "default", &pass_opts,
                                  diag);
  if (!rc && !o->verify_each && !tirx_verify_module(out->module, diag)) {
    tirx_diag_add(diag, DIAG_NOTE, 0, 0,
                  "the IR above was produced by the lowering passes '%s' (TIRX_VERIFY_EACH=1 "
                  "verifies after each one and names it)", o->pipeline ? o->pipeline : "default");
    rc = 1;
  }
  out->ms[TIRX_STAGE_PASSES] = now_ms() - t;
  if (rc) return 1;
  if (o->keep_tirx) out->tirx = tirx_print_module(out->module);
  if (o->stop_after == TIRX_STOP_AFTER_PASSES) return 0;

  /* LLVM IR → opt → PTX */
  TirxTargetOptions to = {arch->name, o->opt_level, o->keep_llvm};
  TirxCodegenResult cr;
  if (tirx_codegen_module(out->module, &to, &cr, diag)) return 1;
  out->llvm_ir = cr.llvm_ir;
  out->llvm_ir_opt = cr.llvm_ir_opt;
  out->ptx = cr.ptx;
  out->ms[TIRX_STAGE_LLVM_IRGEN] = cr.ms_irgen;
  out->ms[TIRX_STAGE_LLVM_OPT] = cr.ms_opt;
  out->ms[TIRX_STAGE_PTX_EMIT] = cr.ms_ptx;
  if (o->stop_after == TIRX_STOP_AFTER_PTX) return 0;
  if (cr.nkernels == 0 && cr.nfuncs == 0) {
    tirx_diag_add(diag, DIAG_ERROR, 0, 0,
                  "%s: no device kernel to assemble (a kernel needs T.device_entry())",
                  filename ? filename : "<input>");
    return 1;
  }
  /* Device functions alone, or calls of functions defined elsewhere: a
   * relocatable cubin (ptxas -c) to link with the rest; it cannot be loaded
   * and launched as it is. */
  bool reloc = cr.nkernels == 0 || cr.nexterns > 0;
  out->relocatable = reloc;
  out->unresolved = cr.extern_name;
  if (cr.nexterns)
    tirx_diag_add(diag, DIAG_WARNING, cr.extern_loc.line, cr.extern_loc.col,
                  "'%s'%s is called but not defined in this module: the cubin is relocatable "
                  "(ptxas -c), to be linked with the definition (nvlink or cuLinkAddData)",
                  cr.extern_name, cr.nexterns > 1 ? " (and others)" : "");

  /* ptxas (its errors name the file and the kernels) */
  char what[512];
  int w = snprintf(what, sizeof what, "%s (kernel%s", filename ? filename : "<input>",
                   cr.nkernels > 1 ? "s" : "");
  for (int i = 0, k = 0; i < out->module->nfuncs && w > 0 && (size_t)w < sizeof what - 8; i++)
    if (out->module->funcs[i]->is_device_kernel)
      w += snprintf(what + w, sizeof what - (size_t)w, "%s%s", k++ ? ", " : " ",
                    out->module->funcs[i]->name);
  if (w > 0 && (size_t)w < sizeof what - 1) snprintf(what + w, sizeof what - (size_t)w, ")");
  t = now_ms();
  int first = diag->n;
  rc = tirx_ptxas_assemble_mode(out->ptx, arch->name, o->opt_level, o->ptxas_timeout, reloc, what,
                                &out->cubin, &out->cubin_size, diag);
  /* Point at the source of the kernel ptxas names. */
  for (int e = first; rc != 0 && e < diag->n; e++) {
    const char *k = diag->items[e].level == DIAG_ERROR ? strstr(diag->items[e].msg, ", in kernel '") : NULL;
    if (!k) continue;
    k += 13;
    size_t kn = strcspn(k, "'");
    for (int i = 0; i < out->module->nfuncs; i++) {
      PrimFunc *f = out->module->funcs[i];
      if (f->is_device_kernel && strlen(f->name) == kn && memcmp(f->name, k, kn) == 0 && f->loc.line) {
        tirx_diag_add(diag, DIAG_NOTE, f->loc.line, f->loc.col, "kernel '%s' comes from this function",
                      f->name);
        break;
      }
    }
    break;
  }
  out->ms[TIRX_STAGE_PTXAS] = now_ms() - t;
  return rc;
}

/* ---- bundles ---------------------------------------------------------------------------- */

int tirx_compiled_to_bundle(const TirxCompiled *c, void **data, size_t *size, TirxDiag *diag) {
  *data = NULL;
  *size = 0;
  if (c->relocatable) { /* the tools say why a bundle is missing (tirx-llc, tirx_compile_to_bundle) */
    tirx_diag_add(diag, DIAG_ERROR, 0, 0, "a relocatable cubin cannot be bundled for loading%s%s",
                  c->unresolved ? ": it calls an undefined function " : "",
                  c->unresolved ? c->unresolved : "");
    return 1;
  }
  TirxBundle *b = tirx_bundle_create(); /* the runtime's builders return NULL / -1 only
                                           when out of memory: Support/oom.h */
  if (!b) tirx_oom();
  int rc = 1;
  if (c->cubin && tirx_bundle_add_code(b, TIRX_CODE_CUBIN, c->arch, c->cubin, c->cubin_size) < 0)
    goto oom;
  if (c->ptx && tirx_bundle_add_code(b, TIRX_CODE_PTX, c->arch, c->ptx, strlen(c->ptx) + 1) < 0)
    goto oom;
  Module *m = c->module;
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
