/* tirx/diag.h — diagnostics: `file:line:col: error: message`, the source line, a caret.
 *
 *   TirxDiag *d = tirx_diag_create("k.py", src, len);
 *   if (tirx_compile_with_diag("k.py", src, len, &opts, &art, d) != TIRX_OK) {
 *     char *text = tirx_diag_render(d);          // every entry, formatted
 *     fputs(text, stderr);
 *     free(text);
 *   }
 *   for (int i = 0; i < tirx_diag_count(d); i++) {
 *     TirxDiagEntry e = tirx_diag_get(d, i);     // or one at a time, structured
 *     ...
 *   }
 *   tirx_diag_destroy(d);
 *
 * A library call never prints: it appends to a TirxDiag (an opaque handle), which the
 * caller renders and destroys.  Notes attach to the previous error ("note: '(' opened
 * here").  After 20 errors further errors (and their notes) are dropped.  A TirxDiag is
 * used by one thread at a time; use one per compile. */
#ifndef TIRX_DIAG_H
#define TIRX_DIAG_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "tirx/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Pinned values. */
typedef enum TirxDiagLevel {
  TIRX_DIAG_ERROR = 0,
  TIRX_DIAG_WARNING = 1,
  TIRX_DIAG_NOTE = 2,
} TirxDiagLevel;

typedef struct TirxDiagEntry {
  TirxDiagLevel level;
  uint32_t line, col; /* 1-based; 0 = no location */
  const char *msg;    /* owned by the TirxDiag: valid until it is destroyed */
  const char *file;   /* the file the location is in when it is not the TirxDiag's (an
                         imported module), else NULL */
} TirxDiagEntry;

typedef struct TirxDiag TirxDiag;

/* A diagnostics list for `filename` (used in messages; NULL = "<input>") whose source
 * text is `source` (len bytes; NULL = none: no source lines under the messages).  The
 * strings are not copied: they must outlive the TirxDiag.  Never NULL (out of memory is
 * the library's one exit, tirx_oom). */
TirxDiag *tirx_diag_create(const char *filename, const char *source, size_t len);
void tirx_diag_destroy(TirxDiag *d); /* NULL is a no-op */

/* Every entry (errors, warnings, notes) / the errors only. */
int tirx_diag_count(const TirxDiag *d);
int tirx_diag_error_count(const TirxDiag *d);
/* Entry i, 0 <= i < tirx_diag_count(d), in the order they were added. */
TirxDiagEntry tirx_diag_get(const TirxDiag *d, int i);

void tirx_diag_add(TirxDiag *d, TirxDiagLevel lv, uint32_t line, uint32_t col, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
void tirx_diag_vadd(TirxDiag *d, TirxDiagLevel lv, uint32_t line, uint32_t col, const char *fmt,
                    va_list ap);

/* Every entry (with the source line and a caret where located) in one malloc'd string,
 * "" when there is none; the caller frees. */
char *tirx_diag_render(const TirxDiag *d);

#ifdef __cplusplus
}
#endif

#endif /* TIRX_DIAG_H */
