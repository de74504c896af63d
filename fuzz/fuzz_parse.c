/* libFuzzer harness: the parser and the evaluator (source text -> IR), then the verifier
 * and the printer on what parses.  Any input must give IR or located errors, never a
 * crash, a hang, a leak or undefined behaviour (the fuzz build has ASan + UBSan). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "tirx/internal/diag.h"
#include "tirx/internal/ir.h"
#include "tirx/internal/parse.h"
#include "tirx/internal/print.h"
#include "tirx/internal/verify.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *src = (const char *)data;
  TirxDiag d;
  tirx_diag_init(&d, "fuzz.py", src, size);
  /* a lower step limit: 2,000,000 instrumented steps outlast libFuzzer's timeout */
  TirxParseOptions po = {NULL, 0, NULL, NULL, 0, 20000, NULL, 0};
  Module *m = tirx_parse("fuzz.py", src, size, &po, &d);
  if (m && tirx_verify_module(m, &d)) free(tirx_print_module(m));
  free(tirx_diag_render(&d));
  tirx_module_free(m);
  tirx_diag_free(&d);
  return 0;
}
