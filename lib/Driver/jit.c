/* Compile and load: TIRx source → a libtirxrt module on the local GPU (tirx/compile.h).
 *
 * TVM's target "cuda" in one call: detect the arch of device 0 (runtime_semantics.md §5,
 * through libtirxrt), run the usual pipeline up to PTX (tirx_compile_to_bundle with
 * ptx_only: parse → verify → passes → LLVM → PTX, no ptxas), and hand the PTX-only
 * bundle — bytes in memory — to tirxrt_module_load.  The runtime loads PTX through the
 * driver JIT (cuModuleLoadDataEx on the PTX text) on the first call on a device, exactly
 * as it does for any PTX-only bundle.  Nothing is written to disk.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Support/oom.h"
#include "tirx/compile.h"
#include "tirx/runtime.h"

static void set_diag(char **diag, const char *prefix, char *msg) {
  if (diag) {
    free(*diag); /* the compile's warnings */
    size_t n = strlen(prefix) + (msg ? strlen(msg) : 1) + 1;
    *diag = tirx_xmalloc(n);
    snprintf(*diag, n, "%s%s", prefix, msg ? msg : "?");
  }
  free(msg);
}

TirxStatus tirx_compile_load(TirxrtContext *ctx, const char *filename, const char *source,
                             size_t len, const TirxCompileOptions *opts, TirxrtModule **mod,
                             TirxrtFunction **fn, char **diag) {
  *mod = NULL;
  if (fn) *fn = NULL;
  if (diag) *diag = NULL;
  char *err = NULL;
  if (!ctx) {
    set_diag(diag, "", strdup("tirx_compile_load: no runtime context"));
    return TIRX_ERR_DEVICE;
  }

  TirxCompileOptions o;
  tirx_compile_options_init(&o);
  if (opts) o = *opts; /* tirx_compile_to_bundle refuses an uninitialised one */
  o.ptx_only = 1;
  char arch[16];
  if (!o.arch) {
    if (tirxrt_device_arch(0, arch, &err) != 0) {
      set_diag(diag, "no CUDA device available: ", err);
      return TIRX_ERR_DEVICE;
    }
    o.arch = arch;
  }

  void *bundle = NULL;
  size_t size = 0;
  if (tirx_compile_to_bundle(filename, source, len, &o, &bundle, &size, diag) != 0)
    return TIRX_ERR_COMPILE;
  int rc = tirxrt_module_load(ctx, bundle, size, mod, &err);
  free(bundle);
  if (rc != 0) {
    set_diag(diag, "", err);
    return TIRX_ERR_DEVICE;
  }
  if (fn && tirxrt_module_get_function(*mod, o.func, fn, &err) != 0) {
    tirxrt_module_unload(*mod);
    *mod = NULL;
    set_diag(diag, "", err);
    return TIRX_ERR_COMPILE;
  }
  return TIRX_OK;
}
