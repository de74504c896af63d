/* Lexer for the Python subset TIRx is written in.
 *
 * Layout rules follow CPython's tokenizer: a logical line ends at a newline
 * outside brackets; blank and comment-only lines do not affect indentation;
 * indentation widths form a stack (tabs advance to the next multiple of 8)
 * and a dedent must return to a width on the stack.  Unclosed brackets are
 * reported at end of file together with where they opened. */
#include "Parse/lexer.h"
#include "Support/arena.h"
#include "Support/oom.h"
#include "Support/strbuf.h"
#include "Support/vec.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BRACKET_DEPTH 200
#define MAX_INDENT_DEPTH 100

/* Byte classes, one table lookup per byte (the C locale's classes: tirx never calls
 * setlocale).  A name starts with CC_ALPHA (a letter or `_`) or CC_HIGH (a non-ASCII
 * byte, then rejected with a located error) and continues with those and CC_DIGIT;
 * CC_SPACE is the blank between tokens; CC_STRSTOP is a byte a string literal's body does
 * not just copy. */
enum { CC_ALPHA = 1, CC_DIGIT = 2, CC_HIGH = 4, CC_SPACE = 8, CC_STRSTOP = 16 };
#define CC_OF(c)                                                                             \
  ((((c) >= 'a' && (c) <= 'z') || ((c) >= 'A' && (c) <= 'Z') || (c) == '_' ? CC_ALPHA : 0) | \
   ((c) >= '0' && (c) <= '9' ? CC_DIGIT : 0) | ((c) >= 0x80 ? CC_HIGH : 0) |                 \
   ((c) == ' ' || (c) == '\t' || (c) == '\f' || (c) == '\r' ? CC_SPACE : 0) |                \
   ((c) == '\n' || (c) == '\\' || (c) == '\'' || (c) == '"' ? CC_STRSTOP : 0))
#define CC4(c) CC_OF(c), CC_OF((c) + 1), CC_OF((c) + 2), CC_OF((c) + 3)
#define CC16(c) CC4(c), CC4((c) + 4), CC4((c) + 8), CC4((c) + 12)
#define CC64(c) CC16(c), CC16((c) + 16), CC16((c) + 32), CC16((c) + 48)
static const uint8_t char_class[256] = {CC64(0), CC64(64), CC64(128), CC64(192)};
#undef CC64
#undef CC16
#undef CC4
#undef CC_OF

static const char *const kw_text[KW_COUNT] = {[KW_NAME] = "",
#define X(id, text) [KW_##id] = text,
                                              TIRX_KEYWORDS(X)
#undef X
};

/* Keywords are looked up in a small open-addressed table that lex() fills once per call,
 * hashed by length, first and last byte; a hit compares the whole text. */
enum { KW_MINLEN = 2, KW_MAXLEN = 8, KW_SLOTS = 64 };
static unsigned kw_hash(const char *p, size_t n) {
  return ((unsigned char)p[0] * 7u + (unsigned char)p[n - 1] * 3u + (unsigned)n) % KW_SLOTS;
}

typedef struct {
  const char *src, *end, *p;
  uint32_t line;
  const char *line_start;
  TokenList *out;
  TirxDiag *d;
  int nerr;
  /* bracket stack: kind and location of each opener */
  char br[MAX_BRACKET_DEPTH];
  uint32_t br_line[MAX_BRACKET_DEPTH], br_col[MAX_BRACKET_DEPTH];
  int nbr;
  int indents[MAX_INDENT_DEPTH];
  int nind;
  uint8_t kw_len[KW_COUNT];  /* strlen(kw_text[k]) */
  uint8_t kw_slot[KW_SLOTS]; /* by kw_hash, linear probing: KwKind, KW_NAME = empty */
} Lexer;

static uint32_t col_of(Lexer *L, const char *p) { return (uint32_t)(p - L->line_start) + 1; }

static void err_at(Lexer *L, uint32_t line, uint32_t col, const char *msg) {
  tirx_diag_add(L->d, DIAG_ERROR, line, col, "%s", msg);
  L->nerr++;
}

