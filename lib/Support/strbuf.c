/* String builder (see strbuf.h). */
#include "Support/strbuf.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Support/oom.h"

static void reserve(StrBuf *b, size_t extra) {
  if (extra > SIZE_MAX / 2 - b->n) tirx_oom();
  if (b->n + extra + 1 <= b->cap) return;
  size_t nc = b->cap ? b->cap : 256;
  while (nc < b->n + extra + 1) nc *= 2;
  b->p = tirx_xrealloc(b->p, nc, 1);
  b->cap = nc;
}

void strbuf_put(StrBuf *b, const char *s, size_t n) {
  reserve(b, n);
  if (n) memcpy(b->p + b->n, s, n);
  b->n += n;
  b->p[b->n] = '\0';
}

void strbuf_puts(StrBuf *b, const char *s) { strbuf_put(b, s, strlen(s)); }

void strbuf_putc(StrBuf *b, char c) { strbuf_put(b, &c, 1); }

void strbuf_put_decimal(StrBuf *b, unsigned long long u, int neg) {
  char d[24], *e = d + sizeof d, *s = e;
  do *--s = (char)('0' + u % 10);
  while (u /= 10);
  if (neg) *--s = '-';
  strbuf_put(b, s, (size_t)(e - s));
}

/* One vsnprintf into the spare room (made at least 64 bytes); a second only when the text did not fit. */
void strbuf_vprintf(StrBuf *b, const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  reserve(b, 63);              /* most texts fit the room: one vsnprintf */
  size_t room = b->cap - b->n; /* cap > n once allocated (the terminator) */
  int n = vsnprintf(room ? b->p + b->n : NULL, room, fmt, ap2);
  va_end(ap2);
  if (n < 0) { /* an invalid format: nothing sensible to add */
    b->p[b->n] = '\0';
    return;
  }
  if ((size_t)n >= room) {
    reserve(b, (size_t)n);
    vsnprintf(b->p + b->n, (size_t)n + 1, fmt, ap);
  }
  b->n += (size_t)n;
}

void strbuf_printf(StrBuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  strbuf_vprintf(b, fmt, ap);
  va_end(ap);
}

const char *strbuf_str(const StrBuf *b) { return b->p ? b->p : ""; }

char *strbuf_take(StrBuf *b) {
  char *s = b->p ? b->p : tirx_xstrdup("");
  b->p = NULL;
  b->n = b->cap = 0;
  return s;
}

void strbuf_free(StrBuf *b) {
  free(b->p);
  b->p = NULL;
  b->n = b->cap = 0;
}
