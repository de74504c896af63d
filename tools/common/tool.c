/* The shared part of the tools (tools/common/tool.h). */
#include "tool.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tirx/file.h"

/* Tools may exit: out of memory ends the process with a message (as tirx_oom does). */
static void *xrealloc(void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q) {
    fputs("tirx: out of memory\n", stderr);
    exit(70);
  }
  return q;
}

/* ---- the command line ------------------------------------------------------------------ */

void tool_args_init(ToolArgs *t, const char *tool, int argc, char **argv) {
  t->tool = tool;
  t->argc = argc;
  t->argv = argv;
  t->i = 0;
  t->bad = 0;
  t->defines = NULL;
  t->ndefines = 0;
  t->includes = NULL;
  t->nincludes = 0;
}

void tool_args_free(ToolArgs *t) {
  free(t->defines);
  t->defines = NULL;
  t->ndefines = 0;
  free(t->includes);
  t->includes = NULL;
  t->nincludes = 0;
}

const char *tool_next(ToolArgs *t) {
  if (t->i + 1 >= t->argc) {
    t->i = t->argc;
    return NULL;
  }
  return t->argv[++t->i];
}

bool tool_flag(const ToolArgs *t, const char *flag) { return strcmp(t->argv[t->i], flag) == 0; }

int tool_usage_error(const char *tool, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s: ", tool);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fprintf(stderr, "\nrun '%s --help' for usage\n", tool);
  return TOOL_EXIT_USAGE;
}

const char *tool_value(ToolArgs *t, const char *opt) {
  const char *a = t->argv[t->i];
  size_t n = strlen(opt);
  if (strncmp(a, opt, n) != 0) return NULL;
  bool short_opt = opt[0] == '-' && opt[1] != '-' && n == 2;
  if (a[n] == '=' && !short_opt) return a + n + 1;
  if (a[n] != '\0') return short_opt ? a + n : NULL;
  if (t->i + 1 >= t->argc) {
    tool_usage_error(t->tool, "%s needs a value", opt);
    t->bad = 1;
    return NULL;
  }
  return t->argv[++t->i];
}

const char *tool_define(ToolArgs *t) {
  const char *d = tool_value(t, "-D");
  if (!d) return NULL;
  if (!strchr(d, '=') || d[0] == '=') {
    tool_usage_error(t->tool, "-D expects NAME=VALUE, got '%s'", d);
    t->bad = 1;
    return NULL;
  }
  t->defines = xrealloc(t->defines, sizeof *t->defines * (size_t)(t->ndefines + 1));
  t->defines[t->ndefines++] = d;
  return d;
}

const char *tool_include(ToolArgs *t) {
  const char *d = tool_value(t, "-I");
  if (!d) return NULL;
  t->includes = xrealloc(t->includes, sizeof *t->includes * (size_t)(t->nincludes + 1));
  t->includes[t->nincludes++] = d;
  return d;
}

bool tool_int_value(ToolArgs *t, const char *opt, const char *v, long max, long *out) {
  char *end;
  errno = 0;
  long n = strtol(v, &end, 10);
  if (!*v || *end || errno || n < 0 || n > max) {
    tool_usage_error(t->tool, "%s expects an integer from 0 to %ld, got '%s'", opt, max, v);
    t->bad = 1;
    return false;
  }
  *out = n;
  return true;
}

/* ---- input and output ------------------------------------------------------------------ */

bool tool_read_input(const char *tool, const char *path, char **data, size_t *len,
                     const char **display) {
  char *err = NULL;
  if (tirx_read_file(path, data, len, &err) != TIRX_OK) {
    fprintf(stderr, "%s: %s\n", tool, err ? err : "cannot read the input");
    free(err);
    return false;
  }
  *display = strcmp(path, "-") == 0 ? "<stdin>" : path;
  return true;
}

int tool_write(const char *tool, const char *path, const void *data, size_t n) {
  bool to_stdout = !path || strcmp(path, "-") == 0;
  FILE *f = to_stdout ? stdout : fopen(path, "wb");
  if (!f) {
    fprintf(stderr, "%s: cannot write '%s': %s\n", tool, path, strerror(errno));
    return 1;
  }
  size_t w = n ? fwrite(data, 1, n, f) : 0;
  int bad = w != n;
  int e = errno;
  if ((to_stdout ? fflush(f) : fclose(f)) != 0) {
    bad = 1;
    e = errno;
  }
  if (bad) {
    fprintf(stderr, "%s: cannot write '%s': %s\n", tool, to_stdout ? "<stdout>" : path,
            strerror(e));
    return 1;
  }
  return 0;
}

