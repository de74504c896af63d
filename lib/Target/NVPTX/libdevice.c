/* libdevice: NVIDIA's math library as LLVM bitcode (__nv_expf, ...).
 *
 * Linked only when the module declares some __nv_* function, and only the
 * functions it uses (cg_link_bitcode, shared with NVSHMEM); cg_internalize
 * then makes the copies internal so that global DCE keeps only what is called; `nvvm-reflect-ftz` = 0 selects the IEEE (no flush-to-zero)
 * paths when NVVMReflect (part of the NVPTX pipeline) folds __nvvm_reflect.
 * The file: $TIRX_LIBDEVICE, else the path CMake found (TIRX_LIBDEVICE), else
 * /usr/local/cuda/nvvm/libdevice/libdevice.10.bc.
 */
#include <llvm-c/BitReader.h>
#include <llvm-c/Linker.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "Support/oom.h"
#include "Target/NVPTX/cg.h"
#include "tirx/file.h"
#include "tirx/target.h"

#ifndef TIRX_LIBDEVICE
#define TIRX_LIBDEVICE "/usr/local/cuda/nvvm/libdevice/libdevice.10.bc"
#endif

static bool uses_libdevice(LLVMModuleRef mod) {
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    size_t len;
    const char *n = LLVMGetValueName2(f, &len);
    if (LLVMIsDeclaration(f) && len > 5 && memcmp(n, "__nv_", 5) == 0) return true;
  }
  return false;
}

/* The first error LLVM reports while reading bitcode, kept in *(char **)ctx. */
static void bitcode_diag(LLVMDiagnosticInfoRef info, void *ctx) {
  char **why = ctx;
  if (*why || LLVMGetDiagInfoSeverity(info) != LLVMDSError) return;
  *why = LLVMGetDiagInfoDescription(info);
}

int cg_link_bitcode(CG *cg, const char *path, const char *what, const char *hint) {
  /* tirx_read_file: a regular file within the input limit (TIRX_MAX_INPUT_BYTES), so that a
     device (/dev/zero) or a FIFO named by TIRX_LIBDEVICE is refused, not read forever */
  char *data = NULL, *msg = NULL;
  size_t size = 0;
  if (tirx_read_file(path, &data, &size, &msg) != 0) {
    /* the reason alone: tirx_read_file's text repeats "cannot read PATH: " */
    const char *why = msg ? msg : "?";
    const char *at = strncmp(why, "cannot ", 7) == 0 ? strstr(why, path) : NULL;
    if (at && at[strlen(path)] == ':' && at[strlen(path) + 1] == ' ') why = at + strlen(path) + 2;
    cg_error(cg, (Loc){0, 0}, "%s cannot be read from '%s': %s%s", what, path, why, hint);
    free(msg);
    return 1;
  }
  LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(data, size, path);
  free(data);
  /* Lazily: bodies are read only for what the linker pulls in.  Every
   * definition becomes linkonce_odr, which the linker copies only when the
   * module (transitively) references it: ~2 ms instead of ~35 ms for all of
   * libdevice.  NVSHMEM's host-visible constants stay strong definitions. */
  /* A bad file is reported through the context's diagnostic handler, whose default prints
     "error: Invalid bitcode signature" and exits the process: catch the text instead. */
  LLVMDiagnosticHandler old_handler = LLVMContextGetDiagnosticHandler(cg->ctx);
  void *old_ctx = LLVMContextGetDiagnosticContext(cg->ctx);
  char *why = NULL; /* LLVM's reason, disposed with LLVMDisposeMessage */
  LLVMContextSetDiagnosticHandler(cg->ctx, bitcode_diag, &why);
  LLVMModuleRef ld;
  LLVMBool bad = LLVMGetBitcodeModuleInContext2(cg->ctx, buf, &ld); /* ld owns buf on success */
  LLVMContextSetDiagnosticHandler(cg->ctx, old_handler, old_ctx);
  if (bad) {
    LLVMDisposeMemoryBuffer(buf);
    cg_error(cg, (Loc){0, 0}, "'%s' is not a valid %s bitcode file: %s%s", path, what,
             why ? why : "unreadable", hint);
    LLVMDisposeMessage(why);
    return 1;
  }
  LLVMDisposeMessage(why);
  for (LLVMValueRef f = LLVMGetFirstFunction(ld); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f)) LLVMSetLinkage(f, LLVMLinkOnceODRLinkage);
  for (LLVMValueRef g = LLVMGetFirstGlobal(ld); g; g = LLVMGetNextGlobal(g)) {
    size_t len;
    const char *n = LLVMGetValueName2(g, &len);
    if (!LLVMIsDeclaration(g) && !cg_nvshmem_host_global(n, len))
      LLVMSetLinkage(g, LLVMLinkOnceODRLinkage);
  }
  LLVMSetTarget(ld, LLVMGetTarget(cg->mod));
  LLVMSetDataLayout(ld, LLVMGetDataLayoutStr(cg->mod));
  if (LLVMLinkModules2(cg->mod, ld)) { /* ld is destroyed either way */
    cg_error(cg, (Loc){0, 0}, "internal error: linking %s '%s' failed", what, path);
    return 1;
  }
  cg->linked_bitcode = true;
  return 0;
}

void cg_internalize(CG *cg) {
  for (LLVMValueRef f = LLVMGetFirstFunction(cg->mod); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f) && LLVMGetFunctionCallConv(f) != LLVMPTXKernelCallConv)
      LLVMSetLinkage(f, LLVMInternalLinkage);
  for (LLVMValueRef g = LLVMGetFirstGlobal(cg->mod); g; g = LLVMGetNextGlobal(g)) {
    size_t len;
    const char *n = LLVMGetValueName2(g, &len);
    /* NVSHMEM's host library finds its nvshmemi_*_d constants by name */
    if (!LLVMIsDeclaration(g) && LLVMGetLinkage(g) != LLVMPrivateLinkage &&
        !cg_nvshmem_host_global(n, len) && strcmp(n, "__tirx_dyn_smem") != 0)
      LLVMSetLinkage(g, LLVMInternalLinkage);
  }
}

/* The path linked: $TIRX_LIBDEVICE, else the build's default. */
static const char *libdevice_path(void) {
  const char *path = getenv("TIRX_LIBDEVICE");
  return path && *path ? path : TIRX_LIBDEVICE;
}

char *tirx_libdevice_find(void) {
  const char *path = libdevice_path();
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode) ? tirx_xstrdup(path) : NULL;
}

int cg_link_libdevice(CG *cg) {
  if (!uses_libdevice(cg->mod)) return 0;
  const char *path = libdevice_path();
  if (cg_link_bitcode(cg, path, "libdevice (math functions)", " (set TIRX_LIBDEVICE)")) return 1;
  LLVMAddModuleFlag(cg->mod, LLVMModuleFlagBehaviorOverride, "nvvm-reflect-ftz", 16,
                    LLVMValueAsMetadata(LLVMConstInt(cg->t_i32, 0, 0)));
  return 0;
}
