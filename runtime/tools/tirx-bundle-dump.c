/* tirx-bundle-dump — print what a .tirxb bundle holds: code objects (kind, arch,
 * size) and every launch plan (tirx_plan_dump).  No driver needed.
 *
 *   tirx-bundle-dump FILE.tirxb
 * Exit: 0 ok, 1 unreadable or malformed bundle, 2 usage. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tirx/bundle.h"

int main(int argc, char **argv) {
  if (argc != 2 || strcmp(argv[1], "--help") == 0) {
    fprintf(argc == 2 ? stdout : stderr, "usage: tirx-bundle-dump FILE.tirxb\n");
    return argc == 2 ? 0 : 2;
  }
  TirxBundle *b;
  char *err = NULL;
  if (tirx_bundle_read_file(argv[1], &b, &err) != 0) {
    fprintf(stderr, "tirx-bundle-dump: %s\n", err ? err : "cannot read bundle");
    free(err);
    return 1;
  }
  static const char *const kinds[] = {"?", "cubin", "ptx", "fatbin"};
  for (int32_t i = 0; i < b->ncodes; i++)
    printf("code #%d %s %s %zu bytes\n", (int)i,
           b->codes[i].kind >= 1 && b->codes[i].kind <= 3 ? kinds[b->codes[i].kind] : "?",
           b->codes[i].arch, b->codes[i].size);
  for (int32_t i = 0; i < b->nplans; i++) {
    char *d = tirx_plan_dump(b->plans[i]);
    fputs(d ? d : "(out of memory)\n", stdout);
    free(d);
  }
  tirx_bundle_destroy(b);
  return 0;
}