int tool_write_text(const char *tool, const char *path, const char *text) {
  size_t n = strlen(text);
  if (n && text[n - 1] == '\n') return tool_write(tool, path, text, n);
  char *buf = xrealloc(NULL, n + 1);
  memcpy(buf, text, n);
  buf[n] = '\n'; /* the printer omits the last newline */
  int rc = tool_write(tool, path, buf, n + 1);
  free(buf);
  return rc;
}

void tool_print_diag(const TirxDiag *d) {
  if (tirx_diag_count(d) == 0) return;
  char *s = tirx_diag_render(d);
  if (s) fputs(s, stderr);
  free(s);
}

int tool_exit(const char *tool, int rc) {
  if (fflush(stdout) != 0 || ferror(stdout)) {
    if (rc == 0) fprintf(stderr, "%s: cannot write '<stdout>': %s\n", tool, strerror(errno));
    if (rc == 0) rc = 1;
  }
  return rc;
}

/* ---- --split-input-file ---------------------------------------------------------------- */

static bool is_split_line(const char *p, const char *end) {
  return end - p >= 7 && memcmp(p, "# -----", 7) == 0;
}

/* Appends src[start, stop) as a chunk, after `before` newlines. */
static void add_chunk(char ***cs, size_t **ls, int *n, int *cap, const char *start,
                      const char *stop, size_t before) {
  if (*n == *cap) {
    *cap = *cap ? 2 * *cap : 4;
    *cs = xrealloc(*cs, sizeof **cs * (size_t)*cap);
    *ls = xrealloc(*ls, sizeof **ls * (size_t)*cap);
  }
  size_t body = (size_t)(stop - start);
  char *c = xrealloc(NULL, before + body + 1);
  memset(c, '\n', before);
  memcpy(c + before, start, body);
  c[before + body] = '\0';
  (*cs)[*n] = c;
  (*ls)[(*n)++] = before + body;
}

int tool_split_input(const char *src, size_t len, char ***chunks, size_t **lens) {
  const char *end = src + len, *start = src, *p = src;
  char **cs = NULL;
  size_t *ls = NULL, before = 0, line = 0; /* line: 0-based index of the line at p */
  int n = 0, cap = 0;
  while (p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *next = nl ? nl + 1 : end;
    if (is_split_line(p, end)) {
      add_chunk(&cs, &ls, &n, &cap, start, p, before);
      start = next;
      before = line + 1;
    }
    line++;
    p = next;
  }
  add_chunk(&cs, &ls, &n, &cap, start, end, before);
  *chunks = cs;
  *lens = ls;
  return n;
}

void tool_free_chunks(char **chunks, size_t *lens, int n) {
  for (int i = 0; i < n; i++) free(chunks[i]);
  free(chunks);
  free(lens);
}

/* ---- --verify-diagnostics -------------------------------------------------------------- */

typedef struct Expect {
  TirxDiagLevel level;
  long line; /* 0 = any line (@*) */
  long col;  /* 0 = any column */
  long at;   /* the line of the comment */
  const char *text;
  size_t textlen;
  bool met;
} Expect;

static const struct {
  const char *word;
  TirxDiagLevel level;
} expect_words[] = {
    {"expected-error", TIRX_DIAG_ERROR},
    {"expected-warning", TIRX_DIAG_WARNING},
    {"expected-note", TIRX_DIAG_NOTE},
};

static const char *level_name(TirxDiagLevel l) {
  return l == TIRX_DIAG_ERROR ? "error" : l == TIRX_DIAG_WARNING ? "warning" : "note";
}

/* One `expected-LEVEL[@LINE[:COL]] {{text}}` at p (after the word) on line `at`; false
 * with *why when it is malformed. */
