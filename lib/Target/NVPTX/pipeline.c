/* tirx_codegen_module: the NVPTX backend as one straight line.
 *
 *   irgen     one ptx_kernel per device kernel (emit_func.c), libdevice
 *             linked when used, LLVMVerifyModule (a failure is an internal
 *             error, reported, never an abort)
 *   opt       at -O3 tirx's pipeline (llvm_pipeline.def: LLVM's default<O3> without
 *             the passes that have nothing to do in a kernel module), or LLVM's own
 *             default<O3> with TIRX_LLVM_PIPELINE=llvm; default<On> below -O3.  Both
 *             run NVVMReflect, which resolves libdevice's __nvvm_reflect.  Then
 *             cg_pack_half_pairs (pack_cvt.c): half / bfloat pairs packed by integer ops
 *             become <2 x half> words (one cvt.rn.f16x2.f32 for two conversions)
 *   ptx       LLVMTargetMachineEmitToMemoryBuffer → PTX text
 *
 * Each call has its own LLVMContext and target machine, so calls may run
 * concurrently on different threads.
 */
#include <llvm-c/Analysis.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "Support/clock.h"
#include "Target/NVPTX/cg.h"


static char *dup_n(const char *s, size_t n) {
  char *p = tirx_xmalloc(n + 1);
  memcpy(p, s, n);
  p[n] = '\0';
  return p;
}

static char *module_text(LLVMModuleRef mod) {
  char *s = LLVMPrintModuleToString(mod);
  char *r = dup_n(s, strlen(s));
  LLVMDisposeMessage(s);
  return r;
}

/* An LLVM message, first lines only (verifier output can be long). */
static void internal_error(TirxDiag *diag, const char *what, const char *msg) {
  size_t n = 0;
  int lines = 0;
  while (msg && msg[n] && lines < 6) {
    if (msg[n] == '\n') lines++;
    n++;
  }
  tirx_diag_add(diag, DIAG_ERROR, 0, 0, "codegen: internal error: %s: %.*s", what,
                (int)(n && msg[n - 1] == '\n' ? n - 1 : n), msg ? msg : "");
}

/* "what\nmsg", malloc'd: internal_error's two parts in one string. */
static char *join_msg(const char *what, const char *msg) {
  size_t a = strlen(what), b = msg ? strlen(msg) : 0;
  char *s = tirx_xmalloc(a + b + 2);
  memcpy(s, what, a);
  s[a] = '\n';
  if (b) memcpy(s + a + 1, msg, b);
  s[a + 1 + b] = '\0';
  return s;
}

/* internal_error on a join_msg string (modified in place). */
static void report_joined(TirxDiag *diag, char *joined) {
  char *nl = strchr(joined, '\n');
  if (nl) *nl = '\0';
  internal_error(diag, joined, nl ? nl + 1 : "");
}

/* TIRX_LLVM_PIPELINE: "tirx" (or unset/empty) selects tirx's pipeline at -O3, "llvm"
 * LLVM's default<O3>; any other value gives NULL. */
const char *tirx_llvm_pipeline_name(void) {
  const char *e = getenv("TIRX_LLVM_PIPELINE");
  if (!e || !*e || strcmp(e, "tirx") == 0) return "tirx";
  if (strcmp(e, "llvm") == 0) return "llvm";
  return NULL;
}

/* The rows of llvm_pipeline.def joined into LLVM's pipeline text: a comma between two
 * elements, none after an opening "adaptor(" or before a closing ")". */
static char *tirx_pipeline_text(void) {
  static const char *const rows[] = {
#define P(text) text,
#include "Target/NVPTX/llvm_pipeline.def"
#undef P
  };
  size_t n = sizeof rows / sizeof rows[0], len = 1;
  for (size_t i = 0; i < n; i++) len += strlen(rows[i]) + 1;
  char *s = tirx_xmalloc(len), *w = s;
  for (size_t i = 0; i < n; i++) {
    if (i && w[-1] != '(' && rows[i][0] != ')') *w++ = ',';
    size_t k = strlen(rows[i]);
    memcpy(w, rows[i], k);
    w += k;
  }
  *w = '\0';
  return s;
}

/* cg.h: the pipeline (tirx's at -O3 unless TIRX_LLVM_PIPELINE=llvm, else default<On>),
 * cg_pack_half_pairs, then PTX, on mod with the target machine tm.  Touches nothing but
 * mod's context, so parts run on threads (split.c). */
