/* tirx/internal/diag.h — the TirxDiag behind the public handle (tirx/diag.h), for the
 * compiler's own code: it lives on the stack (tirx_diag_init / tirx_diag_free) and is
 * read directly (d->nerrors, d->items). */
#ifndef TIRX_INTERNAL_DIAG_H
#define TIRX_INTERNAL_DIAG_H

#include <stdbool.h>

#include "tirx/diag.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The short names the compiler uses. */
typedef TirxDiagLevel DiagLevel;
#define DIAG_ERROR TIRX_DIAG_ERROR
#define DIAG_WARNING TIRX_DIAG_WARNING
#define DIAG_NOTE TIRX_DIAG_NOTE

typedef struct DiagEntry {
  DiagLevel level;
  uint32_t line, col; /* 0 = no location */
  char *msg;
  /* An entry located in another file than the TirxDiag's (an imported
   * module): that file's name and the located source line (owned; NULL =
   * the TirxDiag's file). */
  char *file, *line_text;
} DiagEntry;

struct TirxDiag {
  const char *filename;
  const char *source;
  size_t source_len;
  DiagEntry *items;
  int n, cap;
  int nerrors;
  int max_errors; /* stop collecting after this many (default 20) */
  /* tirx_diag_set_file's last line found: its source, number and start (the next
   * search in the same source starts there when it is not past the line sought:
   * errors a program catches and drops are many, in the same few files) */
  const char *line_src;
  uint32_t line_no;
  size_t line_off;
};

void tirx_diag_init(TirxDiag *d, const char *filename, const char *src, size_t len);
void tirx_diag_free(TirxDiag *d);
/* Marks the last entry as located in `file`, whose source is src[0..len). */
void tirx_diag_set_file(TirxDiag *d, const char *file, const char *src, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* TIRX_INTERNAL_DIAG_H */