static bool parse_expect(const char *p, const char *eol, long at, Expect *e, const char **why) {
  e->line = at;
  e->col = 0;
  if (p < eol && *p == '@') {
    p++;
    char *q;
    if (p < eol && *p == '*') {
      e->line = 0;
      p++;
    } else if (p < eol && (*p == '+' || *p == '-')) {
      long d = strtol(p, &q, 10);
      if (q == p + 1) return *why = "expected a line offset after '@'", false;
      e->line = at + d;
      p = q;
    } else {
      long l = strtol(p, &q, 10);
      if (q == p || l < 1) return *why = "expected a line after '@'", false;
      e->line = l;
      p = q;
    }
    if (p < eol && *p == ':') {
      long c = strtol(p + 1, &q, 10);
      if (q == p + 1 || c < 1) return *why = "expected a column after ':'", false;
      e->col = c;
      p = q;
    }
  }
  while (p < eol && *p == ' ') p++;
  if (eol - p < 2 || p[0] != '{' || p[1] != '{')
    return *why = "expected '{{' before the message", false;
  p += 2;
  const char *close = NULL;
  for (const char *s = p; s + 1 < eol; s++)
    if (s[0] == '}' && s[1] == '}') {
      close = s;
      break;
    }
  if (!close) return *why = "expected '}}' after the message", false;
  e->text = p;
  e->textlen = (size_t)(close - p);
  return true;
}

static bool contains(const char *hay, const char *needle, size_t n) {
  if (n == 0) return true;
  for (const char *h = hay; *h; h++)
    if (strncmp(h, needle, n) == 0) return true;
  return false;
}

int tool_verify_diagnostics(const char *tool, const char *filename, const char *src, size_t len,
                            const TirxDiag *d) {
  (void)tool;
  Expect *ex = NULL;
  int nex = 0, cap = 0, bad = 0;
  const char *end = src + len;
  long line = 1;
  for (const char *p = src; p < end; line++) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *eol = nl ? nl : end;
    for (const char *h = p; h < eol; h++) {
      if (*h != 'e' || (h > p && h[-1] != ' ' && h[-1] != '#')) continue;
      for (size_t w = 0; w < sizeof expect_words / sizeof expect_words[0]; w++) {
        size_t wl = strlen(expect_words[w].word);
        if ((size_t)(eol - h) < wl || memcmp(h, expect_words[w].word, wl) != 0) continue;
        if (h + wl < eol && h[wl] != '@' && h[wl] != ' ') continue;
        if (nex == cap) {
          cap = cap ? 2 * cap : 8;
          ex = xrealloc(ex, sizeof *ex * (size_t)cap);
        }
        Expect *e = &ex[nex];
        memset(e, 0, sizeof *e);
        e->level = expect_words[w].level;
        e->at = line;
        const char *why = NULL;
        if (!parse_expect(h + wl, eol, line, e, &why)) {
          fprintf(stderr, "%s:%ld:%ld: error: bad expectation: %s\n", filename, line,
                  (long)(h - p) + 1, why);
          bad++;
        } else {
          nex++;
        }
        h += wl - 1;
        break;
      }
    }
    p = nl ? nl + 1 : end;
  }
  int n = tirx_diag_count(d);
  for (int i = 0; i < n; i++) {
    TirxDiagEntry de = tirx_diag_get(d, i);
    Expect *hit = NULL;
    for (int j = 0; j < nex && !hit; j++) {
      Expect *e = &ex[j];
      if (e->met || e->level != de.level) continue;
      if (e->line && e->line != (long)de.line) continue;
      if (e->col && e->col != (long)de.col) continue;
      if (contains(de.msg, e->text, e->textlen)) hit = e;
    }
    if (hit) {
      hit->met = true;
      continue;
    }
    bad++;
    if (de.line)
      fprintf(stderr, "%s:%u:%u: error: unexpected %s: %s\n", filename, de.line, de.col,
              level_name(de.level), de.msg);
    else fprintf(stderr, "%s: error: unexpected %s: %s\n", filename, level_name(de.level), de.msg);
  }
  for (int j = 0; j < nex; j++) {
    if (ex[j].met) continue;
    bad++;
    fprintf(stderr, "%s:%ld: error: expected %s \"%.*s\" was not produced", filename, ex[j].at,
            level_name(ex[j].level), (int)ex[j].textlen, ex[j].text);
    if (ex[j].line) fprintf(stderr, " at line %ld", ex[j].line);
    if (ex[j].col) fprintf(stderr, ", column %ld", ex[j].col);
    fputc('\n', stderr);
  }
  free(ex);
  return bad;
}
