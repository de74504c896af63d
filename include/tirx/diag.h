/* Diagnostics: `file:line:col: error: message`, the source line, a caret.
 *
 * A library call never prints: it appends to a TirxDiag, which the caller
 * renders (tirx_diag_render) and frees.  Notes attach to the previous error
 * ("note: '(' opened here"). */
#ifndef TIRX_DIAG_H
#define TIRX_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE } DiagLevel;

typedef struct DiagEntry {
  DiagLevel level;
  uint32_t line, col; /* 0 = no location */
  char *msg;
  /* An entry located in another file than the TirxDiag's (an imported
   * module): that file's name and the located source line (owned; NULL =
   * the TirxDiag's file). */
  char *file, *line_text;
} DiagEntry;

typedef struct TirxDiag {
  const char *filename;
  const char *source; size_t source_len;
  DiagEntry *items; int n, cap;
  int nerrors;
  int max_errors;     /* stop collecting after this many (default 20) */
} TirxDiag;

void tirx_diag_init(TirxDiag *d, const char *filename, const char *src, size_t len);
void tirx_diag_free(TirxDiag *d);
void tirx_diag_add(TirxDiag *d, DiagLevel lv, uint32_t line, uint32_t col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
void tirx_diag_vadd(TirxDiag *d, DiagLevel lv, uint32_t line, uint32_t col, const char *fmt, va_list ap);
/* Renders every entry (with source line + caret where located) into a
 * malloc'd string. */
char *tirx_diag_render(const TirxDiag *d);
/* Marks the last entry as located in `file`, whose source is src[0..len). */
void tirx_diag_set_file(TirxDiag *d, const char *file, const char *src, size_t len);

#ifdef __cplusplus
}
#endif

#endif