int cg_opt_emit(LLVMModuleRef mod, LLVMTargetMachineRef tm, int opt, bool keep_ir, char **ir_opt,
                char **ptx, double *ms_opt, double *ms_ptx, char **err) {
  *err = NULL;
  const char *which = tirx_llvm_pipeline_name();
  double t1 = tirx_now_ms();
  LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
  static const char *const pipelines[] = {"default<O0>,globaldce", "default<O1>", "default<O2>",
                                          "default<O3>"};
  char *text = opt == 3 && which && strcmp(which, "tirx") == 0 ? tirx_pipeline_text() : NULL;
  LLVMErrorRef perr = LLVMRunPasses(mod, text ? text : pipelines[opt], tm, po);
  free(text);
  LLVMDisposePassBuilderOptions(po);
  if (perr) {
    char *pm = LLVMGetErrorMessage(perr);
    *err = join_msg("the LLVM pipeline failed", pm);
    LLVMDisposeErrorMessage(pm);
    return 1;
  }
  cg_pack_half_pairs(mod);
  if (keep_ir) *ir_opt = module_text(mod);
  double t2 = tirx_now_ms();
  *ms_opt = t2 - t1;

  LLVMMemoryBufferRef mb = NULL;
  char *msg = NULL;
  if (LLVMTargetMachineEmitToMemoryBuffer(tm, mod, LLVMAssemblyFile, &msg, &mb)) {
    *err = join_msg("PTX emission failed", msg);
    LLVMDisposeMessage(msg);
    return 1;
  }
  *ptx = dup_n(LLVMGetBufferStart(mb), LLVMGetBufferSize(mb));
  LLVMDisposeMemoryBuffer(mb);
  *ms_ptx = tirx_now_ms() - t2;
  return 0;
}

void tirx_codegen_result_free(TirxCodegenResult *r) {
  if (!r) return;
  free(r->llvm_ir);
  free(r->llvm_ir_opt);
  free(r->ptx);
  memset(r, 0, sizeof *r);
}

