/* tirx-ptxas-selftest FILE.ptx ARCH [OUT.cubin]: tirx_ptxas_assemble on a PTX file, as the driver
 * runs it (the ptxas binary, or nvPTXCompiler in process where built with it); prints
 * "cubin N bytes" (and writes the cubin to OUT) or the rendered diagnostics, exit 0 / 1. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "tirx/file.h"
#include "tirx/internal/diag.h"
#include "tirx/target.h"

int main(int argc, char **argv) {
  if (argc != 3 && argc != 4) {
    fprintf(stderr, "usage: tirx-ptxas-selftest FILE.ptx ARCH [OUT.cubin]\n");
    return 2;
  }
  char *ptx = NULL, *err = NULL;
  size_t len = 0;
  if (tirx_read_file(argv[1], &ptx, &len, &err) != 0) {
    fprintf(stderr, "cannot read %s: %s\n", argv[1], err ? err : "?");
    free(err);
    return 2;
  }
  TirxDiag d;
  tirx_diag_init(&d, argv[1], NULL, 0);
  void *cubin = NULL;
  size_t size = 0;
  TirxStatus rc = tirx_ptxas_assemble(ptx, argv[2], 3, -1, argv[1], &cubin, &size, &d);
  char *text = tirx_diag_render(&d);
  if (text) fputs(text, stdout);
  if (rc == TIRX_OK) printf("cubin %zu bytes\n", size);
  FILE *out = rc == TIRX_OK && argc == 4 ? fopen(argv[3], "wb") : NULL;
  if (out) {
    bool bad = fwrite(cubin, 1, size, out) != size;
    if (fclose(out) != 0 || bad) rc = TIRX_ERR_COMPILE;
  }
  free(text);
  free(cubin);
  free(ptx);
  tirx_diag_free(&d);
  return rc == TIRX_OK ? 0 : 1;
}
