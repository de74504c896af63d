/* libFuzzer harness: the whole compiler up to PTX (parse, the default pass pipeline with
 * the verifier after each pass, NVPTX codegen, LLVM -O0, PTX emission and the bundle):
 * the path of `tirx-llc --emit=ptx --no-cache`, without ptxas, through the driver's one
 * entry (tirx_compile_with_diag). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "tirx/compile.h"
#include "tirx/internal/diag.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *src = (const char *)data;
  TirxCompileOptions o;
  tirx_compile_options_init(&o);
  o.opt_level = 0;
  o.stop = TIRX_COMPILE_STOP_PTX;
  o.no_cache = 1;
  o.lean = 1;
  o.max_steps = 20000; /* 2,000,000 instrumented steps outlast libFuzzer's timeout */
  TirxDiag d;
  tirx_diag_init(&d, "fuzz.py", src, size);
  TirxArtifacts a;
  tirx_compile_with_diag("fuzz.py", src, size, &o, &a, &d);
  free(tirx_diag_render(&d));
  tirx_artifacts_free(&a);
  tirx_diag_free(&d);
  return 0;
}
