/* A growable string builder: always NUL-terminated once anything was put,
 * never truncates; allocation failure follows oom.h.  The printer's output,
 * launch-plan comments, generated names and messages all build text with
 * it.  Free with strbuf_free, or take the string with strbuf_take. */
#ifndef TIRX_SUPPORT_STRBUF_H
#define TIRX_SUPPORT_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct StrBuf {
  char *p;  /* NULL until something is put */
  size_t n; /* bytes, without the NUL */
  size_t cap;
} StrBuf;

void strbuf_put(StrBuf *b, const char *s, size_t n);
void strbuf_puts(StrBuf *b, const char *s);
void strbuf_putc(StrBuf *b, char c);
/* The decimal digits of u, after a '-' when neg (no printf: integers are most
 * of what the printer and f-strings write). */
void strbuf_put_decimal(StrBuf *b, unsigned long long u, int neg);
void strbuf_printf(StrBuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void strbuf_vprintf(StrBuf *b, const char *fmt, va_list ap);
/* The text ("" when empty); valid until the next put. */
const char *strbuf_str(const StrBuf *b);
/* The malloc'd text (caller frees); b is empty again. */
char *strbuf_take(StrBuf *b);
void strbuf_free(StrBuf *b);

#endif