/* Room for `need` tokens: doubling, in the caller's arena when it gave one. */
static void tok_reserve(TokenList *o, int need) {
  if (need <= o->cap) return;
  if (!o->arena) {
    TIRX_VEC_RESERVE(o->t, o->cap, need);
    return;
  }
  int cap = o->cap ? o->cap : 64;
  while (cap < need) {
    if (cap > INT32_MAX / 2) tirx_oom();
    cap *= 2;
  }
  Token *t = arena_alloc(o->arena, sizeof *t * (size_t)cap);
  if (o->n) memcpy(t, o->t, sizeof *t * (size_t)o->n);
  o->t = t;
  o->cap = cap;
}

static inline Token *push(Lexer *L, TokKind k, const char *p, size_t len) {
  TokenList *o = L->out;
  if (o->n + 1 > o->cap) tok_reserve(o, o->n + 1);
  Token *t = &o->t[o->n++];
  *t = (Token){
      .kind = (uint8_t)k, .line = L->line, .col = col_of(L, p), .len = (uint32_t)len, .p = p};
  return t;
}

static const struct {
  const char *s;
  OpKind op;
} ops[] = {
    /* longest first */
    {"**=", OP_POWEQ},  {"//=", OP_DSLASHEQ}, {"<<=", OP_LSHIFTEQ}, {">>=", OP_RSHIFTEQ},
    {"->", OP_ARROW},   {"**", OP_POW},       {"//", OP_DSLASH},    {"<<", OP_LSHIFT},
    {">>", OP_RSHIFT},  {"<=", OP_LE},        {">=", OP_GE},        {"==", OP_EQ},
    {"!=", OP_NE},      {"+=", OP_PLUSEQ},    {"-=", OP_MINUSEQ},   {"*=", OP_STAREQ},
    {"/=", OP_SLASHEQ}, {"%=", OP_PERCENTEQ}, {"&=", OP_AMPEQ},     {"|=", OP_PIPEEQ},
    {"^=", OP_CARETEQ}, {"@=", OP_ATEQ},      {":=", OP_WALRUS},    {"(", OP_LPAR},
    {")", OP_RPAR},     {"[", OP_LSQB},       {"]", OP_RSQB},       {"{", OP_LBRACE},
    {"}", OP_RBRACE},   {":", OP_COLON},      {",", OP_COMMA},      {";", OP_SEMI},
    {".", OP_DOT},      {"@", OP_AT},         {"=", OP_ASSIGN},     {"+", OP_PLUS},
    {"-", OP_MINUS},    {"*", OP_STAR},       {"/", OP_SLASH},      {"%", OP_PERCENT},
    {"&", OP_AMP},      {"|", OP_PIPE},       {"^", OP_CARET},      {"~", OP_TILDE},
    {"<", OP_LT},       {">", OP_GT},
};

static void kw_init(Lexer *L) {
  for (int k = KW_NAME + 1; k < KW_COUNT; k++) {
    size_t n = strlen(kw_text[k]);
    L->kw_len[k] = (uint8_t)n;
    unsigned h = kw_hash(kw_text[k], n);
    while (L->kw_slot[h] != KW_NAME) h = (h + 1) % KW_SLOTS;
    L->kw_slot[h] = (uint8_t)k;
  }
}

/* The keyword a name is (KW_NAME: none). */
static KwKind keyword_of(const Lexer *L, const char *p, size_t n) {
  if (n < KW_MINLEN || n > KW_MAXLEN) return KW_NAME;
  for (unsigned h = kw_hash(p, n); L->kw_slot[h] != KW_NAME; h = (h + 1) % KW_SLOTS) {
    int k = L->kw_slot[h];
    if (L->kw_len[k] != n) continue;
    const char *t = kw_text[k];
    size_t i = 0;
    while (i < n && t[i] == p[i]) i++;
    if (i == n) return (KwKind)k;
  }
  return KW_NAME;
}

const char *lex_op_text(OpKind op) {
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
    if (ops[i].op == op) return ops[i].s;
  return "?";
}

