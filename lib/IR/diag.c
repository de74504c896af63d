/* Diagnostics engine: collect, then render with source line and caret. */
#include "tirx/internal/diag.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Support/oom.h"
#include "Support/strbuf.h"
#include "Support/vec.h"

void tirx_diag_init(TirxDiag *d, const char *filename, const char *src, size_t len) {
  memset(d, 0, sizeof *d);
  d->filename = filename ? filename : "<input>";
  d->source = src;
  d->source_len = len;
  d->max_errors = 20;
}

void tirx_diag_free(TirxDiag *d) {
  for (int i = 0; i < d->n; i++) {
    free(d->items[i].msg);
    free(d->items[i].file);
    free(d->items[i].line_text);
  }
  free(d->items);
  d->items = NULL;
  d->n = d->cap = 0;
}

/* ---- the public handle (tirx/diag.h) ---- */

TirxDiag *tirx_diag_create(const char *filename, const char *source, size_t len) {
  TirxDiag *d = tirx_xcalloc(1, sizeof *d);
  tirx_diag_init(d, filename, source, len);
  return d;
}

void tirx_diag_destroy(TirxDiag *d) {
  if (!d) return;
  tirx_diag_free(d);
  free(d);
}

int tirx_diag_count(const TirxDiag *d) { return d->n; }
int tirx_diag_error_count(const TirxDiag *d) { return d->nerrors; }

TirxDiagEntry tirx_diag_get(const TirxDiag *d, int i) {
  const DiagEntry *e = &d->items[i];
  TirxDiagEntry r = {e->level, e->line, e->col, e->msg, e->file};
  return r;
}

void tirx_diag_vadd(TirxDiag *d, DiagLevel lv, uint32_t line, uint32_t col, const char *fmt,
                    va_list ap) {
  if (lv == DIAG_ERROR && d->nerrors >= d->max_errors) return;
  if (lv == DIAG_NOTE && d->n > 0 && d->nerrors > d->max_errors) return;
  TIRX_VEC_RESERVE(d->items, d->cap, d->n + 1);
  StrBuf msg = {0};
  strbuf_vprintf(&msg, fmt, ap);
  DiagEntry *e = &d->items[d->n++];
  e->level = lv;
  e->line = line;
  e->col = col;
  e->msg = strbuf_take(&msg);
  e->file = e->line_text = NULL;
  if (lv == DIAG_ERROR) d->nerrors++;
}

void tirx_diag_add(TirxDiag *d, DiagLevel lv, uint32_t line, uint32_t col, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  tirx_diag_vadd(d, lv, line, col, fmt, ap);
  va_end(ap);
}

/* Finds line `line` (1-based) of the source, searching from line `from`, which
 * starts at byte `off`; returns its start and length. */
static const char *find_line_from(const char *src, size_t src_len, uint32_t line, uint32_t from,
                                  size_t off, size_t *len) {
  if (!src || line == 0) return NULL;
  const char *p = src + off, *end = src + src_len;
  for (uint32_t l = from; l < line; l++) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    if (!nl) return NULL;
    p = nl + 1;
  }
  const char *e = p;
  while (e < end && *e != '\n' && *e != '\r') e++;
  *len = (size_t)(e - p);
  return p;
}

static const char *find_line(const TirxDiag *d, uint32_t line, size_t *len) {
  return find_line_from(d->source, d->source_len, line, 1, 0, len);
}

void tirx_diag_set_file(TirxDiag *d, const char *file, const char *src, size_t len) {
  if (d->n == 0) return;
  DiagEntry *e = &d->items[d->n - 1];
  if (e->file) return;
  bool memo = d->line_src == src && d->line_no && d->line_no <= e->line && d->line_off <= len;
  size_t n;
  const char *ln =
      find_line_from(src, len, e->line, memo ? d->line_no : 1, memo ? d->line_off : 0, &n);
  if (ln) d->line_src = src, d->line_no = e->line, d->line_off = (size_t)(ln - src);
  e->file = tirx_xmalloc(strlen(file) + 1);
  memcpy(e->file, file, strlen(file) + 1);
  if (ln) {
    e->line_text = tirx_xmalloc(n + 1);
    memcpy(e->line_text, ln, n);
    e->line_text[n] = 0;
  }
}

char *tirx_diag_render(const TirxDiag *d) {
  StrBuf b = {0};
  strbuf_put(&b, "", 0);
  static const char *names[] = {"error", "warning", "note"};
  for (int i = 0; i < d->n; i++) {
    const DiagEntry *e = &d->items[i];
    const char *fname = e->file ? e->file : d->filename;
    if (e->line) strbuf_printf(&b, "%s:%u:%u: %s: ", fname, e->line, e->col, names[e->level]);
    else strbuf_printf(&b, "%s: %s: ", fname, names[e->level]);
    strbuf_puts(&b, e->msg);
    strbuf_puts(&b, "\n");
    size_t len = e->line_text ? strlen(e->line_text) : 0;
    const char *ln = e->file ? e->line_text : find_line(d, e->line, &len);
    if (!ln) continue;
    /* Show at most 200 columns; non-printable bytes as '?', so binary input
     * cannot garble the terminal. */
    size_t show = len > 200 ? 200 : len;
    char *line = tirx_xmalloc(show + 1);
    for (size_t k = 0; k < show; k++) {
      unsigned char c = (unsigned char)ln[k];
      line[k] = (c == '\t' || (c >= 0x20 && c < 0x7f)) ? (char)c : '?';
    }
    line[show] = '\0';
    strbuf_puts(&b, line);
    strbuf_puts(&b, "\n");
    uint32_t col = e->col ? e->col : 1;
    for (uint32_t k = 1; k < col && k <= show; k++)
      strbuf_put(&b, ln[k - 1] == '\t' ? "\t" : " ", 1);
    strbuf_puts(&b, "^\n");
    free(line);
  }
  return strbuf_take(&b);
}
