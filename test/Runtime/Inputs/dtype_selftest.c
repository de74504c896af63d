/* dtype_selftest.c — every row of tirx/dtype.def, as the runtime sees it: the
 * name parses to the row's DLPack type and prints back as the name, a row with
 * a .npy descr round-trips through a file, a row with a C argument type is a
 * valid scalar parameter.  Usage: tirx-dtype-selftest DIR.  One line per row;
 * exits 1 on failure. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "tirx/npy.h"
#include "tirx/plan.h"

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  int failures = 0, rows = 0;
  for (int i = 0; rt_dtype_at(i); i++) {
    const RtDType *r = rt_dtype_at(i);
    if (!r->dl.bits) continue; /* void */
    rows++;
    char buf[32], path[512];
    const char *why = NULL;
    DLDataType t;
    if (strcmp(tirx_dl_dtype_str(r->dl, buf), r->name) != 0) why = "does not print as its name";
    if (r->dl.code != kDLOpaqueHandle &&
        (tirx_dl_dtype_parse(r->name, strlen(r->name), &t) != 0 || t.code != r->dl.code ||
         t.bits != r->dl.bits))
      why = "name does not parse to its DLPack type";
    if (rt_dtype_find(r->dl) != r) why = "DLPack type maps to another row";
    if (r->npy) {
      snprintf(path, sizeof path, "%s/%s.npy", argv[1], r->name);
      int64_t shape[1] = {3};
      unsigned char data[24] = {1, 0, 1};
      TirxNpy n;
      char *err = NULL;
      if (tirx_npy_write_file(path, r->dl, 1, shape, data, &err) != 0 ||
          tirx_npy_read_file(path, &n, &err) != 0)
        why = err ? err : "npy round trip failed";
      else {
        if (!tirx_npy_compatible(n.dtype, r->dl)) why = "npy file reads back as another dtype";
        tirx_npy_free(&n);
      }
    }
    printf("%s: dl=(%u,%u) ctype=%d tma=%d npy=%s: %s\n", r->name, (unsigned)r->dl.code,
           (unsigned)r->dl.bits, r->ctype, r->tma, r->npy ? r->npy : "-", why ? why : "ok");
    if (why) failures++;
  }
  printf("%d rows, %d failures\n", rows, failures);
  return failures ? 1 : 0;
}
