/* internal.h — helpers shared by libtirxrt's source files (not installed).
 *
 * rt_ is the internal prefix; exported functions use tirx_ (plan, bundle, npy: shared
 * with the compiler) or tirxrt_ (the driver-facing runtime).
 */
#ifndef TIRXRT_INTERNAL_H
#define TIRXRT_INTERNAL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "tirx/plan.h"

#if defined(__GNUC__)
#define RT_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define RT_PRINTF(f, a)
#endif

/* A growable NUL-terminated string.  On allocation failure `oom` is set and further
 * appends are ignored; rt_sb_finish then returns NULL. */
typedef struct RtStrBuf {
  char *buf;
  size_t len, cap;
  int oom;
} RtStrBuf;

void rt_sb_init(RtStrBuf *sb);
void rt_sb_append(RtStrBuf *sb, const char *s);
void rt_sb_appendn(RtStrBuf *sb, const char *s, size_t n);
void rt_sb_printf(RtStrBuf *sb, const char *fmt, ...) RT_PRINTF(2, 3);
void rt_sb_vprintf(RtStrBuf *sb, const char *fmt, va_list ap);
/* Hand the string over (caller frees); NULL if an allocation failed. */
char *rt_sb_finish(RtStrBuf *sb);
void rt_sb_free(RtStrBuf *sb);

/* *err = malloc'd formatted message (when err != NULL); always returns -1. */
int rt_errorf(char **err, const char *fmt, ...) RT_PRINTF(2, 3);

char *rt_strdup(const char *s); /* NULL in, NULL out */

/* Read a whole file into *out (initialised here; free with rt_sb_free).  `what` names
   the kind of file in messages ("bundle " -> "cannot open bundle PATH: ..."). */
int rt_read_file(const char *path, const char *what, RtStrBuf *out, char **err);

/* Render an expression in TVMScript-like infix.  names[i] is how symbol i is printed
 * (its name in SIG, its defining path in "expected ..." texts).  Malloc'd or NULL. */
char *rt_expr_render(const TirxPlanExpr *e, const char *const *names, int32_t nsyms);

/* Bytes of one element of t (lanes included, sub-byte types rounded up). */
size_t rt_dtype_bytes(DLDataType t);

#endif /* TIRXRT_INTERNAL_H */
