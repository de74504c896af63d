/* tirx-device-info — the CUDA devices libtirxrt sees and the arch tirx compiles for.
 *
 *   tirx-device-info          one line per device: "device 0: sm_90a"
 *   tirx-device-info --arch   device 0's arch only (for --mcpu=$(tirx-device-info --arch))
 *
 * Exit: 0 ok; 2 usage; 3 no CUDA device or driver ("no CUDA device available: ...").
 * The driver library is libcuda.so.1, or the file named by TIRX_LIBCUDA. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tirx/runtime.h"

int main(int argc, char **argv) {
  int arch_only = argc == 2 && strcmp(argv[1], "--arch") == 0;
  if (argc > 2 || (argc == 2 && !arch_only)) {
    fprintf(stderr, "usage: tirx-device-info [--arch]\n");
    return 2;
  }
  char *err = NULL, arch[16];
  int n = 0;
  if (tirxrt_device_count(&n, &err) != 0 || (n < 1 && !(err = strdup("no CUDA device found")))) {
    fprintf(stderr, "tirx-device-info: no CUDA device available: %s\n", err ? err : "?");
    free(err);
    return 3;
  }
  for (int d = 0; d < (arch_only ? 1 : n); d++) {
    if (tirxrt_device_arch(d, arch, &err) != 0) {
      fprintf(stderr, "tirx-device-info: no CUDA device available: %s\n", err);
      free(err);
      return 3;
    }
    if (arch_only) printf("%s\n", arch);
    else printf("device %d: %s\n", d, arch);
  }
  return 0;
}
