/* libFuzzer harness: the .npy reader (runtime/src/npy.c) on arbitrary bytes. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "tirx/npy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  TirxNpy n;
  char *err = NULL;
  if (tirx_npy_read(data, size, &n, &err) == 0) tirx_npy_free(&n);
  free(err);
  return 0;
}
