/* Diagnostics engine: collect, then render with source line and caret. */
#include "tirx/diag.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tirx_diag_init(TirxDiag *d, const char *filename, const char *src, size_t len) {
  memset(d, 0, sizeof *d);
  d->filename = filename ? filename : "<input>";
  d->source = src;
  d->source_len = len;
  d->max_errors = 20;
}

void tirx_diag_free(TirxDiag *d) {
  for (int i = 0; i < d->n; i++) free(d->items[i].msg);
  free(d->items);
  d->items = NULL;
  d->n = d->cap = 0;
}

void tirx_diag_vadd(TirxDiag *d, DiagLevel lv, uint32_t line, uint32_t col, const char *fmt,
                    va_list ap) {
  if (lv == DIAG_ERROR && d->nerrors >= d->max_errors) return;
  if (lv == DIAG_NOTE && d->n > 0 && d->nerrors > d->max_errors) return;
  if (d->n == d->cap) {
    int ncap = d->cap ? d->cap * 2 : 8;
    DiagEntry *ni = realloc(d->items, sizeof *ni * (size_t)ncap);
    if (!ni) return;
    d->items = ni;
    d->cap = ncap;
  }
  char buf[1024];
  vsnprintf(buf, sizeof buf, fmt, ap);
  DiagEntry *e = &d->items[d->n++];
  e->level = lv;
  e->line = line;
  e->col = col;
  e->msg = strdup(buf);
  if (lv == DIAG_ERROR) d->nerrors++;
}

void tirx_diag_add(TirxDiag *d, DiagLevel lv, uint32_t line, uint32_t col, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  tirx_diag_vadd(d, lv, line, col, fmt, ap);
  va_end(ap);
}

typedef struct {
  char *p;
  size_t n, cap;
} Buf;

static void put(Buf *b, const char *s, size_t n) {
  if (b->n + n + 1 > b->cap) {
    size_t nc = (b->cap ? b->cap * 2 : 256);
    while (nc < b->n + n + 1) nc *= 2;
    char *np = realloc(b->p, nc);
    if (!np) return;
    b->p = np;
    b->cap = nc;
  }
  memcpy(b->p + b->n, s, n);
  b->n += n;
  b->p[b->n] = '\0';
}

static void puts_(Buf *b, const char *s) { put(b, s, strlen(s)); }

/* Finds line `line` (1-based) of the source; returns its start and length. */
static const char *find_line(const TirxDiag *d, uint32_t line, size_t *len) {
  if (!d->source || line == 0) return NULL;
  const char *p = d->source, *end = d->source + d->source_len;
  for (uint32_t l = 1; l < line; l++) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    if (!nl) return NULL;
    p = nl + 1;
  }
  const char *e = p;
  while (e < end && *e != '\n' && *e != '\r') e++;
  *len = (size_t)(e - p);
  return p;
}

char *tirx_diag_render(const TirxDiag *d) {
  Buf b = {0};
  put(&b, "", 0);
  static const char *names[] = {"error", "warning", "note"};
  for (int i = 0; i < d->n; i++) {
    const DiagEntry *e = &d->items[i];
    char head[512];
    if (e->line)
      snprintf(head, sizeof head, "%s:%u:%u: %s: ", d->filename, e->line, e->col,
               names[e->level]);
    else
      snprintf(head, sizeof head, "%s: %s: ", d->filename, names[e->level]);
    puts_(&b, head);
    puts_(&b, e->msg);
    puts_(&b, "\n");
    size_t len;
    const char *ln = find_line(d, e->line, &len);
    if (!ln) continue;
    /* Show at most 200 columns; non-printable bytes as '?', so binary input
     * cannot garble the terminal. */
    size_t show = len > 200 ? 200 : len;
    char *line = malloc(show + 1);
    if (!line) continue;
    for (size_t k = 0; k < show; k++) {
      unsigned char c = (unsigned char)ln[k];
      line[k] = (c == '\t' || (c >= 0x20 && c < 0x7f)) ? (char)c : '?';
    }
    line[show] = '\0';
    puts_(&b, line);
    puts_(&b, "\n");
    uint32_t col = e->col ? e->col : 1;
    for (uint32_t k = 1; k < col && k <= show; k++) put(&b, ln[k - 1] == '\t' ? "\t" : " ", 1);
    puts_(&b, "^\n");
    free(line);
  }
  return b.p;
}
