/* libFuzzer harness: the bundle reader (runtime/src/bundle.c) on arbitrary bytes, and a
 * plan lookup on what it accepts. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "tirx/bundle.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  TirxBundle *b = NULL;
  char *err = NULL;
  if (tirx_bundle_read(data, size, &b, &err) == 0) {
    (void)tirx_bundle_find_plan(b, "main");
    tirx_bundle_destroy(b);
  }
  free(err);
  return 0;
}