int tirx_codegen_module(Module *m, const TirxTargetOptions *t, TirxCodegenResult *out,
                        TirxDiag *diag) {
  memset(out, 0, sizeof *out);
  TirxTargetOptions defaults = {TIRX_DEFAULT_ARCH, 3, false, false, 1};
  if (!t) t = &defaults;
  const TirxArchInfo *arch = tirx_target_arch(t->arch);
  if (!arch) {
    tirx_diag_add(diag, DIAG_ERROR, 0, 0, "codegen: unknown arch '%s'%s (supported: %s)", t->arch,
                  tirx_target_arch_hint(t->arch), tirx_target_arch_list());
    return 1;
  }
  int opt = t->opt_level < 0 ? 0 : t->opt_level > 3 ? 3 : t->opt_level;
  const char *which = tirx_llvm_pipeline_name();
  if (!which) {
    tirx_diag_add(diag, DIAG_ERROR, 0, 0,
                  "codegen: TIRX_LLVM_PIPELINE='%s' is not a pipeline (tirx: tirx's, the default; "
                  "llvm: LLVM's default<O3>)",
                  getenv("TIRX_LLVM_PIPELINE"));
    return 1;
  }
  char *err = NULL;
  LLVMTargetMachineRef tm = cg_target_machine(arch, opt, &err);
  if (!tm) {
    internal_error(diag, "NVPTX target", err);
    free(err);
    return 1;
  }

  double t0 = tirx_now_ms();
  CG cg;
  memset(&cg, 0, sizeof cg);
  cg.m = m;
  cg.diag = diag;
  cg.arch = arch;
  cg.opt_level = opt;
  cg.no_fmad = t->no_fmad;
  cg.ctx = LLVMContextCreate();
  cg.mod = LLVMModuleCreateWithNameInContext(m->filename ? m->filename : "tirx", cg.ctx);
  LLVMSetTarget(cg.mod, "nvptx64-nvidia-cuda");
  LLVMTargetDataRef td = LLVMCreateTargetDataLayout(tm);
  char *dl = LLVMCopyStringRepOfTargetData(td);
  LLVMSetDataLayout(cg.mod, dl);
  LLVMDisposeMessage(dl);
  LLVMDisposeTargetData(td);
  cg.b = LLVMCreateBuilderInContext(cg.ctx);
  cg.ab = LLVMCreateBuilderInContext(cg.ctx);
  cg.t_void = LLVMVoidTypeInContext(cg.ctx);
  cg.t_i1 = LLVMInt1TypeInContext(cg.ctx);
  cg.t_i8 = LLVMInt8TypeInContext(cg.ctx);
  cg.t_i16 = LLVMInt16TypeInContext(cg.ctx);
  cg.t_i32 = LLVMInt32TypeInContext(cg.ctx);
  cg.t_i64 = LLVMInt64TypeInContext(cg.ctx);
  cg.t_f16 = LLVMHalfTypeInContext(cg.ctx);
  cg.t_bf16 = LLVMBFloatTypeInContext(cg.ctx);
  cg.t_f32 = LLVMFloatTypeInContext(cg.ctx);
  cg.t_f64 = LLVMDoubleTypeInContext(cg.ctx);
  cg.t_ptr = LLVMPointerTypeInContext(cg.ctx, 0);

  for (int i = 0; i < m->nfuncs; i++)
    if (m->funcs[i]->is_device_kernel) {
      cg_emit_kernel(&cg, m->funcs[i]);
      out->nkernels++;
    }
  /* A module of device functions alone (private or returning a value, as
   * TVM prints a helper of another kernel) compiles them all, visible. */
  if (!out->nkernels) {
    cg.standalone_funcs = true;
    for (int i = 0; i < m->nfuncs; i++) {
      PrimFunc *f = m->funcs[i];
      if (f->body && (f->private_ || f->has_ret)) cg_device_func(&cg, f);
    }
    out->nfuncs = cg.nfuncs;
  }
  cg_emit_device_funcs(&cg);
  out->nexterns = cg.nexterns;
  out->extern_name = cg.extern_name;
  out->extern_loc = cg.extern_loc;
  free(cg.funcs);
  free(cg.loops);
  LLVMDisposeBuilder(cg.b);
  LLVMDisposeBuilder(cg.ab);

  int rc = 1;
  if (cg.nerrors) goto done;
  /* The pre-optimisation text is the kernels alone, before libdevice. */
  if (t->keep_llvm) out->llvm_ir = module_text(cg.mod);
  if (cg_link_nvshmem(&cg) || cg_link_libdevice(&cg)) goto done;
  if (cg.linked_bitcode) cg_internalize(&cg);
  char *msg = NULL;
  if (LLVMVerifyModule(cg.mod, LLVMReturnStatusAction, &msg)) {
    internal_error(diag, "the generated LLVM IR is invalid", msg);
    LLVMDisposeMessage(msg);
    goto done;
  }
  LLVMDisposeMessage(msg);
  double t1 = tirx_now_ms();
  out->ms_irgen = t1 - t0;

  /* Several kernels: each optimised and printed as a part of its own, on up to t->jobs
   * threads (split.c), whatever the number of threads is, so the PTX does not depend on
   * it; a module whose parts cannot be joined compiles whole, below. */
  if (out->nkernels > 1 && !cg.standalone_funcs) {
    char *perr = NULL;
    int sr = cg_codegen_split(cg.mod, arch, opt, t->jobs < 1 ? 1 : t->jobs, t->keep_llvm,
                              &out->llvm_ir_opt, &out->ptx, &out->ms_opt, &out->ms_ptx, &perr);
    if (sr > 0) report_joined(diag, perr);
    free(perr);
    if (sr > 0) goto done;
    out->nparts = sr == 0 ? out->nkernels : 0;
  }
  if (!out->ptx) {
    char *perr = NULL;
    if (cg_opt_emit(cg.mod, tm, opt, t->keep_llvm, &out->llvm_ir_opt, &out->ptx, &out->ms_opt,
                    &out->ms_ptx, &perr)) {
      report_joined(diag, perr);
      free(perr);
      goto done;
    }
  }
  out->arch = arch->name;
  rc = 0;

done:
  LLVMDisposeModule(cg.mod);
  LLVMContextDispose(cg.ctx);
  LLVMDisposeTargetMachine(tm);
  if (rc) {
    int nk = out->nkernels;
    tirx_codegen_result_free(out);
    out->nkernels = nk;
  }
  return rc;
}
