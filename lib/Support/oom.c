/* The out-of-memory policy (see oom.h). */
#include "Support/oom.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Noreturn void tirx_oom(void) {
  fputs("tirx: out of memory\n", stderr);
  exit(70);
}

void *tirx_xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) tirx_oom();
  return p;
}

void *tirx_xcalloc(size_t count, size_t size) {
  void *p = calloc(count ? count : 1, size ? size : 1);
  if (!p) tirx_oom();
  return p;
}

void *tirx_xrealloc(void *p, size_t count, size_t size) {
  if (size && count > SIZE_MAX / size) tirx_oom();
  size_t n = count * size;
  void *q = realloc(p, n ? n : 1);
  if (!q) tirx_oom();
  return q;
}

char *tirx_xstrdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *p = tirx_xmalloc(n);
  memcpy(p, s, n);
  return p;
}