static int hexval(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* Appends a code point as UTF-8. */
static size_t put_utf8(char *o, unsigned cp) {
  if (cp < 0x80) {
    o[0] = (char)cp;
    return 1;
  }
  if (cp < 0x800) {
    o[0] = (char)(0xC0 | cp >> 6);
    o[1] = (char)(0x80 | (cp & 63));
    return 2;
  }
  if (cp < 0x10000) {
    o[0] = (char)(0xE0 | cp >> 12);
    o[1] = (char)(0x80 | ((cp >> 6) & 63));
    o[2] = (char)(0x80 | (cp & 63));
    return 3;
  }
  o[0] = (char)(0xF0 | cp >> 18);
  o[1] = (char)(0x80 | ((cp >> 12) & 63));
  o[2] = (char)(0x80 | ((cp >> 6) & 63));
  o[3] = (char)(0x80 | (cp & 63));
  return 4;
}

/* Lexes a string literal starting at L->p (after any prefix letters).
 * `\xHH` decodes to the raw byte so that our printer's output round-trips. */
/* The escape \e (L->p just after it) into out (room for 4 bytes); the bytes
 * written. */
static size_t lex_escape(Lexer *L, char e, char *out) {
  static const char simple[][2] = {{'n', '\n'},  {'t', '\t'},  {'r', '\r'}, {'0', '\0'},
                                   {'a', '\a'},  {'b', '\b'},  {'f', '\f'}, {'v', '\v'},
                                   {'\\', '\\'}, {'\'', '\''}, {'"', '"'}};
  for (size_t i = 0; i < sizeof simple / sizeof simple[0]; i++)
    if (simple[i][0] == e) {
      out[0] = simple[i][1];
      return 1;
    }
  if (e == '\n') { /* a line continuation inside the string */
    L->line++;
    L->line_start = L->p;
    return 0;
  }
  if (e == 'x') {
    int h1 = L->p < L->end ? hexval(L->p[0]) : -1;
    int h2 = L->p + 1 < L->end ? hexval(L->p[1]) : -1;
    if (h1 < 0 || h2 < 0) {
      err_at(L, L->line, col_of(L, L->p - 2), "invalid \\x escape in string literal");
      return 0;
    }
    out[0] = (char)(h1 * 16 + h2);
    L->p += 2;
    return 1;
  }
  if (e == 'u' || e == 'U') {
    int nd = e == 'u' ? 4 : 8;
    unsigned cp = 0;
    for (int i = 0; i < nd; i++) {
      int h = L->p + i < L->end ? hexval(L->p[i]) : -1;
      if (h < 0 || (cp = cp * 16 + (unsigned)h) > 0x10FFFF) {
        err_at(L, L->line, col_of(L, L->p - 2), "invalid unicode escape in string literal");
        return 0;
      }
    }
    L->p += nd;
    return put_utf8(out, cp);
  }
  /* Python keeps unknown escapes verbatim. */
  out[0] = '\\';
  out[1] = e;
  return 2;
}

static void lex_string(Lexer *L, const char *start, int raw, int fstr) {
  char q = *L->p;
  int triple = L->p + 2 < L->end && L->p[1] == q && L->p[2] == q;
  uint32_t sline = L->line, scol = col_of(L, start);
  L->p += triple ? 3 : 1;
  size_t cap = 64, n = 0;
  char *buf = tirx_xmalloc(cap);
  for (;;) {
    /* a run of bytes that are copied as they are */
    const char *r = L->p, *end = L->end;
    while (r < end && !(char_class[(unsigned char)*r] & CC_STRSTOP)) r++;
    if (r > L->p) {
      size_t k = (size_t)(r - L->p);
      if (n + k + 8 >= cap) {
        while (n + k + 8 >= cap) cap *= 2;
        buf = tirx_xrealloc(buf, cap, 1);
      }
      memcpy(buf + n, L->p, k);
      n += k;
      L->p = r;
    }
    if (L->p >= L->end) {
      err_at(L, sline, scol, "unterminated string literal");
      break;
    }
    char c = *L->p;
    if (n + 8 >= cap) {
      cap *= 2;
      char *nb = tirx_xrealloc(buf, cap, 1);
      buf = nb;
    }
    if (c == q && (!triple || (L->p + 2 < L->end && L->p[1] == q && L->p[2] == q))) {
      L->p += triple ? 3 : 1;
      break;
    }
    if (c == '\n') {
      if (!triple) {
        err_at(L, sline, scol, "unterminated string literal");
        break;
      }
      buf[n++] = '\n';
      L->p++;
      L->line++;
      L->line_start = L->p;
      continue;
    }
    if (c == '\\' && !raw && L->p + 1 < L->end) {
      char e = L->p[1];
      L->p += 2;
      n += lex_escape(L, e, buf + n);
      continue;
    }
    buf[n++] = c;
    L->p++;
  }
  Token *t = push(L, fstr ? TK_FSTRING : TK_STRING, start, (size_t)(L->p - start));
  t->line = sline;
  t->col = scol;
  t->str = buf;
  t->slen = n;
  TokenList *o = L->out;
  TIRX_VEC_PUSH(o->strs, o->nstrs, o->strs_cap, o->n - 1);
}

static int is_name_char(int c) { return char_class[c] & (CC_ALPHA | CC_DIGIT | CC_HIGH); }
static int is_digit(int c) { return char_class[c] & CC_DIGIT; }

/* A decimal integer of plain digits (the common case): its value straight from the
 * source, as the general path below would compute it.  Returns 0, consuming nothing,
 * for any other literal. */
static int lex_plain_int(Lexer *L) {
  const char *s = L->p, *q = s;
  if (*s == '0' && s + 1 < L->end && strchr("xXoObB", s[1])) return 0;
  while (q < L->end && is_digit((unsigned char)*q)) q++;
  if (q < L->end && (*q == '.' || *q == 'e' || *q == 'E' || is_name_char((unsigned char)*q)))
    return 0;
  L->p = q;
  Token *t = push(L, TK_INT, s, (size_t)(q - s));
  uint64_t v = 0;
  for (; s < q; s++) {
    uint64_t dv = (uint64_t)(*s - '0');
    if (v > (UINT64_MAX - dv) / 10) {
      t->big = 1;
      break;
    }
    v = v * 10 + dv;
  }
  if (!t->big && v > (uint64_t)INT64_MAX) t->big = 2;
  t->ival = (int64_t)v;
  return 1;
}

static void lex_number(Lexer *L) {
  if (lex_plain_int(L)) return;
  const char *s = L->p;
  StrBuf digits = {0}; /* the literal without `_` and prefixes, any length */
  int base = 10, is_float = 0, bad = 0;
  if (*s == '0' && L->p + 1 < L->end && strchr("xXoObB", L->p[1])) {
    char b = (char)tolower((unsigned char)L->p[1]);
    base = b == 'x' ? 16 : b == 'o' ? 8 : 2;
    L->p += 2;
    while (L->p < L->end && (isalnum((unsigned char)*L->p) || *L->p == '_')) {
      if (*L->p != '_') {
        int v = hexval(*L->p);
        if (v < 0 || v >= base) bad = 1;
        strbuf_putc(&digits, *L->p);
      }
      L->p++;
    }
    if (digits.n == 0) bad = 1;
  } else {
    while (L->p < L->end) {
      char c = *L->p;
      if (is_digit((unsigned char)c) || c == '_') {
        if (c != '_') strbuf_putc(&digits, c);
        L->p++;
      } else if (c == '.' && !is_float) {
        is_float = 1;
        strbuf_putc(&digits, c);
        L->p++;
      } else if ((c == 'e' || c == 'E') && L->p + 1 < L->end &&
                 (is_digit((unsigned char)L->p[1]) ||
                  ((L->p[1] == '+' || L->p[1] == '-') && L->p + 2 < L->end &&
                   is_digit((unsigned char)L->p[2])))) {
        is_float = 1;
        strbuf_putc(&digits, 'e');
        strbuf_putc(&digits, L->p[1]);
        L->p += 2;
      } else {
        break;
      }
    }
    if (L->p < L->end && is_name_char((unsigned char)*L->p)) bad = 1;
    while (L->p < L->end && is_name_char((unsigned char)*L->p)) L->p++;
  }
  Token *t = push(L, is_float ? TK_FLOAT : TK_INT, s, (size_t)(L->p - s));
  if (bad) {
    err_at(L, t->line, t->col, "invalid number literal");
    strbuf_free(&digits);
    return;
  }
  if (is_float) {
    t->fval = strtod(strbuf_str(&digits), NULL);
    strbuf_free(&digits);
    return;
  }
  uint64_t v = 0;
  for (size_t i = 0; i < digits.n; i++) {
    uint64_t dv = (uint64_t)hexval(digits.p[i]);
    if (v > (UINT64_MAX - dv) / (uint64_t)base) {
      t->big = 1;
      break;
    }
    v = v * (uint64_t)base + dv;
  }
  /* Values in (INT64_MAX, UINT64_MAX] are kept bitwise for T.uint64(...). */
  if (!t->big && v > (uint64_t)INT64_MAX) t->big = 2;
  t->ival = (int64_t)v;
  strbuf_free(&digits);
}

/* Measures indentation at the start of a line; returns width or -1 for a
 * blank/comment-only line (which never changes indentation). */
static int measure_indent(Lexer *L) {
  int w = 0;
  const char *p = L->p;
  while (p < L->end && (*p == ' ' || *p == '\t' || *p == '\f')) {
    if (*p == ' ') w++;
    else if (*p == '\t') w = (w / 8 + 1) * 8;
    else w = 0;
    p++;
  }
  L->p = p;
  if (p >= L->end || *p == '\n' || *p == '#' || *p == '\r') return -1;
  if (*p == '\\' && p + 1 < L->end && p[1] == '\n') return -1;
  return w;
}

/* The operator rows by first byte, in table order (longest first): first[c]
 * the first row, next[i] the next one with the same byte. */
enum { NOPS = sizeof ops / sizeof ops[0] };
typedef struct {
  int first[128], next[NOPS];
  size_t len[NOPS];
} OpIndex;

static void op_index(OpIndex *x) {
  for (int c = 0; c < 128; c++) x->first[c] = -1;
  for (int i = NOPS - 1; i >= 0; i--) {
    unsigned char c0 = (unsigned char)ops[i].s[0];
    x->next[i] = x->first[c0];
    x->first[c0] = i;
    x->len[i] = strlen(ops[i].s);
  }
}

/* A logical line's indentation: INDENT/DEDENT tokens against the stack.
 * Clears *at_line_start once the line has text; false when lexing must stop. */
static bool lex_indent(Lexer *L, int *at_line_start) {
  int w = measure_indent(L);
  if (w < 0) return true;
  *at_line_start = 0;
  if (w > L->indents[L->nind - 1]) {
    if (L->nind >= MAX_INDENT_DEPTH) {
      err_at(L, L->line, col_of(L, L->p), "too many levels of indentation");
      return false;
    }
    L->indents[L->nind++] = w;
    push(L, TK_INDENT, L->p, 0);
    return true;
  }
  while (w < L->indents[L->nind - 1]) {
    L->nind--;
    push(L, TK_DEDENT, L->p, 0);
  }
  if (w != L->indents[L->nind - 1])
    err_at(L, L->line, col_of(L, L->p), "unindent does not match any outer indentation level");
  return true;
}

/* A name (or keyword), or the prefix of a string literal (r, b, f, u and
 * combinations) and that string. */
static void lex_name(Lexer *L) {
  const char *s = L->p, *q = s, *end = L->end;
  while (q < end && (char_class[(unsigned char)*q] & (CC_ALPHA | CC_DIGIT))) q++;
  int non_ascii = q < end && (char_class[(unsigned char)*q] & CC_HIGH);
  if (non_ascii)
    while (q < end && is_name_char((unsigned char)*q)) q++;
  L->p = q;
  size_t n = (size_t)(q - s);
  if (L->p < L->end && (*L->p == '"' || *L->p == '\'') && n <= 2) {
    int raw = 0, fs = 0, ok = 1;
    for (size_t i = 0; i < n; i++) {
      char pc = (char)tolower((unsigned char)s[i]);
      if (pc == 'r') raw = 1;
      else if (pc == 'f') fs = 1;
      else if (pc != 'b' && pc != 'u') ok = 0;
    }
    if (ok) {
      lex_string(L, s, raw, fs);
      return;
    }
  }
  if (non_ascii)
    for (size_t i = 0; i < n; i++)
      if ((unsigned char)s[i] & 0x80) {
        err_at(L, L->line, col_of(L, s + i), "non-ASCII identifiers are not supported");
        break;
      }
  push(L, TK_NAME, s, n)->kw = (uint8_t)keyword_of(L, s, n);
}

/* Tracks the bracket op t opens or closes; false when lexing must stop. */
static bool lex_bracket(Lexer *L, const Token *t, OpKind op) {
  if (op == OP_LPAR || op == OP_LSQB || op == OP_LBRACE) {
    if (L->nbr >= MAX_BRACKET_DEPTH) {
      err_at(L, t->line, t->col, "too many nested brackets");
      return false;
    }
    L->br[L->nbr] = op == OP_LPAR ? '(' : op == OP_LSQB ? '[' : '{';
    L->br_line[L->nbr] = t->line;
    L->br_col[L->nbr] = t->col;
    L->nbr++;
  } else if (op == OP_RPAR || op == OP_RSQB || op == OP_RBRACE) {
    char want = op == OP_RPAR ? '(' : op == OP_RSQB ? '[' : '{';
    char close = op == OP_RPAR ? ')' : op == OP_RSQB ? ']' : '}';
    if (L->nbr == 0) {
      char msg[64];
      snprintf(msg, sizeof msg, "unmatched '%c'", close);
      err_at(L, t->line, t->col, msg);
    } else if (L->br[L->nbr - 1] != want) {
      char msg[128];
      snprintf(msg, sizeof msg, "closing '%c' does not match '%c'", close, L->br[L->nbr - 1]);
      err_at(L, t->line, t->col, msg);
      tirx_diag_add(L->d, DIAG_NOTE, L->br_line[L->nbr - 1], L->br_col[L->nbr - 1],
                    "'%c' opened here", L->br[L->nbr - 1]);
      L->nbr--;
    } else {
      L->nbr--;
    }
  }
  return true;
}

/* An operator or delimiter starting with byte c (or an invalid byte); false
 * when lexing must stop. */
static bool lex_op(Lexer *L, const OpIndex *x, char c) {
  int i = (unsigned char)c < 128 ? x->first[(unsigned char)c] : -1;
  size_t oplen = 0;
  /* (the first byte matches: compare the rest, at most two bytes) */
  for (; i >= 0; i = x->next[i]) {
    oplen = x->len[i];
    if ((size_t)(L->end - L->p) >= oplen && (oplen < 2 || L->p[1] == ops[i].s[1]) &&
        (oplen < 3 || L->p[2] == ops[i].s[2]))
      break;
  }
  if (i < 0) {
    char msg[64];
    if (isprint((unsigned char)c)) snprintf(msg, sizeof msg, "invalid character '%c' in source", c);
    else snprintf(msg, sizeof msg, "invalid byte 0x%02X in source", (unsigned char)c);
    err_at(L, L->line, col_of(L, L->p), msg);
    L->p++;
    return true;
  }
  Token *t = push(L, TK_OP, L->p, oplen);
  t->op = ops[i].op;
  L->p += oplen;
  return lex_bracket(L, t, ops[i].op);
}

/* The end of the input: an unclosed bracket, the last NEWLINE, the DEDENTs
 * and EOF. */
static void lex_finish(Lexer *L) {
  TokenList *out = L->out;
  if (L->nbr > 0 && L->nerr == 0) {
    char msg[128];
    snprintf(msg, sizeof msg, "'%c' was never closed (end of file reached at line %u)",
             L->br[L->nbr - 1], L->line);
    err_at(L, L->br_line[L->nbr - 1], L->br_col[L->nbr - 1], msg);
  }
  if (out->n > 0 && out->t[out->n - 1].kind != TK_NEWLINE && out->t[out->n - 1].kind != TK_DEDENT)
    push(L, TK_NEWLINE, L->p, 0);
  while (L->nind > 1) {
    L->nind--;
    push(L, TK_DEDENT, L->p, 0);
  }
  push(L, TK_EOF, L->p, 0);
}

/* Whitespace, a comment, a line continuation or a newline at L->p (its
 * first byte c, class cls); whether it was one. */
static bool lex_layout(Lexer *L, char c, unsigned cls, int *at_line_start) {
  if (cls & CC_SPACE) {
    /* At a line's start (a blank line's `\r`) one byte at a time: the indentation is
     * measured again after it. */
    if (*at_line_start && L->nbr == 0) {
      L->p++;
      return true;
    }
    const char *q = L->p + 1; /* (a local: L's fields live in memory) */
    while (q < L->end && (char_class[(unsigned char)*q] & CC_SPACE)) q++;
    L->p = q;
    return true;
  }
  if (c == '#') {
    const char *nl = memchr(L->p, '\n', (size_t)(L->end - L->p));
    L->p = nl ? nl : L->end;
    return true;
  }
  if (c == '\\') {
    const char *q = L->p + 1;
    if (q < L->end && *q == '\r') q++;
    if (q < L->end && *q == '\n') {
      L->p = q + 1;
      L->line++;
      L->line_start = L->p;
      return true;
    }
    err_at(L, L->line, col_of(L, L->p), "unexpected character after line continuation");
    L->p++;
    return true;
  }
  if (c == '\n') {
    if (L->nbr == 0 && !*at_line_start) push(L, TK_NEWLINE, L->p, 0);
    L->p++;
    L->line++;
    L->line_start = L->p;
    if (L->nbr == 0) *at_line_start = 1;
    return true;
  }
  return false;
}

int lex(const char *src, size_t len, TokenList *out, TirxDiag *d) {
  Lexer L = {0};
  L.src = src;
  L.p = src;
  L.end = src + len;
  L.line = 1;
  L.line_start = src;
  L.out = out;
  L.d = d;
  L.nind = 1;
  L.indents[0] = 0;
  kw_init(&L);
  /* room for the tokens of typical code (about one per 4 source bytes) up front */
  size_t guess = len / 4 + 16;
  tok_reserve(out, out->n + (int)(guess < (1u << 20) ? guess : (1u << 20)));
  int at_line_start = 1;
  OpIndex opx;
  op_index(&opx);
  /* A UTF-8 byte-order mark is skipped, as Python does. */
  if (len >= 3 && (unsigned char)src[0] == 0xEF && (unsigned char)src[1] == 0xBB &&
      (unsigned char)src[2] == 0xBF)
    L.p += 3;

  while (L.p < L.end && L.nerr < 20) {
    if (at_line_start && L.nbr == 0) {
      if (!lex_indent(&L, &at_line_start)) break;
      if (L.p >= L.end) break;
    }
    char c = *L.p;
    unsigned cls = char_class[(unsigned char)c];
    if (cls & (CC_ALPHA | CC_HIGH)) { /* (names first: the most common token) */
      at_line_start = 0;
      lex_name(&L);
      continue;
    }
    if (lex_layout(&L, c, cls, &at_line_start)) continue;
    at_line_start = 0;
    if ((cls & CC_DIGIT) || (c == '.' && L.p + 1 < L.end && is_digit((unsigned char)L.p[1]))) {
      lex_number(&L);
      continue;
    }
    if (c == '"' || c == '\'') {
      lex_string(&L, L.p, 0, 0);
      continue;
    }
    if (!lex_op(&L, &opx, c)) break;
  }
  lex_finish(&L);
  return L.nerr ? -1 : 0;
}

void lex_free(TokenList *l) {
  for (int i = 0; i < l->nstrs; i++) free(l->t[l->strs[i]].str);
  free(l->strs);
  if (!l->arena) free(l->t);
  *l = (TokenList){0};
}
