// Compiles a kernel to a PTX bundle with the installed libtirx and reads the bundle back
// with libtirxrt, from C++ (the headers' extern "C" is what makes this link).
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <tirx/bundle.h>
#include <tirx/compile.h>
#include <tirx/diag.h>
#include <tirx/target.h>

static const char kSource[] =
    "@T.prim_func\n"
    "def scale(A: T.Buffer((256,), \"float32\"), B: T.Buffer((256,), \"float32\")):\n"
    "    T.device_entry()\n"
    "    tx = T.thread_id([256])\n"
    "    B[tx] = A[tx] * T.float32(2.0)\n";

int main() {
  TirxCompileOptions zeroed;
  std::memset(&zeroed, 0, sizeof zeroed); /* not -O0: refused */
  void *none = nullptr;
  size_t nsize = 0;
  char *why = nullptr;
  int zrc = tirx_compile_to_bundle("scale.py", kSource, std::strlen(kSource), &zeroed, &none,
                                   &nsize, &why);
  std::printf("zeroed options: status %d, %s", zrc, why ? why : "no message\n");
  std::free(why);
  TirxCompileOptions opts;
  tirx_compile_options_init(&opts);
  opts.ptx_only = 1;
  /* structured diagnostics through the opaque handle */
  static const char kBad[] = "@T.prim_func\nundefined_name(1)\n";
  TirxDiag *d = tirx_diag_create("bad.py", kBad, std::strlen(kBad));
  TirxArtifacts art;
  TirxStatus st = tirx_compile_with_diag("bad.py", kBad, std::strlen(kBad), &opts, &art, d);
  for (int i = 0; i < tirx_diag_count(d); i++) {
    TirxDiagEntry e = tirx_diag_get(d, i);
    if (e.level == TIRX_DIAG_ERROR)
      std::printf("diagnostics handle: %d error at %u:%u, status %d\n", tirx_diag_error_count(d),
                  e.line, e.col, (int)st);
  }
  tirx_artifacts_free(&art);
  tirx_diag_destroy(d);
  void *bundle = nullptr;
  size_t size = 0;
  char *diag = nullptr;
  if (tirx_compile_to_bundle("scale.py", kSource, std::strlen(kSource), &opts, &bundle, &size,
                             &diag) != TIRX_OK) {
    std::fprintf(stderr, "compile failed: %s\n", diag ? diag : "?");
    return 1;
  }
  TirxBundle *b = nullptr;
  char *err = nullptr;
  if (tirx_bundle_read(bundle, size, &b, &err) != TIRX_OK || !tirx_bundle_find_plan(b, "scale")) {
    std::fprintf(stderr, "bundle: %s\n", err ? err : "no plan 'scale'");
    return 1;
  }
  std::printf("consumer: compiled 'scale' for %s into a %zu-byte bundle\n",
              tirx_target_arch(nullptr)->name, size);
  tirx_bundle_destroy(b);
  std::free(bundle);
  return 0;
}
