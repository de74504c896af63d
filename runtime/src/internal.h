/* internal.h — helpers shared by libtirxrt's source files (not installed).
 *
 * rt_ is the internal prefix; exported functions use tirx_ (plan, bundle, npy: shared
 * with the compiler) or tirxrt_ (the driver-facing runtime).
 */
#ifndef TIRXRT_INTERNAL_H
#define TIRXRT_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>
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
/* The same; with limit_streams_only a regular file of any size is read (data: .npy). */
int rt_read_file_limited(const char *path, const char *what, bool limit_streams_only, RtStrBuf *out,
                         char **err);
/* tirx_max_input_bytes (tirx/file.h). */
int rt_max_input_bytes(size_t *out, char **err);

/* Render an expression in TVMScript-like infix.  names[i] is how symbol i is printed
 * (its name in SIG, its defining path in "expected ..." texts).  Malloc'd or NULL. */
char *rt_expr_render(const TirxPlanExpr *e, const char *const *names, int32_t nsyms);

/* CUtensorMapDataType values (cuda.h; tirx/dtype.def's tma column names
 * them, and tmap.c does not need the header). */
enum {
  TM_UINT8 = 0,
  TM_UINT16 = 1,
  TM_UINT32 = 2,
  TM_INT32 = 3,
  TM_UINT64 = 4,
  TM_INT64 = 5,
  TM_FLOAT16 = 6,
  TM_FLOAT32 = 7,
  TM_FLOAT64 = 8,
  TM_BFLOAT16 = 9,
  TM_TFLOAT32 = 11,
  TM_16U4_ALIGN16B = 14,
};

/* One row of tirx/dtype.def (dtype.c). */
typedef struct RtDType {
  const char *name; /* "float32" */
  DLDataType dl;    /* lanes 1 */
  int ctype;        /* TirxCType of a scalar kernel argument, or -1 */
  int tma;          /* CUtensorMapDataType, or -1 */
  const char *npy;  /* .npy descr written ("<f4"), or NULL */
} RtDType;
/* The row of t's scalar type (code and bits; lanes ignored), or NULL. */
const RtDType *rt_dtype_find(DLDataType t);
/* Row i (0-based) of the table, or NULL past its end. */
const RtDType *rt_dtype_at(int i);

/* Bytes of one element of t (lanes included, sub-byte types rounded up). */
size_t rt_dtype_bytes(DLDataType t);

#endif /* TIRXRT_INTERNAL_H */
