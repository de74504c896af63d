/* libFuzzer harness: the whole compiler up to PTX (parse, the default pass pipeline with
 * the verifier after each pass, NVPTX codegen, LLVM -O0 and PTX emission): the path of
 * `tirx-llc --emit=llvm` / `--emit=ptx`, without ptxas. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "tirx/internal/codegen.h"
#include "tirx/internal/diag.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *src = (const char *)data;
  TirxDriverOptions o;
  tirx_driver_options_init(&o);
  o.opt_level = 0;
  o.stop_after = TIRX_STOP_AFTER_PTX;
  o.max_steps = 20000; /* 2,000,000 instrumented steps outlast libFuzzer's timeout */
  TirxDiag d;
  tirx_diag_init(&d, "fuzz.py", src, size);
  TirxCompiled c;
  tirx_compile_source("fuzz.py", src, size, &o, &c, &d);
  free(tirx_diag_render(&d));
  tirx_compiled_free(&c);
  tirx_diag_free(&d);
  return 0;
}
