/* libFuzzer harness: the parse-time Python evaluator.  An input is a Python-subset
 * module, optionally opened by a line "#entry: EXPR" (the --entry expression run after
 * the module, e.g. "#entry: make(4)").  The module may import the prelude (found beside
 * the harness binary: build-fuzz/share/tirx/prelude, or $TIRX_PRELUDE_DIR).  The step
 * limit is low (20,000) so a loop ends well inside libFuzzer's timeout; the evaluator's
 * own limits bound recursion depth, value sizes and memory (docs/language.md, "Limits").
 * Any input must give IR or located errors, never a crash, a hang, a leak or undefined
 * behaviour (the fuzz build has ASan + UBSan).  Seeds: fuzz/corpus/eval/ (scripts/fuzz.sh
 * adds test/Eval, test/Prelude and test/Errors), tokens: fuzz/eval.dict. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tirx/internal/diag.h"
#include "tirx/internal/ir.h"
#include "tirx/internal/parse.h"
#include "tirx/internal/print.h"
#include "tirx/internal/verify.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *src = (const char *)data;
  char *entry = NULL;
  static const char tag[] = "#entry: ";
  if (size > sizeof tag - 1 && memcmp(src, tag, sizeof tag - 1) == 0) {
    const char *e = src + sizeof tag - 1, *nl = memchr(e, '\n', size - (size_t)(e - src));
    size_t n = nl ? (size_t)(nl - e) : size - (size_t)(e - src);
    if (!memchr(e, '\0', n)) {
      entry = malloc(n + 1);
      if (!entry) return 0;
      memcpy(entry, e, n);
      entry[n] = '\0';
    }
  }
  TirxDiag d;
  tirx_diag_init(&d, "fuzz.py", src, size);
  TirxParseOptions po = {NULL, 0, entry, NULL, 0, 20000, NULL, 0};
  Module *m = tirx_parse("fuzz.py", src, size, &po, &d);
  if (m && tirx_verify_module(m, &d)) free(tirx_print_module(m));
  free(tirx_diag_render(&d));
  tirx_module_free(m);
  tirx_diag_free(&d);
  free(entry);
  return 0;
}
