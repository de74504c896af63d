/* Plain Python at parse time: module-level and factory functions, their
 * calls, statements over parse-time values, f-strings, comprehensions,
 * `math`, and the limits that keep hostile input from hanging.
 *
 * A plain `def` (no T.* decorator) becomes a V_PYFUNC value.  A call binds
 * the parameters (positional, defaults, keyword-only, *args, **kwargs) in a
 * fresh scope and runs the body with py_exec, which executes statements the
 * way Python does (no IR is emitted for them).  The callee sees its own
 * locals, the values it captured when it was defined inside another
 * function, and module names — never its caller's locals (ev->py_floor).
 * A @T.prim_func defined inside such a function is built when the `def`
 * runs, so it sees the enclosing parameters as constants. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "Parse/eval_python.h"
#include "Support/arena.h"
#include "Support/clock.h"
#include "Support/oom.h"
#include "Support/strbuf.h"
#include "Support/vec.h"

#define PY_PI 3.14159265358979323846
#define PY_MAX_DEPTH 200
#define PY_MAX_ITEMS EV_MAX_ITEMS

enum { PY_NORMAL, PY_RETURN, PY_BREAK, PY_CONTINUE, PY_ERR };

/* A tuple of n values (copied). */
static Value py_tuple_of(Eval *ev, const Value *items, int n, Loc loc) {
  Value t = v_make(V_TUPLE, loc);
  t.u.list.items = TIRX_NEWN(ev->m, Value, n + 1);
  if (n) memcpy(t.u.list.items, items, sizeof *items * (size_t)n);
  t.u.list.n = n;
  return t;
}

static Value py_str_value(Eval *ev, const char *s, size_t n, Loc loc) {
  Value v = v_make(V_STR, loc);
  v.u.s.p = tirx_strdup(ev->m, s, n);
  v.u.s.len = n;
  return v;
}

static Value py_too_long(Eval *ev, Loc loc) {
  return ev_error(ev, loc, "string longer than %zu characters at parse time", EV_MAX_STR);
}

/* The text built in *b as a str value; frees *b. */
/* b's text as a str (an error past EV_MAX_STR); b is left as it was */
static Value py_buf_str(Eval *ev, const StrBuf *b, Loc loc) {
  return b->n > EV_MAX_STR ? py_too_long(ev, loc) : py_str_value(ev, strbuf_str(b), b->n, loc);
}

static Value py_take_str(Eval *ev, StrBuf *b, Loc loc) {
  Value r = py_buf_str(ev, b, loc);
  strbuf_free(b);
  return r;
}

/* Formats one value into *b the way f"{v:spec}" does (no spec: str(v));
 * frees *b on failure. */
static bool py_put_field(Eval *ev, Value v, const char *spec, size_t n, bool has_spec, bool repr,
                         StrBuf *b, Loc loc);

static Value py_seq(Eval *ev, ValueKind k, Value *items, int n, Loc loc) {
  Value v = v_make(k, loc);
  v.u.list.items = TIRX_NEWN(ev->m, Value, n + 1);
  if (n) memcpy(v.u.list.items, items, sizeof(Value) * (size_t)n);
  v.u.list.n = n;
  return v;
}

bool ev_py_step_slow(Eval *ev, Loc loc) {
  if (!ev->py->max_steps)
    ev->py->max_steps =
        ev->opts && ev->opts->max_steps > 0 ? ev->opts->max_steps : TIRX_PARSE_MAX_STEPS;
  if (++ev->py->steps > ev->py->max_steps) {
    if (ev->py->steps == ev->py->max_steps + 1)
      ev_error(ev, loc, "parse-time evaluation exceeded %lld steps (an endless loop?)",
               (long long)ev->py->max_steps);
    return false;
  }
  if (ev->py->too_big) return false;
  if (ev->m->arena->used_total > EV_MAX_BYTES) {
    ev_error(ev, loc, "parse-time evaluation used more than %zu MiB (values too large?)",
             EV_MAX_BYTES >> 20);
    ev->py->too_big = true;
    return false;
  }
  return true;
}

/* ---- str() ---------------------------------------------------------------- */

/* repr(s) as CPython writes it: single quotes unless s has a ' and no ", the
 * quote, backslashes and control characters escaped */
static void py_str_repr(const char *s, size_t n, StrBuf *b) {
  char q = memchr(s, '\'', n) && !memchr(s, '"', n) ? '"' : '\'';
  strbuf_putc(b, q);
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    const char *esc = c == '\\'   ? "\\\\"
                      : c == '\n' ? "\\n"
                      : c == '\r' ? "\\r"
                      : c == '\t' ? "\\t"
                                  : NULL;
    if (esc) strbuf_puts(b, esc);
    else if (c == (unsigned char)q) strbuf_putc(b, '\\'), strbuf_putc(b, q);
    else if (c < 0x20 || c == 0x7f) {
      char hex[8];
      snprintf(hex, sizeof hex, "\\x%02x", c);
      strbuf_puts(b, hex);
    } else strbuf_putc(b, (char)c);
  }
  strbuf_putc(b, q);
}

static bool py_to_text(Eval *ev, Value v, StrBuf *b, bool repr) {
  if (b->n > EV_MAX_STR) { /* str() of a value that shares its parts can grow exponentially */
    py_too_long(ev, v.loc);
    return false;
  }
  switch (v.kind) {
  case V_NONE: strbuf_puts(b, "None"); return true;
  case V_BOOL: strbuf_puts(b, v.u.i ? "True" : "False"); return true;
  case V_INT: /* str(int) is the common f-string field */
    strbuf_put_decimal(b, v.u.i < 0 ? 0 - (uint64_t)v.u.i : (uint64_t)v.u.i, v.u.i < 0);
    return true;
  case V_FLOAT: {
    char buf[40];
    if (isinf(v.u.f)) snprintf(buf, sizeof buf, "%s", v.u.f < 0 ? "-inf" : "inf");
    else if (isnan(v.u.f)) snprintf(buf, sizeof buf, "nan");
    else if (v.u.f == floor(v.u.f) &&
             fabs(v.u.f) < 1e16) /* integral: its digits and ".0", as repr */
      snprintf(buf, sizeof buf, "%s%lld.0", signbit(v.u.f) && v.u.f == 0 ? "-" : "",
               (long long)v.u.f);
    else {
      for (int p = 1; p <= 17; p++) {
        snprintf(buf, sizeof buf, "%.*g", p, v.u.f);
        if (strtod(buf, NULL) == v.u.f) break;
      }
      if (!strpbrk(buf, ".e")) strcat(buf, ".0");
    }
    strbuf_puts(b, buf);
    return true;
  }
  case V_STR:
    if (repr) py_str_repr(v.u.s.p, v.u.s.len, b);
    else strbuf_put(b, v.u.s.p, v.u.s.len);
    return true;
  case V_DTYPE: { /* TVM's void type prints as "" (its void calls are tested for that) */
    char buf[32];
    tirx_dtype_str(v.u.dt, buf);
    if (v.u.dt.id != DT_VOID) strbuf_puts(b, buf);
    return true;
  }
  case V_TUPLE:
  case V_LIST:
    strbuf_putc(b, v.kind == V_TUPLE ? '(' : '[');
    for (int i = 0; i < v.u.list.n; i++) {
      if (i) strbuf_puts(b, ", ");
      if (!py_to_text(ev, v.u.list.items[i], b, true)) return false;
    }
    if (v.kind == V_TUPLE && v.u.list.n == 1) strbuf_putc(b, ',');
    strbuf_putc(b, v.kind == V_TUPLE ? ')' : ']');
    return true;
  case V_DICT:
    strbuf_putc(b, '{');
    for (int i = 0; i < v.u.dict.n; i++) {
      if (i) strbuf_puts(b, ", ");
      if (!py_to_text(ev, v.u.dict.keys[i], b, true)) return false;
      strbuf_puts(b, ": ");
      if (!py_to_text(ev, v.u.dict.vals[i], b, true)) return false;
    }
    strbuf_putc(b, '}');
    return true;
  case V_BUILTIN:
    if (v.u.builtin->type != V_ERROR) strbuf_printf(b, "<class '%s'>", v.u.builtin->name);
    else strbuf_printf(b, "<built-in function %s>", v.u.builtin->name);
    return true;
  case V_ERROR:
  case V_EXPR:
  case V_BUFFER:
  case V_SCALAR:
  case V_NS:
  case V_PTRTYPE:
  case V_LOCALVEC:
  case V_LETTYPE:
  case V_BUFTYPE:
  case V_SLICE:
  case V_FRAME:
  case V_LAMBDA:
  case V_FUNCREF:
  case V_POOL:
  case V_MACRO:
  case V_PYFUNC:
  case V_CLASS:
  case V_OBJECT:
  case V_BOUND:
  case V_DESCR:
  case V_MODULE:
  case V_METHOD:
  case V_UNRESOLVED:
  case V_GLOBALVAR:
  case V_GLOBALDECL:
  case V_LIBMOD:
  case V_INDEXER:
  case V_METADATA:
  case V_STMT: break;
  }
  bool ok;
  if (EV_PROTO(v)->text && EV_PROTO(v)->text(ev, v, repr, b, &ok)) return ok;
  ev_error(ev, v.loc, "this value has no parse-time text (only Python values can be formatted)");
  return false;
}

/* One replacement field's format spec: [[fill]align][sign][0][width][,][.prec][type] */
/* A format spec [[fill]align][sign][0][width][.prec][type] */
typedef struct {
  char fill, align, sign, type;
  int width, prec; /* prec -1: none */
} FmtSpec;

static bool parse_format_spec(Eval *ev, const char *spec, size_t n, FmtSpec *fs, Loc loc) {
  *fs = (FmtSpec){.fill = ' ', .prec = -1};
  bool comma = false;
  size_t i = 0;
  if (n >= 2 && strchr("<>^=", spec[1])) {
    fs->fill = spec[0];
    fs->align = spec[1];
    i = 2;
  } else if (n >= 1 && strchr("<>^=", spec[0])) {
    fs->align = spec[0];
    i = 1;
  }
  if (i < n && strchr("+- ", spec[i])) fs->sign = spec[i++];
  if (i < n && spec[i] == '0') {
    fs->fill = '0';
    if (!fs->align) fs->align = '=';
    i++;
  }
  while (i < n && spec[i] >= '0' && spec[i] <= '9') fs->width = fs->width * 10 + (spec[i++] - '0');
  if (i < n && (spec[i] == ',' || spec[i] == '_')) comma = true, i++;
  if (i < n && spec[i] == '.') {
    fs->prec = 0;
    i++;
    while (i < n && spec[i] >= '0' && spec[i] <= '9') fs->prec = fs->prec * 10 + (spec[i++] - '0');
  }
  if (i < n) fs->type = spec[i++];
  if (i != n || comma || fs->width > 1000 || fs->prec > 100)
    return ev_error(ev, loc, "unsupported format spec '%.*s'", (int)n, spec), false;
  return true;
}

/* An integer in format code type (d, x, X, o, b). */
static void format_int(StrBuf *body, long long x, char type, char sign) {
  if (sign == '+' && x >= 0) strbuf_putc(body, '+');
  if (type == 'd') strbuf_printf(body, "%lld", x);
  else if (type == 'b') {
    unsigned long long u = x < 0 ? (unsigned long long)-x : (unsigned long long)x;
    char tmp[70];
    int k = 0;
    do tmp[k++] = (char)('0' + (u & 1));
    while ((u >>= 1) && k < 68);
    if (x < 0) strbuf_putc(body, '-');
    while (k) strbuf_putc(body, tmp[--k]);
  } else {
    if (x < 0) strbuf_putc(body, '-');
    unsigned long long u = x < 0 ? (unsigned long long)-x : (unsigned long long)x;
    strbuf_printf(body, type == 'x' ? "%llx" : type == 'X' ? "%llX" : "%llo", u);
  }
}

/* A number in format code type (f, F, e, E, g, G, %). */
static void format_float(StrBuf *body, double x, char type, char sign, int prec) {
  if (type == '%') x *= 100;
  int sig = prec < 0 ? 6 : prec == 0 ? 1 : prec; /* 'g': significant digits */
  if ((type == 'g' || type == 'G') && x == floor(x) && fabs(x) < pow(10, sig) &&
      !(x == 0 && signbit(x))) {
    /* an integral value of at most `sig` digits: %g prints just its digits (no printf) */
    if (sign == '+' && x >= 0) strbuf_putc(body, '+');
    strbuf_put_decimal(body, (unsigned long long)fabs(x), x < 0);
  } else {
    char f[16];
    snprintf(f, sizeof f, "%%%s.%d%c", sign == '+' ? "+" : "", prec < 0 ? 6 : prec,
             type == '%' ? 'f' : type);
    strbuf_printf(body, f, x);
    if (type == '%') strbuf_putc(body, '%');
  }
}

/* body into out, padded to width by fs's fill and alignment (numbers right). */
static void put_padded(StrBuf *out, StrBuf *body, const FmtSpec *fs, bool num) {
  char align = fs->align;
  const char *s = strbuf_str(body);
  int len = (int)strlen(s);
  if (!align) align = num ? '>' : '<';
  int pad = fs->width > len ? fs->width - len : 0;
  int left = align == '<' ? 0 : align == '^' ? pad / 2 : pad;
  if (align == '=' && (s[0] == '-' || s[0] == '+')) {
    strbuf_putc(out, s[0]);
    s++;
  }
  for (int k = 0; k < left; k++) strbuf_putc(out, fs->fill);
  strbuf_puts(out, s);
  for (int k = 0; k < pad - left; k++) strbuf_putc(out, fs->fill);
}

static bool py_format_spec(Eval *ev, Value v, const char *spec, size_t n, StrBuf *out, Loc loc) {
  Value *fm =
      v.kind == V_OBJECT ? ev_class_find(v.u.obj->cls, tirx_intern0(ev->m, "__format__")) : NULL;
  if (fm) { /* the object's own format: __format__(spec) */
    Value args[2] = {v, py_str_value(ev, spec, n, loc)};
    Args a = {args, 2, NULL, NULL, 0, loc};
    Value r = ev_call_value(ev, *fm, &a);
    if (r.kind == V_ERROR) return false;
    if (r.kind != V_STR) return ev_error(ev, loc, "__format__ must return a str"), false;
    strbuf_put(out, r.u.s.p, r.u.s.len);
    return true;
  }
  FmtSpec fs;
  if (!parse_format_spec(ev, spec, n, &fs, loc)) return false;
  char sign = fs.sign, type = fs.type;
  int prec = fs.prec;
  StrBuf body = {0};
  bool num = v.kind == V_INT || v.kind == V_BOOL || v.kind == V_FLOAT;
  if (type && strchr("dxXob", type)) {
    if (v.kind != V_INT && v.kind != V_BOOL) {
      strbuf_free(&body);
      return ev_error(ev, loc, "format code '%c' needs an integer", type), false;
    }
    format_int(&body, v.u.i, type, sign);
  } else if (type && strchr("fFeEgG%", type)) {
    if (!num) {
      strbuf_free(&body);
      return ev_error(ev, loc, "format code '%c' needs a number", type), false;
    }
    format_float(&body, v.kind == V_FLOAT ? v.u.f : (double)v.u.i, type, sign, prec);
  } else if (!type || type == 's') {
    if (sign == '+' && num && (v.kind == V_FLOAT ? v.u.f >= 0 : v.u.i >= 0))
      strbuf_putc(&body, '+');
    if (prec >= 0 && v.kind == V_FLOAT && !type) strbuf_printf(&body, "%.*g", prec, v.u.f);
    else if (!py_to_text(ev, v, &body, false)) {
      strbuf_free(&body);
      return false;
    }
    if (prec >= 0 && v.kind == V_STR && (size_t)prec < v.u.s.len) {
      StrBuf t = {0};
      strbuf_put(&t, strbuf_str(&body), (size_t)prec);
      strbuf_free(&body);
      body = t;
    }
  } else {
    strbuf_free(&body);
    return ev_error(ev, loc, "unsupported format code '%c'", type), false;
  }
  put_padded(out, &body, &fs, num);
  strbuf_free(&body);
  return true;
}

static bool py_put_field(Eval *ev, Value v, const char *spec, size_t n, bool has_spec, bool repr,
                         StrBuf *b, Loc loc) {
  bool ok = has_spec && !repr ? py_format_spec(ev, v, spec, n, b, loc) : py_to_text(ev, v, b, repr);
  if (!ok) strbuf_free(b);
  return ok;
}

/* "{{" / "}}" in a format string: one brace into *b. */
static bool py_brace_escape(const char *s, size_t n, size_t *i, StrBuf *b) {
  if ((s[*i] == '{' || s[*i] == '}') && *i + 1 < n && s[*i + 1] == s[*i]) {
    strbuf_putc(b, s[*i]);
    (*i)++;
    return true;
  }
  return false;
}

/* The tree of an f-string replacement field's text (NULL: a located error,
 * reported).  The f-string's plan keeps it: a loop or a function runs the same
 * f-string many times and parses each field once. */
static Ast *py_field_parse(Eval *ev, const char *p, size_t n, Loc loc) {
  TokenList toks = {0};
  TirxDiag sub;
  tirx_diag_init(&sub, "<f-string>", p, n);
  Ast *e = NULL;
  if (lex(p, n, &toks, &sub) == 0) {
    for (int i = 0; i < toks.n; i++) {
      toks.t[i].line = loc.line;
      toks.t[i].col = loc.col;
    }
    e = parse_expr_tokens(ev->m, &toks, &sub);
  }
  if (!e) ev_error(ev, loc, "invalid expression in f-string: '%.*s'", (int)n, p);
  lex_free(&toks);
  tirx_diag_free(&sub);
  return e;
}

/* An f-string split once into its parts (ev->py->fplans, keyed by the node: a
 * loop or a function runs the same f-string many times).  Part i is the
 * literal text lit[i] (braces unescaped), then, unless it is the last part
 * without one, a replacement field: its expression text, spec and !r. */
typedef struct FPart {
  const char *lit, *field, *spec;
  Ast *expr; /* the field's tree, once parsed */
  size_t llen, flen, slen;
  bool has_field, has_spec, repr;
} FPart;
typedef struct FPlan {
  FPart *part;
  int n;
} FPlan;

/* Splits f-string a into *out; false: a located error, reported. */
static bool fstring_plan(Eval *ev, Ast *a, FPlan *out) {
  const char *s = a->str;
  size_t n = a->slen;
  int cap = 4;
  FPlan p = {TIRX_NEWN(ev->m, FPart, cap), 0};
  StrBuf b = {0};
  for (size_t i = 0; i <= n; i++) {
    if (i < n && py_brace_escape(s, n, &i, &b)) continue;
    if (i < n && s[i] == '}') {
      strbuf_free(&b);
      ev_error(ev, a->loc, "single '}' is not allowed in an f-string");
      return false;
    }
    if (i < n && s[i] != '{') { /* the literal run up to the next brace at once */
      size_t j = i + 1;
      while (j < n && s[j] != '{' && s[j] != '}') j++;
      strbuf_put(&b, s + i, j - i);
      i = j - 1;
      continue;
    }
    if (p.n == cap) {
      FPart *np = TIRX_NEWN(ev->m, FPart, cap * 2);
      memcpy(np, p.part, sizeof *np * (size_t)p.n);
      p.part = np;
      cap *= 2;
    }
    FPart *f = &p.part[p.n++];
    memset(f, 0, sizeof *f);
    f->llen = b.n;
    f->lit = b.n ? tirx_strdup(ev->m, b.p, b.n) : "";
    b.n = 0;
    if (i == n) break; /* the text after the last field */
    size_t j = i + 1, colon = 0, bang = 0;
    int depth = 0;
    char q = 0;
    for (; j < n; j++) {
      char d = s[j];
      if (q) {
        if (d == q) q = 0;
        continue;
      }
      if (d == '\'' || d == '"') q = d;
      else if (d == '(' || d == '[' || d == '{') depth++;
      else if ((d == ')' || d == ']' || d == '}') && depth > 0) depth--;
      else if (d == '}') break;
      else if (d == ':' && depth == 0 && !colon) colon = j;
      else if (d == '!' && depth == 0 && !colon && j + 1 < n && s[j + 1] != '=') bang = j;
    }
    if (j >= n) {
      strbuf_free(&b);
      ev_error(ev, a->loc, "f-string: expecting '}'");
      return false;
    }
    size_t eend = bang ? bang : colon ? colon : j;
    f->has_field = true;
    f->field = s + i + 1;
    f->flen = eend - i - 1;
    f->has_spec = colon != 0;
    f->spec = s + colon + 1;
    f->slen = colon ? j - colon - 1 : 0;
    f->repr = bang && s[bang + 1] == 'r';
    i = j;
  }
  strbuf_free(&b);
  *out = p;
  return true;
}

Value ev_py_fstring(Eval *ev, Ast *a) {
  FPlan *p = txmap_get(&ev->py->fplans, a);
  if (!p) {
    FPlan plan;
    if (!fstring_plan(ev, a, &plan)) return v_make(V_ERROR, a->loc);
    p = TIRX_NEW(ev->m, FPlan);
    *p = plan;
    txmap_put(&ev->py->fplans, a, p);
  }
  /* the buffer of the last f-string, taken while this one is made (a field that
   * formats another one gets a new buffer) */
  StrBuf b = ev->py->fscratch;
  ev->py->fscratch = (StrBuf){0};
  b.n = 0;
  for (int i = 0; i < p->n; i++) {
    FPart *f = &p->part[i];
    strbuf_put(&b, f->lit, f->llen);
    if (!f->has_field) continue;
    if (!f->expr && !(f->expr = py_field_parse(ev, f->field, f->flen, a->loc))) {
      strbuf_free(&b);
      return v_make(V_ERROR, a->loc);
    }
    Value v = ev_expr(ev, f->expr);
    if (v.kind == V_ERROR) {
      strbuf_free(&b);
      return v;
    }
    if (!py_put_field(ev, v, f->spec, f->slen, f->has_spec, f->repr, &b, a->loc))
      return v_make(V_ERROR, a->loc);
  }
  Value r = py_buf_str(ev, &b, a->loc);
  if (!ev->py->fscratch.p) ev->py->fscratch = b; /* kept for the next one */
  else strbuf_free(&b);
  return r;
}

/* "..." % args */
static Value py_percent(Eval *ev, Value f, Value args, Loc loc) {
  Value *items = &args;
  int na = 1, k = 0;
  if (args.kind == V_TUPLE) items = args.u.list.items, na = args.u.list.n;
  StrBuf b = {0};
  for (size_t i = 0; i < f.u.s.len; i++) {
    char c = f.u.s.p[i];
    if (c != '%') {
      strbuf_putc(&b, c);
      continue;
    }
    size_t j = i + 1;
    while (j < f.u.s.len && strchr("-+ 0#.123456789", f.u.s.p[j])) j++;
    if (j >= f.u.s.len) break;
    if (f.u.s.p[j] == '%') {
      strbuf_putc(&b, '%');
      i = j;
      continue;
    }
    if (k >= na) {
      strbuf_free(&b);
      return ev_error(ev, loc, "not enough arguments for format string");
    }
    char spec[40];
    size_t sl = j - i - 1 > 30 ? 30 : j - i - 1;
    char ty = f.u.s.p[j];
    /* translate to a format-spec: flags '-' → '<', digits → width */
    const char *p = f.u.s.p + i + 1;
    size_t o = 0;
    if (sl && p[0] == '-') spec[o++] = '<', p++, sl--;
    else if (ty == 's' || ty == 'r') spec[o++] = '>'; /* %5s right-aligns, as numbers do */
    memcpy(spec + o, p, sl);
    o += sl;
    if (ty == 'i' || ty == 'u') ty = 'd';
    if (ty != 's' && ty != 'r') spec[o++] = ty;
    Value item = items[k++];
    if (ty == 'r') { /* %r: the repr, then the width */
      StrBuf t = {0};
      if (!py_to_text(ev, item, &t, true)) {
        strbuf_free(&t);
        strbuf_free(&b);
        return v_make(V_ERROR, loc);
      }
      item = py_take_str(ev, &t, loc);
    }
    if (!py_format_spec(ev, item, spec, o, &b, loc)) {
      strbuf_free(&b);
      return v_make(V_ERROR, loc);
    }
    i = j;
  }
  if (k < na) {
    strbuf_free(&b);
    return ev_error(ev, loc, "not all arguments converted during string formatting");
  }
  return py_take_str(ev, &b, loc);
}

/* "...{}...{name:spec}".format(args) */
static Value py_format_method(Eval *ev, Value f, Args *a) {
  StrBuf b = {0};
  int next = 0;
  const char *s = f.u.s.p;
  size_t n = f.u.s.len;
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (py_brace_escape(s, n, &i, &b)) continue;
    if (c != '{') {
      strbuf_putc(&b, c);
      continue;
    }
    size_t j = i + 1;
    while (j < n && s[j] != '}') j++;
    if (j >= n) break;
    size_t colon = i + 1;
    while (colon < j && s[colon] != ':') colon++;
    const char *key = s + i + 1;
    size_t kl = colon - i - 1;
    bool repr = false; /* {0!r} / {!s}: the conversion */
    if (kl >= 2 && key[kl - 2] == '!' && (key[kl - 1] == 'r' || key[kl - 1] == 's'))
      repr = key[kl - 1] == 'r', kl -= 2;
    Value v;
    if (kl == 0) {
      if (next >= a->npos) {
        strbuf_free(&b);
        return ev_error(ev, a->loc, "format(): too few positional arguments");
      }
      v = a->pos[next++];
    } else if (key[0] >= '0' && key[0] <= '9') {
      int idx = atoi(key);
      if (idx >= a->npos) {
        strbuf_free(&b);
        return ev_error(ev, a->loc, "format(): index %d out of range", idx);
      }
      v = a->pos[idx];
    } else {
      int k = 0;
      while (k < a->nkw && !(strlen(a->kwn[k]) == kl && strncmp(a->kwn[k], key, kl) == 0)) k++;
      if (k == a->nkw) {
        strbuf_free(&b);
        return ev_error(ev, a->loc, "format(): no argument '%.*s'", (int)kl, key);
      }
      v = a->kwv[k];
    }
    if (!py_put_field(ev, v, s + colon + 1, colon < j ? j - colon - 1 : 0, colon < j, repr, &b,
                      a->loc))
      return v_make(V_ERROR, a->loc);
    i = j;
  }
  return py_take_str(ev, &b, a->loc);
}

/* ---- operators ------------------------------------------------------------ */

static bool py_equal_in(Eval *ev, Value a, Value b, int64_t *left) {
  if (--*left < 0) return false;
  if (a.kind == V_STR && b.kind == V_STR) /* the common dict key */
    return a.u.s.len == b.u.s.len && memcmp(a.u.s.p, b.u.s.p, a.u.s.len) == 0;
  bool ceq;
  if ((a.kind == V_OBJECT || b.kind == V_OBJECT || a.kind == V_CLASS || b.kind == V_CLASS) &&
      ev_class_equal(ev, a, b, &ceq))
    return ceq;
  if ((a.kind == V_INT || a.kind == V_BOOL) && (b.kind == V_INT || b.kind == V_BOOL))
    return a.u.i == b.u.i;
  if (a.kind == V_FLOAT || b.kind == V_FLOAT) {
    if (!ev_is_number(&a) || !ev_is_number(&b)) return false;
    double x = a.kind == V_FLOAT ? a.u.f : (double)a.u.i,
           y = b.kind == V_FLOAT ? b.u.f : (double)b.u.i;
    return x == y;
  }
  if (a.kind != b.kind) return a.kind == V_NONE && b.kind == V_NONE;
  switch (a.kind) {
  case V_NONE: return true;
  case V_STR: return a.u.s.len == b.u.s.len && memcmp(a.u.s.p, b.u.s.p, a.u.s.len) == 0;
  case V_TUPLE:
  case V_LIST:
    if (a.u.list.n != b.u.list.n) return false;
    for (int i = 0; i < a.u.list.n; i++)
      if (!py_equal_in(ev, a.u.list.items[i], b.u.list.items[i], left)) return false;
    return true;
  case V_DICT: /* the same keys (in any order) with equal values */
    if (a.u.dict.n != b.u.dict.n) return false;
    for (int i = 0; i < a.u.dict.n; i++) {
      int j = 0;
      while (j < b.u.dict.n && !py_equal_in(ev, a.u.dict.keys[i], b.u.dict.keys[j], left)) j++;
      if (j == b.u.dict.n || !py_equal_in(ev, a.u.dict.vals[i], b.u.dict.vals[j], left))
        return false;
    }
    return true;
  case V_DTYPE: return tirx_dtype_eq(a.u.dt, b.u.dt);
  case V_BUILTIN: return a.u.builtin == b.u.builtin;
  case V_ERROR:
  case V_BOOL:
  case V_INT:
  case V_FLOAT:
  case V_EXPR:
  case V_BUFFER:
  case V_SCALAR:
  case V_NS:
  case V_PTRTYPE:
  case V_LOCALVEC:
  case V_LETTYPE:
  case V_BUFTYPE:
  case V_SLICE:
  case V_FRAME:
  case V_LAMBDA:
  case V_FUNCREF:
  case V_POOL:
  case V_MACRO:
  case V_PYFUNC:
  case V_CLASS:
  case V_OBJECT:
  case V_BOUND:
  case V_DESCR:
  case V_MODULE:
  case V_METHOD:
  case V_UNRESOLVED:
  case V_GLOBALVAR:
  case V_GLOBALDECL:
  case V_LIBMOD:
  case V_INDEXER:
  case V_METADATA:
  case V_STMT: break;
  }
  return false;
}

/* Python == for the other files (enum members, environment keys): the same
 * bound, without a report (their operands are never deeply shared). */
bool ev_py_equal(Value a, Value b) {
  int64_t left = (int64_t)1 << 22;
  return py_equal_in(NULL, a, b, &left);
}

/* Python's ==.  Values that share their parts ([x, x] nested n deep) compare
 * in 2^n steps: past PY_MAX_COMPARE items it is a located error that stops
 * the evaluation (as the step limit does). */
#define PY_MAX_COMPARE ((int64_t)1 << 22)
static bool py_equal(Eval *ev, Value a, Value b) {
  int64_t left = PY_MAX_COMPARE;
  bool r = py_equal_in(ev, a, b, &left);
  if (left < 0) {
    if (!ev->py->too_big)
      ev_error(ev, a.loc, "comparing values of more than %lld items at parse time",
               (long long)PY_MAX_COMPARE);
    ev->py->too_big = true;
    return false;
  }
  return r;
}

/* ---- key index: dict keys and set items by hash ------------------------------
 * Building a dict or a set of n items compares each new key with the ones
 * before it; linearly that is n^2 / 2 comparisons (a module-level set over a
 * list of thousands of configurations).  PyKeyIndex finds the earlier equal key
 * by hash instead.  The hash agrees with py_equal: numbers hash by their value
 * as a double (1 == 1.0 == True), strings by their bytes, tuples and lists by
 * their items.  Other keys (objects with __eq__, dtypes, IR) have no hash here:
 * once one is seen the index is off and every lookup is the linear scan, so the
 * result is always the one py_equal's scan gives. */
typedef struct PyKeyIndex {
  int *slot;  /* cap slots: index + 1 into the key array, 0 empty */
  size_t cap; /* a power of two; 0 before the first key */
  bool off;   /* a key without a hash was added: scan linearly */
  int n;      /* a dict's index (py_dict_find): the keys recorded, keys[0..n) */
} PyKeyIndex;

static bool py_hash_in(Value v, uint64_t *h, int *left) {
  uint64_t x = 0;
  if (--*left < 0) return false; /* a key of more items has no hash here (py_equal scans) */
  switch (v.kind) {
  case V_NONE: x = 0x9e3779b97f4a7c15u; break;
  case V_BOOL:
  case V_INT:
  case V_FLOAT: {
    double d = v.kind == V_FLOAT ? v.u.f : (double)v.u.i;
    if (d == 0) d = 0; /* -0.0 == 0 */
    memcpy(&x, &d, sizeof x);
    break;
  }
  case V_STR: { /* eight bytes a step (labels are long), then the tail */
    x = 0xcbf29ce484222325u ^ v.u.s.len;
    size_t i = 0;
    for (; i + 8 <= v.u.s.len; i += 8) {
      uint64_t w;
      memcpy(&w, v.u.s.p + i, 8);
      x = (x ^ w) * 0x100000001b3u;
      x ^= x >> 29;
    }
    for (; i < v.u.s.len; i++) x = (x ^ (unsigned char)v.u.s.p[i]) * 0x100000001b3u;
    break;
  }
  case V_TUPLE:
  case V_LIST:
    x = (uint64_t)v.kind * 0x2545f4914f6cdd1du + (uint64_t)v.u.list.n;
    for (int i = 0; i < v.u.list.n; i++) {
      uint64_t e;
      if (!py_hash_in(v.u.list.items[i], &e, left)) return false;
      x = (x ^ e) * 0x100000001b3u + 0x9e3779b97f4a7c15u;
    }
    break;
  case V_ERROR:
  case V_DICT:
  case V_EXPR:
  case V_BUFFER:
  case V_SCALAR:
  case V_DTYPE:
  case V_NS:
  case V_PTRTYPE:
  case V_LOCALVEC:
  case V_LETTYPE:
  case V_BUFTYPE:
  case V_SLICE:
  case V_FRAME:
  case V_LAMBDA:
  case V_FUNCREF:
  case V_POOL:
  case V_MACRO:
  case V_PYFUNC:
  case V_CLASS:
  case V_OBJECT:
  case V_BOUND:
  case V_DESCR:
  case V_MODULE:
  case V_BUILTIN:
  case V_METHOD:
  case V_UNRESOLVED:
  case V_GLOBALVAR:
  case V_GLOBALDECL:
  case V_LIBMOD:
  case V_INDEXER:
  case V_METADATA:
  case V_STMT: return false;
  }
  x ^= x >> 33; /* finalise: the low bits pick the slot */
  x *= 0xff51afd7ed558ccdu;
  x ^= x >> 33;
  *h = x;
  return true;
}

static bool py_hash(Value v, uint64_t *h) {
  int left = 4096;
  return py_hash_in(v, h, &left);
}

static void pki_free(PyKeyIndex *x) { free(x->slot); }

/* Fewer keys than this are scanned: a table would cost more than it saves. */
#define PKI_MIN 16

/* Records keys[i] (already known to be new; keys[0..i) recorded before). */
static void pki_add(PyKeyIndex *x, const Value *keys, int i) {
  uint64_t h;
  if (x->off || i + 1 < PKI_MIN) return;
  if ((size_t)(i + 1) * 2 > x->cap) { /* (re)build for keys[0..i], the load at most 1/2 */
    size_t nc = x->cap ? x->cap * 2 : 2 * PKI_MIN;
    while ((size_t)(i + 1) * 2 > nc) nc *= 2;
    free(x->slot);
    x->slot = tirx_xcalloc(nc, sizeof *x->slot);
    x->cap = nc;
    for (int j = 0; j <= i; j++) {
      if (!py_hash(keys[j], &h)) {
        x->off = true;
        free(x->slot);
        x->slot = NULL;
        x->cap = 0;
        return;
      }
      size_t s = h & (nc - 1);
      while (x->slot[s]) s = (s + 1) & (nc - 1);
      x->slot[s] = j + 1;
    }
    return;
  }
  if (!py_hash(keys[i], &h)) {
    x->off = true;
    return;
  }
  size_t s = h & (x->cap - 1);
  while (x->slot[s]) s = (s + 1) & (x->cap - 1);
  x->slot[s] = i + 1;
}

/* The index of the key among keys[0..n) equal to k (all recorded with pki_add), or -1. */
static int pki_find(Eval *ev, const PyKeyIndex *x, const Value *keys, int n, Value k) {
  uint64_t h;
  if (x->off || !x->cap || !py_hash(k, &h)) {
    for (int i = 0; i < n; i++)
      if (py_equal(ev, keys[i], k)) return i;
    return -1;
  }
  for (size_t s = h & (x->cap - 1); x->slot[s]; s = (s + 1) & (x->cap - 1))
    if (py_equal(ev, keys[x->slot[s] - 1], k)) return x->slot[s] - 1;
  return -1;
}

/* The index of key k in dict d, or -1.  A dict of more than a few keys is
 * looked up through a PyKeyIndex kept per key array (ev->py->dindex): a dict's
 * keys[0..n) never change once written (a key is added at keys[n], in place
 * only by the value that owns the array's used length; del, pop and copies
 * make new arrays), so the index of a longer view serves a shorter alias too,
 * whose matches at n or beyond are not its keys. */
static int py_dict_find(Eval *ev, Value d, Value k) {
  int n = d.u.dict.n;
  if (n < PKI_MIN) {
    for (int i = 0; i < n; i++)
      if (py_equal(ev, d.u.dict.keys[i], k)) return i;
    return -1;
  }
  PyKeyIndex *x = txmap_get(&ev->py->dindex, d.u.dict.keys);
  if (!x) {
    x = tirx_xcalloc(1, sizeof *x);
    txmap_put(&ev->py->dindex, d.u.dict.keys, x);
  }
  while (x->n < n) pki_add(x, d.u.dict.keys, x->n++);
  int i = pki_find(ev, x, d.u.dict.keys, x->n, k);
  return i < n ? i : -1;
}

void ev_py_free(Eval *ev) {
  for (size_t i = 0; i < ev->py->dindex.cap; i++)
    if (ev->py->dindex.keys[i]) {
      pki_free(ev->py->dindex.vals[i]);
      free(ev->py->dindex.vals[i]);
    }
  txmap_free(&ev->py->dindex);
  txmap_free(&ev->py->fplans);
  txmap_free(&ev->py->memo);
  txmap_free(&ev->py->fn_annotations);
  txmap_free(&ev->py->ir_ops);
  txmap_free(&ev->py->ptx_looks);
  txmap_free(&ev->py->isinstance_kinds);
  free(ev->py->shared_dflts);
  ev->py->shared_dflts = NULL;
  strbuf_free(&ev->py->fscratch);
  txmap_free(&ev->builtin_names);
  txmap_free(&ev->paths);
  txmap_free(&ev->py->lib_names);
  txmap_free(&ev->py_dicts);
}

/* Operators on Python values the numeric/IR path does not cover.  Returns
 * false when the operands are not for it. */
/* a & b, a | b, a - b, a ^ b over two sets: the items in order of a, then of b */
static bool set_binop(Eval *ev, int op, Value a, Value b, Loc loc, Value *out) {
  if (op != OP_AMP && op != OP_PIPE && op != OP_MINUS && op != OP_CARET) return false;
  bool sa = a.kind == V_LIST && a.pyset, sb = b.kind == V_LIST && b.pyset;
  if (!sa && !sb) return false;
  if (!sa || !sb) {
    *out = ev_error(ev, loc, "unsupported operand type(s) for %s: '%s' and '%s'", lex_op_text(op),
                    sa ? "set" : ev_types[a.kind].name, sb ? "set" : ev_types[b.kind].name);
    return true;
  }
  Value *r = TIRX_NEWN(ev->m, Value, a.u.list.n + b.u.list.n + 1);
  int n = 0;
  bool in;
  for (int i = 0; i < a.u.list.n; i++) {
    ev_py_contains(ev, a.u.list.items[i], b, &in);
    if (op == OP_PIPE || (op == OP_AMP) == in) r[n++] = a.u.list.items[i];
  }
  if (op == OP_PIPE || op == OP_CARET)
    for (int i = 0; i < b.u.list.n; i++) {
      ev_py_contains(ev, b.u.list.items[i], a, &in);
      if (!in) r[n++] = b.u.list.items[i];
    }
  *out = py_seq(ev, V_LIST, r, n, loc);
  out->pyset = true;
  return true;
}

bool ev_py_binop(Eval *ev, int op, Value a, Value b, Loc loc, Value *out) {
  if (set_binop(ev, op, a, b, loc, out)) return true;
  if (op == OP_PERCENT && a.kind == V_STR) {
    *out = py_percent(ev, a, b, loc);
    return true;
  }
  bool seq_a = a.kind == V_STR || a.kind == V_TUPLE || a.kind == V_LIST;
  if (op == OP_STAR && (seq_a || b.kind == V_STR || b.kind == V_TUPLE || b.kind == V_LIST) &&
      (a.kind == V_INT || b.kind == V_INT)) {
    Value s = seq_a ? a : b;
    int64_t k = seq_a ? b.u.i : a.u.i;
    int64_t len = s.kind == V_STR ? (int64_t)s.u.s.len : s.u.list.n;
    if (k < 0 || len == 0) k = 0; /* "" * (2**63-1) is "" at once, not 2**63-1 empty copies */
    if (!ev_py_step(ev, loc)) {   /* the arena bound is checked at each step */
      *out = v_make(V_ERROR, loc);
      return true;
    }
    if (k > PY_MAX_ITEMS / (len ? len : 1)) {
      *out = ev_error(ev, loc, "repeated sequence longer than %d items", PY_MAX_ITEMS);
      return true;
    }
    if (s.kind == V_STR) {
      char *p = tirx_alloc(ev->m, (size_t)(len * k) + 1);
      for (int64_t i = 0; i < k; i++) memcpy(p + i * len, s.u.s.p, (size_t)len);
      *out = v_make(V_STR, loc);
      out->u.s.p = p;
      out->u.s.len = (size_t)(len * k);
    } else {
      *out = v_make(s.kind, loc);
      out->u.list.n = (int)(len * k);
      out->u.list.items = TIRX_NEWN(ev->m, Value, len * k + 1);
      for (int64_t i = 0; i < k; i++)
        if (len) memcpy(out->u.list.items + i * len, s.u.list.items, sizeof(Value) * (size_t)len);
    }
    return true;
  }
  if ((op == OP_EQ || op == OP_NE) &&
      (a.kind == V_TUPLE || a.kind == V_LIST || a.kind == V_NONE || b.kind == V_NONE ||
       a.kind == V_DTYPE || a.kind == V_OBJECT || b.kind == V_OBJECT || a.kind == V_CLASS ||
       b.kind == V_CLASS || a.kind == V_DICT || a.kind == V_BUILTIN || b.kind == V_BUILTIN) &&
      b.kind != V_EXPR && a.kind != V_EXPR) {
    *out = v_make(V_BOOL, loc);
    out->u.i = py_equal(ev, a, b) == (op == OP_EQ);
    return true;
  }
  return false;
}

static bool py_items(Eval *ev, Value it, Value **items, int *n, Loc loc);

/* `x in container` for Python containers; false when not one. */
bool ev_py_contains(Eval *ev, Value x, Value c, bool *out) {
  if (c.kind == V_OBJECT) { /* __contains__, else its items (__iter__ / __getitem__) */
    Value *m = ev_class_find(c.u.obj->cls, tirx_intern0(ev->m, "__contains__"));
    if (m) {
      Value args[2] = {c, x};
      Args a = {args, 2, NULL, NULL, 0, x.loc};
      int t = ev_truth(ev, ev_call_value(ev, *m, &a), x.loc);
      *out = t > 0;
      return t >= 0;
    }
    Value *items;
    int n;
    if (!py_items(ev, c, &items, &n, x.loc)) return false;
    c = py_seq(ev, V_LIST, items, n, x.loc);
  }
  if (c.kind == V_TUPLE || c.kind == V_LIST) {
    *out = false;
    for (int i = 0; i < c.u.list.n; i++)
      if (py_equal(ev, x, c.u.list.items[i])) *out = true;
    return true;
  }
  if (c.kind == V_DICT) {
    uint64_t h;
    if (py_hash(x, &h)) { /* equality of hashable keys is symmetric */
      *out = py_dict_find(ev, c, x) >= 0;
      return true;
    }
    *out = false;
    for (int i = 0; i < c.u.dict.n; i++)
      if (py_equal(ev, x, c.u.dict.keys[i])) *out = true;
    return true;
  }
  if (c.kind == V_STR && x.kind == V_STR) {
    *out = false;
    for (size_t i = 0; i + x.u.s.len <= c.u.s.len && !*out; i++)
      *out = memcmp(c.u.s.p + i, x.u.s.p, x.u.s.len) == 0;
    return true;
  }
  return false;
}

/* ---- iteration --------------------------------------------------------------- */

static bool py_int_arg(Eval *ev, Value v, int64_t *out) {
  return ev_get_int(ev, v, out, "range() argument");
}

/* The items of range(lo, hi, st), st != 0, computed in uint64 (the distance
 * between two int64 bounds may be 2**64 - 1); false after reporting more than
 * PY_MAX_ITEMS. */
static bool py_range_items(Eval *ev, int64_t lo, int64_t hi, int64_t st, Value **items, int *n,
                           Loc loc) {
  uint64_t dist = st > 0 ? (hi > lo ? (uint64_t)hi - (uint64_t)lo : 0)
                         : (lo > hi ? (uint64_t)lo - (uint64_t)hi : 0);
  uint64_t ust = st > 0 ? (uint64_t)st : 0 - (uint64_t)st;
  uint64_t cnt = dist ? (dist - 1) / ust + 1 : 0;
  if (cnt > PY_MAX_ITEMS)
    return ev_error(ev, loc, "range() of more than %d items at parse time", PY_MAX_ITEMS), false;
  *n = (int)cnt;
  *items = TIRX_NEWN(ev->m, Value, cnt + 1);
  for (uint64_t i = 0; i < cnt; i++)
    (*items)[i] = v_int((int64_t)((uint64_t)lo + i * (uint64_t)st), loc);
  return true;
}

/* The items a `for` over `it` visits (a Python container or range). */
static bool py_items(Eval *ev, Value it, Value **items, int *n, Loc loc) {
  if (EV_PROTO(it)->iter) return EV_PROTO(it)->iter(ev, it, items, n, loc);
  switch (it.kind) {
  case V_TUPLE:
  case V_LIST:
    *items = it.u.list.items;
    *n = it.u.list.n;
    return true;
  case V_DICT:
    *items = it.u.dict.keys;
    *n = it.u.dict.n;
    return true;
  case V_STR: {
    *n = (int)it.u.s.len;
    *items = TIRX_NEWN(ev->m, Value, *n + 1);
    for (int i = 0; i < *n; i++) (*items)[i] = py_str_value(ev, it.u.s.p + i, 1, loc);
    return true;
  }
  case V_FRAME: {
    /* range(...) outside a loop header (list(range(n)), xs.extend(range(...))):
     * a serial loop with constant bounds is its sequence of ints */
    Stmt *f = it.u.frame.outer;
    int64_t lo, ext, st = 1;
    if (f->kind == S_FOR && f->u.for_.kind == FOR_SERIAL && !f->u.for_.annotations &&
        it.u.frame.inner == f && tirx_expr_is_const_int(f->u.for_.min, &lo) &&
        tirx_expr_is_const_int(f->u.for_.extent, &ext) &&
        (!f->u.for_.step || tirx_expr_is_const_int(f->u.for_.step, &st)) && st > 0)
      return py_range_items(ev, lo, (int64_t)((uint64_t)lo + (uint64_t)(ext > 0 ? ext : 0)), st,
                            items, n, loc);
    ev_error(ev, loc,
             "this loop cannot be iterated at parse time (only range() with constant bounds)");
    return false;
  }
  case V_ERROR:
  case V_NONE:
  case V_BOOL:
  case V_INT:
  case V_FLOAT:
  case V_EXPR:
  case V_BUFFER:
  case V_SCALAR:
  case V_DTYPE:
  case V_NS:
  case V_PTRTYPE:
  case V_LOCALVEC:
  case V_LETTYPE:
  case V_BUFTYPE:
  case V_SLICE:
  case V_LAMBDA:
  case V_FUNCREF:
  case V_POOL:
  case V_MACRO:
  case V_PYFUNC:
  case V_CLASS:
  case V_OBJECT:
  case V_BOUND:
  case V_DESCR:
  case V_MODULE:
  case V_BUILTIN:
  case V_METHOD:
  case V_UNRESOLVED:
  case V_GLOBALVAR:
  case V_GLOBALDECL:
  case V_LIBMOD:
  case V_INDEXER:
  case V_METADATA:
  case V_STMT: break;
  }
  ev_error(ev, loc, "this value cannot be iterated at parse time");
  return false;
}

bool ev_py_items(Eval *ev, Value it, Value **items, int *n, Loc loc) {
  return py_items(ev, it, items, n, loc);
}

/* iter(x): an object's __iter__ (its iterator keeps its state for next());
 * a container's items as a list */
Value bi_iter(Eval *ev, const Builtin *self, Args *a) {
  if (!ev_builtin_nokw(ev, self, a)) return v_make(V_ERROR, a->loc);
  if (a->npos != 1) return ev_error(ev, a->loc, "iter() takes one argument here");
  Value x = a->pos[0];
  Value *m =
      x.kind == V_OBJECT ? ev_class_find(x.u.obj->cls, tirx_intern0(ev->m, "__iter__")) : NULL;
  if (m) {
    Args self_arg = {&x, 1, NULL, NULL, 0, a->loc};
    return ev_call_value(ev, *m, &self_arg);
  }
  Value *items;
  int n;
  if (!py_items(ev, x, &items, &n, a->loc)) return v_make(V_ERROR, a->loc);
  return py_seq(ev, V_LIST, items, n, a->loc);
}

/* hash(x): an object's __hash__ slot; ints hash to themselves */
Value bi_hash(Eval *ev, const Builtin *self, Args *a) {
  if (!ev_builtin_nokw(ev, self, a)) return v_make(V_ERROR, a->loc);
  if (a->npos != 1) return ev_error(ev, a->loc, "hash() takes one argument");
  Value x = a->pos[0];
  int64_t h;
  if (EV_PROTO(x)->hash)
    return EV_PROTO(x)->hash(ev, x, &h, a->loc) ? v_int(h, a->loc) : v_make(V_ERROR, a->loc);
  if (x.kind == V_INT || x.kind == V_BOOL) return v_int(x.u.i == -1 ? -2 : x.u.i, a->loc);
  uint64_t u;
  if (x.kind != V_LIST && x.kind != V_DICT && py_hash(x, &u))
    return v_int((int64_t)(u >> 1), a->loc);
  return ev_error(ev, a->loc, "unhashable type: '%s'", ev_types[x.kind].name);
}

Value ev_py_range(Eval *ev, Args *a) {
  int64_t lo = 0, hi = 0, st = 1;
  if (a->npos < 1 || a->npos > 3 || a->nkw)
    return ev_error(ev, a->loc, "range() takes 1 to 3 arguments");
  if (a->npos == 1) {
    if (!py_int_arg(ev, a->pos[0], &hi)) return v_make(V_ERROR, a->loc);
  } else {
    if (!py_int_arg(ev, a->pos[0], &lo) || !py_int_arg(ev, a->pos[1], &hi))
      return v_make(V_ERROR, a->loc);
    if (a->npos == 3 && !py_int_arg(ev, a->pos[2], &st)) return v_make(V_ERROR, a->loc);
  }
  if (st == 0) return ev_error(ev, a->loc, "range() step must not be zero");
  Value v = v_make(V_LIST, a->loc);
  if (!py_range_items(ev, lo, hi, st, &v.u.list.items, &v.u.list.n, a->loc))
    return v_make(V_ERROR, a->loc);
  return v;
}

/* Is `a` a call of a builtin name (no binding shadows it)? */
static bool is_builtin_call(Eval *ev, Ast *a, const char *name) {
  return a->kind == A_CALL && a->a->kind == A_NAME && strcmp(a->a->name, name) == 0 &&
         !ev_lookup(ev, a->a->name);
}

/* Evaluates an iterable in a Python loop: range(...) gives its items. */
static Value py_iterable(Eval *ev, Ast *it) {
  if (is_builtin_call(ev, it, "range")) {
    Value *args = TIRX_NEWN(ev->m, Value, it->n + 1);
    for (int i = 0; i < it->n; i++) {
      if (it->list[i]->kind == A_KW || it->list[i]->kind == A_STAR)
        return ev_error(ev, it->list[i]->loc, "range() takes positional arguments");
      args[i] = ev_expr(ev, it->list[i]);
      if (args[i].kind == V_ERROR) return args[i];
    }
    Args a = {args, it->n, NULL, NULL, 0, it->loc};
    return ev_py_range(ev, &a);
  }
  return ev_expr(ev, it);
}

static bool py_assign(Eval *ev, Ast *t, Value v);
static Binding *nonlocal_source(Eval *ev, const char *name);
static void py_alias_update(Eval *ev, Value old, Value nv);
static Value py_dict_add(Eval *ev, Value d, Value k, Value v);

/* A container that grew (a dict with a new key, a longer list) is written
 * back where it came from: the name, attribute or item the expression names. */
static bool py_store_back(Eval *ev, Ast *e, Value v) {
  if (e->kind == A_NAME) {
    Binding *b = ev_lookup(ev, e->name);
    if (b) {
      b->v = v;
      return true;
    }
    ev_define(ev, e->name, v, false, e->loc);
    return true;
  }
  if (e->kind == A_ATTR) {
    Value o = ev_expr(ev, e->a);
    if (o.kind == V_ERROR) return false;
    if (ev_object_store_back(ev, o, e->name, v)) return true;
  }
  if (e->kind == A_ATTR || e->kind == A_SUBSCRIPT) return py_assign(ev, e, v);
  return true; /* a temporary: nobody else sees it */
}

/* The binding `nonlocal name` names: in the enclosing calls this closure sees
 * (a running one's binding, or a returned one's last), innermost first. */
static Binding *nonlocal_source(Eval *ev, const char *name) {
  for (const PyEnv *env = ev->frame ? ev->frame->env : NULL; env;
       env = env->frame ? env->frame->outer : NULL) {
    const PyFrameRef *fr = env->frame;
    if (!fr) return NULL;
    if (fr->live) {
      for (int i = ev->nbinds - 1; i >= fr->lo; i--)
        if (ev->binds[i].frame == fr->id && ev->binds[i].depth > 0 && ev->binds[i].name == name)
          return &ev->binds[i];
    } else {
      for (int i = fr->nlast - 1; i >= 0; i--)
        if (fr->last[i].name == name) return &fr->last[i];
    }
  }
  return NULL;
}

/* NAME = v: a local of the running function unless `global` / `nonlocal` says otherwise */
static bool py_assign_name(Eval *ev, Ast *t, Value v) {
  Binding *b = ev_lookup_at(ev, t);
  v.meta = false;
  if (ev->decl_hi > ev->nbinds) ev->decl_hi = ev->nbinds;
  bool decls = ev->decl_hi > ev->py_floor; /* a marker this function may have made */
  for (int i = ev->nbinds - 1;
       decls && b && ev->depth > 0 && i >= ev->py_floor && (!ev->frame || i >= ev->frame->lo); i--)
    if (ev->binds[i].name == t->name && ev->binds[i].v.kind == V_GLOBALDECL &&
        ev->binds[i].v.nshape == 1) {
      Binding *src = nonlocal_source(ev, t->name);
      if (src) src->v = v;
      b->v = v; /* this call's view of it */
      return true;
    }
  if (decls && b && b->depth == 0 && ev->depth > 0) {
    /* a module name: rebound only after `global name` in this function */
    for (int i = ev->nbinds - 1; i >= ev->py_floor; i--)
      if (ev->binds[i].name == t->name && ev->binds[i].v.kind == V_GLOBALDECL) {
        b->v = v;
        return true;
      }
  }
  if (b && b->depth == ev->depth) b->v = v;
  else ev_define(ev, t->name, v, false, t->loc);
  return true;
}

/* Binds a loop/assignment target to a value (Python local semantics). */
static bool py_assign(Eval *ev, Ast *t, Value v) {
  if (t->kind == A_NAME) return py_assign_name(ev, t, v);
  if (t->kind == A_TUPLE || t->kind == A_LIST) {
    if (EV_PROTO(v)->iter) { /* a, b = obj: its items (__iter__) */
      Value *items;
      int n;
      if (!EV_PROTO(v)->iter(ev, v, &items, &n, t->loc)) return false;
      v = py_seq(ev, V_TUPLE, items, n, t->loc);
    }
    if (v.kind != V_TUPLE && v.kind != V_LIST) {
      ev_error(ev, t->loc, "cannot unpack a non-sequence");
      return false;
    }
    if (v.u.list.n != t->n) {
      ev_error(ev, t->loc, "cannot unpack %d values into %d targets", v.u.list.n, t->n);
      return false;
    }
    for (int i = 0; i < t->n; i++)
      if (!py_assign(ev, t->list[i], v.u.list.items[i])) return false;
    return true;
  }
  if (t->kind == A_ATTR) {
    Value o = ev_expr(ev, t->a);
    if (o.kind == V_ERROR) return false;
    if (o.kind == V_MODULE) {
      Value dummy;
      return ev_python_hooks.module_attr(ev, o, tirx_intern_printf(ev->m, "=%s", t->name), t->loc,
                                         &dummy) ||
             (ev_python_hooks.module_set(ev, o, t->name, v), true);
    }
    Value *libd = o.kind == V_LIBMOD ? ev_py_libmod_dict(ev, o.u.ns, t->name) : NULL;
    if (libd) {
      if (v.kind != V_DICT)
        return ev_error(ev, t->loc, "%s.%s must stay a dict", o.u.ns, t->name), false;
      *libd = v; /* a new key, setdefault(), pop(), update() */
      return true;
    }
    return ev_setattr(ev, o, t->name, v, t->loc);
  }
  if (t->kind == A_SUBSCRIPT && t->n == 1) {
    Value c = ev_expr(ev, t->a);
    if (c.kind == V_ERROR) return false;
    if (t->list[0]->kind == A_SLICE) {
      ev_error(ev, t->loc, "slice assignment is not supported in parse-time code");
      return false;
    }
    Value k = ev_expr(ev, t->list[0]);
    if (k.kind == V_ERROR) return false;
    if (c.kind == V_LIST) {
      int64_t i;
      if (!ev_get_int(ev, k, &i, "list index")) return false;
      if (i < 0) i += c.u.list.n;
      if (i < 0 || i >= c.u.list.n) {
        ev_error(ev, t->loc, "list assignment index out of range");
        return false;
      }
      c.u.list.items[i] = v; /* the array is shared by every alias of the list */
      return true;
    }
    if (c.kind == V_DICT) {
      int i = py_dict_find(ev, c, k);
      if (i >= 0) {
        c.u.dict.vals[i] = v;
        return true;
      }
      Value old = c;
      c = py_dict_add(ev, c, k, v);
      py_alias_update(ev, old, c);
      return py_store_back(ev, t->a, c);
    }
    if (EV_PROTO(c)->setitem) return EV_PROTO(c)->setitem(ev, c, k, v, t->loc);
  }
  ev_error(ev, t->loc, "unsupported assignment target in parse-time code");
  return false;
}

/* Sets d[k] = v while building d (x indexes its keys); the key/value arrays
 * have room for one more entry. */
static void dict_put(Eval *ev, Value *d, PyKeyIndex *x, Value k, Value v) {
  int i = pki_find(ev, x, d->u.dict.keys, d->u.dict.n, k);
  if (i >= 0) {
    d->u.dict.vals[i] = v;
    return;
  }
  d->u.dict.keys[d->u.dict.n] = k;
  d->u.dict.vals[d->u.dict.n] = v;
  pki_add(x, d->u.dict.keys, d->u.dict.n++);
}

/* ---- comprehensions ---------------------------------------------------------- */

typedef struct PyVec {
  Value *v;
  int n, cap;
  /* a generator's items tested as any() / all() read them (ev_py_call_lazy): 0 none;
   * else true for any() (stop at a true item), false for all(); done: stopped */
  bool test;
  bool want, done;
  const char *who;
  Loc at;
} PyVec;

static void pv_push(Eval *ev, PyVec *p, Value v) {
  if (p->n == p->cap) {
    int nc = p->cap ? p->cap * 2 : 4; /* most hold a few: each growth is arena garbage */
    Value *nv = TIRX_NEWN(ev->m, Value, nc);
    if (p->n) memcpy(nv, p->v, sizeof(Value) * (size_t)p->n);
    p->v = nv;
    p->cap = nc;
  }
  p->v[p->n++] = v;
}

static bool py_comp_clause(Eval *ev, Ast *c, PyVec *out) {
  Value it = py_iterable(ev, c->c);
  if (it.kind == V_ERROR) return false;
  Value *items;
  int n;
  if (!py_items(ev, it, &items, &n, c->c->loc)) return false;
  for (int i = 0; i < n; i++) {
    if (!ev_py_step(ev, c->loc) || !py_assign(ev, c->b, items[i])) return false;
    bool keep = true;
    for (int k = 0; k < c->n && keep; k++) {
      Value cv = ev_expr(ev, c->list[k]);
      if (cv.kind == V_ERROR || !ev_truthy_const(ev, cv, &keep)) {
        if (cv.kind != V_ERROR)
          ev_error(ev, c->list[k]->loc, "comprehension condition must be a parse-time value");
        return false;
      }
    }
    if (!keep) continue;
    if (c->ival & 1) {
      if (!py_comp_clause(ev, c->a, out)) return false;
      if (out->done) return true;
    } else {
      Value v = ev_expr(ev, c->a);
      if (v.kind == V_ERROR) return false;
      if (out->test) { /* any() / all() of the generator: its items one by one */
        bool t;
        if (!ev_truthy_const(ev, v, &t))
          return ev_error(ev, out->at, "%s() of a non-parse-time value", out->who), false;
        if (t == out->want) return out->done = true;
        continue;
      }
      pv_push(ev, out, v);
    }
    if (out->n > PY_MAX_ITEMS) {
      ev_error(ev, c->loc, "comprehension of more than %d items", PY_MAX_ITEMS);
      return false;
    }
  }
  return true;
}

/* c's clauses run in their own scope, the items into *out */
static bool py_comp_run(Eval *ev, Ast *c, PyVec *out) {
  ev_push_scope(ev); /* the loop variables are the comprehension's own */
  PyFrame frame;
  ev_frame_enter(ev, &frame, NULL);
  frame.comp = true;
  bool ok = py_comp_clause(ev, c, out);
  ev_frame_leave(ev, &frame);
  ev_pop_scope(ev);
  return ok;
}

/* any(x for ...) / all(x for ...): as in CPython the generator runs only until an item
 * decides (later items are not evaluated), and no list of its items is made.  Other
 * calls: false (the caller evaluates the arguments). */
bool ev_py_call_lazy(Eval *ev, Value callee, Ast *call, Value *out) {
  if (callee.kind != V_BUILTIN ||
      (callee.u.builtin != &ev_builtins[BI_any] && callee.u.builtin != &ev_builtins[BI_all]))
    return false;
  if (call->n != 1 || call->list[0]->kind != A_COMP || call->list[0]->op != '(') return false;
  PyVec t = {0};
  t.test = true;
  t.want = callee.u.builtin == &ev_builtins[BI_any];
  t.who = callee.u.builtin->name;
  t.at = call->loc;
  if (!py_comp_run(ev, call->list[0], &t)) {
    *out = v_make(V_ERROR, call->loc);
    return true;
  }
  *out = v_make(V_BOOL, call->loc);
  out->u.i = t.done ? t.want : !t.want;
  return true;
}

Value ev_py_comp(Eval *ev, Ast *c) {
  PyVec out = {0};
  if (!py_comp_run(ev, c, &out)) return v_make(V_ERROR, c->loc);
  Value r = py_seq(ev, c->op == '(' ? V_TUPLE : V_LIST, out.v, out.n, c->loc);
  if (c->op == 's') return ev_py_set(ev, r);
  if (c->op != 'd') return r;
  Value d = v_make(V_DICT, c->loc);
  d.u.dict.keys = TIRX_NEWN(ev->m, Value, out.n + 1);
  d.u.dict.vals = TIRX_NEWN(ev->m, Value, out.n + 1);
  PyKeyIndex x = {0};
  for (int i = 0; i < out.n; i++)
    dict_put(ev, &d, &x, out.v[i].u.list.items[0], out.v[i].u.list.items[1]);
  pki_free(&x);
  return d;
}

Value ev_py_set(Eval *ev, Value l) {
  if (l.kind != V_LIST) return l;
  Value r = py_seq(ev, V_LIST, l.u.list.items, l.u.list.n, l.loc);
  int n = 0;
  PyKeyIndex x = {0};
  for (int i = 0; i < r.u.list.n; i++)
    if (pki_find(ev, &x, r.u.list.items, n, r.u.list.items[i]) < 0) {
      r.u.list.items[n] = r.u.list.items[i];
      pki_add(&x, r.u.list.items, n++);
    }
  pki_free(&x);
  r.u.list.n = n;
  r.pyset = true;
  return r;
}

Value ev_py_dict_display(Eval *ev, Ast *a) {
  Value d = v_make(V_DICT, a->loc);
  int cap = a->n + 1;
  for (int i = 0; i < a->n; i++) {
    if (a->list[i]->kind != A_KW) continue;
    Value x = ev_expr(ev, a->list[i]->a);
    if (x.kind == V_ERROR) return x;
    if (x.kind != V_DICT) return ev_error(ev, a->list[i]->loc, "'**' needs a dictionary");
    cap += x.u.dict.n;
  }
  d.u.dict.keys = TIRX_NEWN(ev->m, Value, cap);
  d.u.dict.vals = TIRX_NEWN(ev->m, Value, cap);
  PyKeyIndex ix = {0};
  for (int i = 0; i < a->n; i++) {
    if (a->list[i]->kind == A_KW) {
      Value x = ev_expr(ev, a->list[i]->a);
      for (int j = 0; j < x.u.dict.n; j++)
        dict_put(ev, &d, &ix, x.u.dict.keys[j], x.u.dict.vals[j]);
      continue;
    }
    Value k = ev_expr(ev, a->list[i]), v = ev_expr(ev, a->list2[i]);
    if (k.kind == V_ERROR || v.kind == V_ERROR) {
      pki_free(&ix);
      return v_make(V_ERROR, a->loc);
    }
    dict_put(ev, &d, &ix, k, v);
  }
  pki_free(&ix);
  return d;
}

/* ---- functions --------------------------------------------------------------- */

void ev_frame_enter(Eval *ev, PyFrame *f, const PyEnv *env) {
  f->id = ++ev->py->nframes;
  f->lo = ev->nbinds;
  f->up = ev->frame;
  f->ref = NULL;
  f->env = env;
  f->comp = false;
  ev->frame = f;
}

/* The frame's own bindings from index lo on, copied into the arena. */
static Binding *frame_bindings(Eval *ev, int id, int lo, int *n) {
  int k = 0;
  for (int i = lo; i < ev->nbinds; i++)
    if (ev->binds[i].frame == id && ev->binds[i].depth > 0) k++;
  Binding *b = TIRX_NEWN(ev->m, Binding, k + 1);
  *n = 0;
  for (int i = lo; i < ev->nbinds; i++)
    if (ev->binds[i].frame == id && ev->binds[i].depth > 0) b[(*n)++] = ev->binds[i];
  return b;
}

/* Leaving a call (before its scope is popped): closures that refer to it
 * keep its last bindings. */
void ev_frame_leave(Eval *ev, PyFrame *f) {
  if (f->ref) {
    f->ref->last = frame_bindings(ev, f->id, f->lo, &f->ref->nlast);
    f->ref->live = false;
  }
  ev->frame = f->up;
}

/* What a def, lambda or macro defined here sees of its enclosing function:
 * late (Python) the running call itself, otherwise (@T.macro) the values now.
 * A class body's names are not visible to its methods. */
static PyFrameRef *frame_ref(Eval *ev, PyFrame *f) {
  if (!f->ref) {
    f->ref = TIRX_NEW(ev->m, PyFrameRef);
    f->ref->id = f->id;
    f->ref->lo = f->lo;
    f->ref->live = true;
    f->ref->outer = f->env;
    if (f->comp && f->up) { /* a comprehension sees the function it runs in */
      PyEnv *up = TIRX_NEW(ev->m, PyEnv);
      up->frame = frame_ref(ev, f->up);
      f->ref->outer = up;
    }
  }
  return f->ref;
}

PyEnv *ev_py_capture(Eval *ev, bool late) {
  if (ev->depth == 0) return NULL;
  PyEnv *env = TIRX_NEW(ev->m, PyEnv);
  PyFrame *f = ev->frame;
  if (late && f && f->lo >= ev->py_floor) {
    env->frame = frame_ref(ev, f);
    return env;
  }
  int hi = ev->py->class_lo > ev->py_floor ? ev->py->class_lo : ev->nbinds;
  int n = 0;
  for (int i = ev->py_floor; i < hi; i++)
    if (ev->binds[i].depth > 0) n++;
  env->b = TIRX_NEWN(ev->m, Binding, n + 1);
  for (int i = ev->py_floor; i < hi; i++)
    if (ev->binds[i].depth > 0) env->b[env->n++] = ev->binds[i];
  return env;
}

/* Binds what a closure sees in the scope of its call, outermost function
 * first (its parameters come after and shadow them all). */
void ev_py_env_define(Eval *ev, const PyEnv *env, Loc loc) {
  if (!env) return;
  const PyFrameRef *fr = env->frame;
  if (!fr) {
    ev_define_seen(ev, env->b, 0, env->n, 0, loc);
    return;
  }
  ev_py_env_define(ev, fr->outer, loc);
  if (fr->live) ev_define_seen(ev, NULL, fr->lo, ev->nbinds, fr->id, loc);
  else ev_define_seen(ev, fr->last, 0, fr->nlast, 0, loc);
}

Value ev_py_def(Eval *ev, Ast *fd) {
  Value v = v_make(V_PYFUNC, fd->loc);
  v.u.py.def = fd;
  v.u.py.mod = ev->py->cur_mod;
  v.u.py.env = ev_py_capture(ev, true);
  /* defaults are evaluated once, here (a loop's `def g(r=i)`, a shared `into=[]`); one
   * that cannot be evaluated here is left to the call, where its error is located */
  Value *dflt = NULL;
  for (int i = 0; i < fd->n; i++) {
    if (!fd->list[i]->b) continue;
    if (!dflt) {
      dflt = TIRX_NEWN(ev->m, Value, fd->n);
      for (int k = 0; k < fd->n; k++) dflt[k] = v_make(V_ERROR, fd->loc);
    }
    int nd = ev->d->n, ne = ev->d->nerrors, nerr = ev->nerr;
    dflt[i] = ev_expr(ev, fd->list[i]->b);
    if (dflt[i].kind == V_ERROR || ev->nerr != nerr) {
      ev_diag_rollback(ev, nd, ne, nerr);
      dflt[i] = v_make(V_ERROR, fd->loc);
    }
  }
  if (dflt) v_aux(ev, &v)->shape = dflt;
  bool containers = false;
  for (int i = 0; dflt && i < fd->n; i++)
    containers |= dflt[i].kind == V_LIST || dflt[i].kind == V_DICT;
  if (containers) { /* `into=[]`: a mutation in one call is seen by the next */
    EvPython *py = ev->py;
    if (py->nshared_dflts == py->capshared_dflts) {
      py->capshared_dflts = py->capshared_dflts ? 2 * py->capshared_dflts : 8;
      py->shared_dflts =
          tirx_xrealloc(py->shared_dflts, (size_t)py->capshared_dflts, sizeof *py->shared_dflts);
    }
    py->shared_dflts[py->nshared_dflts++] = (struct PyDefaults){dflt, fd->n};
  }
  return v;
}

bool ev_py_plain_def(Eval *ev, const Ast *fd) {
  for (int i = 0; i < fd->n2; i++) {
    const Ast *d = fd->list2[i]->kind == A_CALL ? fd->list2[i]->a : fd->list2[i];
    while (d->kind == A_ATTR) d = d->a;
    if (d->kind != A_NAME) continue;
    if (strcmp(d->name, "T") == 0 || strcmp(d->name, "I") == 0 || strcmp(d->name, "Tx") == 0)
      return false;
    Binding *b = ev_lookup(ev, d->name);
    if (b && b->v.kind == V_NS &&
        (strcmp(b->v.u.ns, "T") == 0 || strcmp(b->v.u.ns, "T.tile") == 0 ||
         strcmp(b->v.u.ns, "I") == 0))
      return false;
  }
  return true;
}

/* A plain def with its decorators applied, innermost first. */
Value ev_py_def_decorated(Eval *ev, Ast *fd) {
  Value f = ev_py_def(ev, fd);
  for (int i = fd->n2 - 1; i >= 0; i--) {
    Ast *d = fd->list2[i];
    Value dv = ev_expr(ev, d);
    if (dv.kind == V_ERROR) return dv;
    if (dv.kind == V_UNRESOLVED) return ev_python_hooks.unresolved(ev, dv, d->loc);
    if (dv.kind != V_PYFUNC && dv.kind != V_CLASS && dv.kind != V_BOUND && dv.kind != V_DESCR &&
        dv.kind != V_LAMBDA && dv.kind != V_BUILTIN)
      return ev_error(ev, d->loc, "unsupported decorator on a Python function");
    Args a = {&f, 1, NULL, NULL, 0, d->loc};
    f = ev_call_value(ev, dv, &a);
    if (f.kind == V_ERROR) return f;
  }
  return f;
}

static Value py_run_body(Eval *ev, Ast *fd, Loc loc) {
  ev->py_body++;
  int rc = ev_py_exec(ev, fd->list3, fd->n3);
  ev->py_body--;
  if (rc == PY_ERR) return v_make(V_ERROR, loc);
  if (rc == PY_RETURN) return ev->py->ret;
  return v_make(V_NONE, loc);
}

static Value py_call(Eval *ev, Value fn, Args *a);

/* ---- results of pure one-line functions, kept ------------------------------------
 * Kernel libraries build their configuration tables with small helpers
 * (`_short_dtype(dtype)`, `_layout_code(layout)`: `return {...}[x]`, `return "c"
 * if x == "compact" else "s"`, `return f"{x:g}".replace(".", "p")`) called thousands
 * of times with a handful of distinct arguments.  A function whose body is one
 * `return EXPR`, where EXPR reads only its parameters and literals (no name of the
 * module, no call but a method of a value it made), called with values of the
 * immutable builtin kinds, gives the same value for the same arguments: it is kept
 * (MemoEntry rows per function in ev->py->memo) and an equal call returns it. */
enum { MEMO_MAX = 64 };
typedef struct MemoEntry {
  uint64_t hash;
  Value *args, res;
} MemoEntry;
typedef struct Memo {
  signed char pure; /* 0: not yet known, 1: pure, -1: not */
  int n;
  MemoEntry *e; /* MEMO_MAX rows, made with the first */
  /* the rows by hash: open addressing over 2 * MEMO_MAX slots, row + 1 (0: empty) */
  unsigned char slot[2 * MEMO_MAX];
} Memo;

/* A value of the immutable builtin kinds (None, bool, int, float, str, tuples of them). */
static bool memo_value(Value v, int depth) {
  switch (v.kind) {
  case V_NONE:
  case V_BOOL:
  case V_INT:
  case V_FLOAT:
  case V_STR: return !v.meta;
  case V_TUPLE:
    if (depth > 4) return false;
    for (int i = 0; i < v.u.list.n; i++)
      if (!memo_value(v.u.list.items[i], depth + 1)) return false;
    return true;
  case V_ERROR:
  case V_LIST:
  case V_DICT:
  case V_EXPR:
  case V_BUFFER:
  case V_SCALAR:
  case V_DTYPE:
  case V_NS:
  case V_PTRTYPE:
  case V_LOCALVEC:
  case V_LETTYPE:
  case V_BUFTYPE:
  case V_SLICE:
  case V_FRAME:
  case V_LAMBDA:
  case V_FUNCREF:
  case V_POOL:
  case V_MACRO:
  case V_PYFUNC:
  case V_CLASS:
  case V_OBJECT:
  case V_BOUND:
  case V_DESCR:
  case V_MODULE:
  case V_BUILTIN:
  case V_METHOD:
  case V_UNRESOLVED:
  case V_GLOBALVAR:
  case V_GLOBALDECL:
  case V_LIBMOD:
  case V_INDEXER:
  case V_METADATA:
  case V_STMT: break;
  }
  return false;
}

/* The same value, kind included (True and 1, 0.0 and -0.0 print differently). */
static bool memo_same(Value a, Value b) {
  if (a.kind != b.kind || a.uint_big != b.uint_big) return false;
  switch (a.kind) {
  case V_NONE: return true;
  case V_BOOL:
  case V_INT: return a.u.i == b.u.i;
  case V_FLOAT: return memcmp(&a.u.f, &b.u.f, sizeof a.u.f) == 0;
  case V_STR: return a.u.s.len == b.u.s.len && memcmp(a.u.s.p, b.u.s.p, a.u.s.len) == 0;
  case V_TUPLE:
    if (a.u.list.n != b.u.list.n) return false;
    for (int i = 0; i < a.u.list.n; i++)
      if (!memo_same(a.u.list.items[i], b.u.list.items[i])) return false;
    return true;
  case V_ERROR:
  case V_LIST:
  case V_DICT:
  case V_EXPR:
  case V_BUFFER:
  case V_SCALAR:
  case V_DTYPE:
  case V_NS:
  case V_PTRTYPE:
  case V_LOCALVEC:
  case V_LETTYPE:
  case V_BUFTYPE:
  case V_SLICE:
  case V_FRAME:
  case V_LAMBDA:
  case V_FUNCREF:
  case V_POOL:
  case V_MACRO:
  case V_PYFUNC:
  case V_CLASS:
  case V_OBJECT:
  case V_BOUND:
  case V_DESCR:
  case V_MODULE:
  case V_BUILTIN:
  case V_METHOD:
  case V_UNRESOLVED:
  case V_GLOBALVAR:
  case V_GLOBALDECL:
  case V_LIBMOD:
  case V_INDEXER:
  case V_METADATA:
  case V_STMT: break;
  }
  return false;
}

static bool memo_param(const Ast *fd, const char *name) {
  for (int i = 0; i < fd->n; i++)
    if (fd->list[i]->name == name) return true;
  return false;
}

/* Does e read only fd's parameters and literals, calling nothing but methods? */
static bool memo_pure(Eval *ev, const Ast *fd, const Ast *e, int depth) {
  if (!e) return true;
  if (depth > 64) return false;
  switch (e->kind) {
  case A_INT:
  case A_FLOAT:
  case A_STR:
  case A_CONST: return true;
  case A_NAME: return memo_param(fd, e->name);
  case A_FSTR: { /* pure when each field is (its parts exist once it ran) */
    const FPlan *p = txmap_get(&ev->py->fplans, e);
    if (!p) return false;
    for (int i = 0; i < p->n; i++)
      if (p->part[i].has_field &&
          (!p->part[i].expr || !memo_pure(ev, fd, p->part[i].expr, depth + 1)))
        return false;
    return true;
  }
  case A_CALL: /* v.method(args): a method of a value the expression made */
    if (e->a->kind != A_ATTR || !memo_pure(ev, fd, e->a->a, depth + 1)) return false;
    break;
  case A_TUPLE:
  case A_LIST:
  case A_DICT:
  case A_SUBSCRIPT:
  case A_SLICE:
  case A_BINOP:
  case A_UNARY:
  case A_NOT:
  case A_BOOLOP:
  case A_COMPARE:
  case A_IFEXP:
    if (!memo_pure(ev, fd, e->a, depth + 1) || !memo_pure(ev, fd, e->b, depth + 1) ||
        !memo_pure(ev, fd, e->c, depth + 1))
      return false;
    break;
  default: return false;
  }
  for (int i = 0; i < e->n; i++) {
    const Ast *x = e->list[i];
    if (x->kind == A_KW || x->kind == A_STAR || !memo_pure(ev, fd, x, depth + 1)) return false;
  }
  if (e->kind == A_DICT)
    for (int i = 0; i < e->n; i++)
      if (!memo_pure(ev, fd, e->list2[i], depth + 1)) return false;
  return true;
}

/* Is fd `def f(p, ...): return EXPR` (a docstring allowed) with a pure EXPR? */
static bool memo_def(Eval *ev, const Ast *fd) {
  if (fd->n2) return false; /* decorated */
  for (int i = 0; i < fd->n; i++)
    if (fd->list[i]->ival & 6) return false; /* *args, **kwargs */
  int k = fd->n3 == 2 && fd->list3[0]->kind == A_EXPR_STMT && fd->list3[0]->a->kind == A_STR;
  if (fd->n3 != k + 1 || fd->list3[k]->kind != A_RETURN || !fd->list3[k]->a) return false;
  return memo_pure(ev, fd, fd->list3[k]->a, 0);
}

static uint64_t memo_hash(const Value *args, int n) {
  uint64_t x = 0x9e3779b97f4a7c15u;
  for (int i = 0; i < n; i++) {
    uint64_t h = 0;
    if (!py_hash(args[i], &h)) h = (uint64_t)args[i].kind;
    x = (x ^ h ^ (uint64_t)args[i].kind) * 0x100000001b3u;
  }
  return x;
}

/* The kept result of fd on these positional arguments, or NULL; *memo_out is
 * where a new result may be kept (NULL: this call is not one). */
static const Value *memo_find(Eval *ev, Ast *fd, Value fn, Args *a, Memo **memo_out,
                              uint64_t *hash_out) {
  *memo_out = NULL;
  if (fn.u.py.owner || a->nkw || a->npos != fd->n || !fd->n) return NULL;
  for (int i = 0; i < a->npos; i++)
    if (!memo_value(a->pos[i], 0)) return NULL;
  Memo *m = txmap_get(&ev->py->memo, fd);
  if (!m) {
    m = TIRX_NEW(ev->m, Memo);
    txmap_put(&ev->py->memo, fd, m);
  }
  if (m->pure < 0) return NULL;
  uint64_t h = memo_hash(a->pos, a->npos);
  for (unsigned j = (unsigned)h % (2 * MEMO_MAX); m->slot[j]; j = (j + 1) % (2 * MEMO_MAX)) {
    MemoEntry *e = &m->e[m->slot[j] - 1];
    if (e->hash != h) continue;
    bool same = true;
    for (int k = 0; k < a->npos && same; k++) same = memo_same(e->args[k], a->pos[k]);
    if (same) return &e->res;
  }
  *memo_out = m;
  *hash_out = h;
  return NULL;
}

static void memo_keep(Eval *ev, Memo *m, Ast *fd, uint64_t h, Args *a, Value r) {
  if (m->pure == 0)
    m->pure = memo_def(ev, fd) ? 1 : -1; /* known once it ran (its f-strings split) */
  if (m->pure < 0 || m->n == MEMO_MAX || !memo_value(r, 0)) return;
  if (!m->e) m->e = TIRX_NEWN(ev->m, MemoEntry, MEMO_MAX);
  MemoEntry *e = &m->e[m->n++];
  e->hash = h;
  e->args = TIRX_NEWN(ev->m, Value, a->npos);
  memcpy(e->args, a->pos, sizeof(Value) * (size_t)a->npos);
  e->res = r;
  unsigned j = (unsigned)h % (2 * MEMO_MAX);
  while (m->slot[j]) j = (j + 1) % (2 * MEMO_MAX);
  m->slot[j] = (unsigned char)m->n;
}

/* ---- --time-eval: the time of each Python function ---------------------------------
 * Each function (its def) gets a row: its calls, the time in its own code (self: what
 * the functions it called took subtracted; builtins and the IR it built count as its
 * own) and the time under it (total: a recursive call counted once, at the outermost).
 * Wall time of a monotonic clock: a few tens of nanoseconds a call. */
typedef struct ProfRow {
  const char *name, *file; /* arena copies: the modules' own text is freed first */
  unsigned line;
  long calls;
  double self, total; /* ms */
  int active;         /* calls of it running (recursion) */
} ProfRow;
typedef struct EvProfile {
  TxPtrMap rows; /* the def (Ast *) -> its ProfRow */
  ProfRow **v;
  int n, cap;
  double child; /* ms spent in the calls the running function made so far */
  double start;
} EvProfile;


void ev_py_profile_begin(Eval *ev) {
  if (!ev->opts || !ev->opts->eval_profile) return;
  ev->py->prof = tirx_xcalloc(1, sizeof *ev->py->prof);
  ev->py->prof->start = tirx_now_ms();
}

static Value py_call_kept(Eval *ev, Value fn, Args *a);

Value ev_py_profiled(Eval *ev, Value fn, Args *a, CallSlot call) {
  EvProfile *p = ev->py->prof;
  Ast *fd = fn.u.py.def;
  ProfRow *r = txmap_get(&p->rows, fd);
  if (!r) {
    r = TIRX_NEW(ev->m, ProfRow);
    r->name = fd->name ? fd->name : "<lambda>";
    const char *file = ev_python_hooks.module_file(ev, fn.u.py.mod);
    r->file = tirx_strdup(ev->m, file, strlen(file));
    r->line = fd->loc.line;
    txmap_put(&p->rows, fd, r);
    TIRX_VEC_RESERVE(p->v, p->cap, p->n + 1);
    p->v[p->n++] = r;
  }
  double outer_child = p->child;
  p->child = 0;
  r->active++;
  double t0 = tirx_now_ms();
  Value v = call(ev, fn, a);
  double dt = tirx_now_ms() - t0;
  r->active--;
  r->calls++;
  r->self += dt - p->child;
  if (!r->active) r->total += dt;
  p->child = outer_child + dt;
  return v;
}

static int prof_by_self(const void *x, const void *y) {
  const ProfRow *a = *(ProfRow *const *)x, *b = *(ProfRow *const *)y;
  return a->self < b->self ? 1 : a->self > b->self ? -1 : 0;
}

/* The table, the slowest (self) first, to the option's file; frees the profile. */
void ev_py_profile_end(Eval *ev) {
  EvProfile *p = ev->py->prof;
  if (!p) return;
  FILE *f = ev->opts->eval_profile;
  double all = tirx_now_ms() - p->start, self = 0;
  for (int i = 0; i < p->n; i++) self += p->v[i]->self;
  qsort(p->v, (size_t)p->n, sizeof *p->v, prof_by_self);
  int rows = ev->opts->eval_profile_rows > 0 ? ev->opts->eval_profile_rows : 30;
  fprintf(f, "===-- Python functions of the evaluation (%s) --===\n", ev->m->filename);
  fprintf(f, "  evaluation %.3f ms, of it in %d Python functions %.3f ms\n", all, p->n, self);
  fprintf(f, "  %10s %6s %10s %8s  %s\n", "self ms", "self%", "total ms", "calls", "function");
  for (int i = 0; i < p->n && i < rows; i++) {
    const ProfRow *r = p->v[i];
    fprintf(f, "  %10.3f %5.1f%% %10.3f %8ld  %s  %s:%u\n", r->self,
            all > 0 ? 100 * r->self / all : 0, r->total, r->calls, r->name, r->file, r->line);
  }
  if (p->n > rows) fprintf(f, "  ... %d more\n", p->n - rows);
  txmap_free(&p->rows);
  free(p->v);
  free(p);
  ev->py->prof = NULL;
}

Value ev_py_call(Eval *ev, Value fn, Args *a) {
  if (ev->py->prof) return ev_py_profiled(ev, fn, a, py_call_kept);
  return py_call_kept(ev, fn, a);
}

/* A call of a Python function, or the value kept of an equal earlier one (Memo). */
static Value py_call_kept(Eval *ev, Value fn, Args *a) {
  Ast *fd = fn.u.py.def;
  Value walked;
  if (fd->native && ev_py_native_walk(ev, fn, a, &walked)) return walked;
  Memo *memo;
  uint64_t memo_h = 0;
  const Value *kept = memo_find(ev, fd, fn, a, &memo, &memo_h);
  if (kept) {
    Value r = *kept;
    r.loc = a->loc;
    return r;
  }
  int nerr = ev->nerr;
  Value r = py_call(ev, fn, a);
  if (memo && r.kind != V_ERROR && ev->nerr == nerr) memo_keep(ev, memo, fd, memo_h, a, r);
  return r;
}

/* A call's arguments bound to fd's parameters (bound/have, one per parameter):
 * positional, keywords, *args, **kwargs; defaults are left to the caller.
 * False after reporting an error (*err: the value to return). */
static bool py_bind_args(Eval *ev, Ast *fd, Args *a, Value *bound, bool *have, Value *err) {
  int np = fd->n;
  int star = -1, dstar = -1, npos_params = 0;
  for (int i = 0; i < np; i++) {
    int k = (int)fd->list[i]->ival;
    if (k & 2) star = i;
    else if (k & 4) dstar = i;
    else if (!(k & 1) && star < 0) npos_params++;
  }
  PyVec extra = {0};
  for (int i = 0; i < a->npos; i++) {
    if (i < npos_params) {
      bound[i] = a->pos[i];
      have[i] = true;
    } else if (star >= 0) {
      pv_push(ev, &extra, a->pos[i]);
    } else {
      *err = ev_error(ev, a->loc, "%s() takes %d positional argument%s but %d were given", fd->name,
                      npos_params, npos_params == 1 ? "" : "s", a->npos);
      return false;
    }
  }
  PyVec kk = {0}, kv = {0};
  for (int k = 0; k < a->nkw; k++) {
    int i = 0;
    const char *kwname = a->kwn[k]; /* interned when it came from source (the common case) */
    while (i < np && (fd->list[i]->name != kwname || (fd->list[i]->ival & 6))) i++;
    if (i == np) { /* a name the C side spelled: find its interned copy */
      kwname = tirx_intern0(ev->m, a->kwn[k]);
      for (i = 0; i < np && (fd->list[i]->name != kwname || (fd->list[i]->ival & 6));) i++;
    }
    if (i == np) {
      if (dstar < 0)
        return *err = ev_error(ev, a->kwv[k].loc, "%s() got an unexpected keyword argument '%s'",
                               fd->name, a->kwn[k]),
               false;
      pv_push(ev, &kk, py_str_value(ev, a->kwn[k], strlen(a->kwn[k]), a->loc));
      pv_push(ev, &kv, a->kwv[k]);
      continue;
    }
    if (have[i])
      return *err = ev_error(ev, a->kwv[k].loc, "%s() got multiple values for argument '%s'",
                             fd->name, a->kwn[k]),
             false;
    bound[i] = a->kwv[k];
    have[i] = true;
  }
  if (star >= 0) bound[star] = py_seq(ev, V_TUPLE, extra.v, extra.n, a->loc), have[star] = true;
  if (dstar >= 0) {
    Value d = v_make(V_DICT, a->loc);
    d.u.dict.keys = kk.n ? kk.v : TIRX_NEWN(ev->m, Value, 1);
    d.u.dict.vals = kv.n ? kv.v : TIRX_NEWN(ev->m, Value, 1);
    d.u.dict.n = kk.n;
    bound[dstar] = d;
    have[dstar] = true;
  }
  return true;
}

/* fd's body run for a call: a plain Python function names nothing it makes
 * (`x = f()` in the caller names f's result only where x binds it, not what f
 * allocates: TVM's default names "buffer", "v") ... */
static Value py_run_unnamed(Eval *ev, Ast *fd, Loc loc) {
  const char *saved_hint = ev->name_hint;
  Value *saved_th = ev->tuple_hints;
  int saved_nth = ev->ntuple_hints;
  ev->name_hint = NULL;
  ev->tuple_hints = NULL;
  ev->ntuple_hints = 0;
  ev->py->depth++;
  Value r = py_run_body(ev, fd, loc);
  ev->py->depth--;
  ev->name_hint = saved_hint;
  ev->tuple_hints = saved_th;
  ev->ntuple_hints = saved_nth;
  /* ... and, as TVM's parser does, the caller's `x = f(...)` renames the
   * buffer f returns */
  if (saved_hint && (r.kind == V_BUFFER || r.kind == V_SCALAR) && r.u.buf)
    ev_rename_buffer(ev, r.u.buf, saved_hint);
  return r;
}

/* ---- generators ------------------------------------------------------------------
 * A generator function (a `yield` in its own body, A_FUNCDEF ival 1) runs to its end
 * when called and gives the list of what it yielded: the evaluator's iteration is
 * eager throughout (iter() of a value is its items, run to their end), so a
 * generator is the items it makes.  Unlike CPython the body runs at the call, not at
 * the first next(), and an endless generator runs into the step limit. */
typedef struct PyGen {
  PyVec items;
} PyGen;

static Value py_run_generator(Eval *ev, Ast *fd, Loc loc);

/* yield x / yield from xs: the running generator's next items */
static int py_yield(Eval *ev, Ast *s) {
  if (!ev->py->gen) {
    ev_error(ev, s->loc, "'yield' outside a Python function");
    return PY_ERR;
  }
  Value v = s->a ? ev_expr(ev, s->a) : v_make(V_NONE, s->loc);
  if (v.kind == V_ERROR) return PY_ERR;
  if (!s->op) {
    pv_push(ev, &ev->py->gen->items, v);
    return PY_NORMAL;
  }
  Value *items;
  int n;
  PyGen *g = ev->py->gen;
  if (!py_items(ev, v, &items, &n, s->loc)) return PY_ERR;
  for (int i = 0; i < n; i++) pv_push(ev, &g->items, items[i]);
  return PY_NORMAL;
}

static Value py_call(Eval *ev, Value fn, Args *a) {
  Ast *fd = fn.u.py.def;
  if (ev->py->depth >= PY_MAX_DEPTH)
    return ev_error(ev, a->loc, "parse-time recursion deeper than %d calls in '%s'", PY_MAX_DEPTH,
                    fd->name);
  if (!ev_py_step(ev, a->loc)) return v_make(V_ERROR, a->loc);
  int np = fd->n;
  /* the parameters' values until they are bound (most functions have few: no arena) */
  Value bound_small[16];
  bool have_small[16] = {0};
  Value *bound = np < 16 ? bound_small : TIRX_NEWN(ev->m, Value, np + 1);
  bool *have = np < 16 ? have_small : TIRX_NEWN(ev->m, bool, np + 1);
  Value err;
  if (!py_bind_args(ev, fd, a, bound, have, &err)) return err;
  /* defaults are evaluated in the module/closure scope, like the body */
  struct PyModule *saved_mod = ev->py->cur_mod; /* a switch to the running one is none */
  if (fn.u.py.mod != saved_mod) ev_python_hooks.module_switch(ev, fn.u.py.mod, &saved_mod);
  int saved_floor = ev->py_floor, saved_class_lo = ev->py->class_lo;
  struct PyClass *saved_owner = ev->py->owner;
  Value saved_self = ev->py->self;
  ev->py_floor = ev->nbinds;
  ev->py->class_lo = 0;
  if (fn.u.py.owner && np > 0 && have[0]) {
    ev->py->owner = fn.u.py.owner;
    ev->py->self = bound[0];
  }
  ev_push_scope(ev);
  PyFrame frame;
  ev_frame_enter(ev, &frame, fn.u.py.env);
  ev_py_env_define(ev, fn.u.py.env, fd->loc);
  Value r = v_make(V_NONE, a->loc);
  for (int i = 0; i < np; i++) {
    if (!have[i]) {
      if (!fd->list[i]->b) {
        r = ev_error(ev, a->loc, "%s() missing required argument '%s'", fd->name,
                     fd->list[i]->name);
        goto done;
      }
      Value *dflt = VAUX(fn, shape);
      bound[i] = dflt && dflt[i].kind != V_ERROR ? dflt[i] : ev_expr(ev, fd->list[i]->b);
      if (bound[i].kind == V_ERROR) {
        r = bound[i];
        goto done;
      }
    }
    bound[i].meta = false;
    ev_define_local(ev, fd->list[i]->name, &bound[i]);
  }
  r = fd->ival == 1 ? py_run_generator(ev, fd, a->loc) : py_run_unnamed(ev, fd, a->loc);
done:
  ev_frame_leave(ev, &frame);
  ev_pop_scope(ev);
  ev->py_floor = saved_floor;
  ev->py->class_lo = saved_class_lo;
  ev->py->owner = saved_owner;
  ev->py->self = saved_self;
  struct PyModule *dummy;
  if (ev->py->cur_mod != saved_mod) ev_python_hooks.module_switch(ev, saved_mod, &dummy);
  return r;
}

/* the body of generator fd run to its end: the list of what it yielded */
static Value py_run_generator(Eval *ev, Ast *fd, Loc loc) {
  PyGen g = {{0}}, *outer = ev->py->gen;
  ev->py->gen = &g;
  Value r = py_run_unnamed(ev, fd, loc);
  ev->py->gen = outer;
  if (r.kind == V_ERROR) return r;
  return py_seq(ev, V_LIST, g.items.v, g.items.n, loc);
}

/* ---- statements -------------------------------------------------------------- */

static int py_stmt(Eval *ev, Ast *s);

int ev_py_exec(Eval *ev, Ast **stmts, int n) {
  for (int i = 0; i < n; i++) {
    if (!ev_py_step(ev, stmts[i]->loc)) return PY_ERR;
    int rc = py_stmt(ev, stmts[i]);
    if (rc != PY_NORMAL) return rc;
    if (ev->nerr) return PY_ERR;
  }
  return PY_NORMAL;
}

static bool py_cond(Eval *ev, Ast *e, bool *out) {
  Value v = ev_expr(ev, e);
  if (v.kind == V_ERROR) return false;
  if (v.kind == V_EXPR && v.u.e->kind == E_INT) { /* an IntImm (T.int32(1) != 0 folds in Python) */
    *out = v.u.e->u.i.v != 0;
    return true;
  }
  if (!ev_truthy_const(ev, v, out)) {
    ev_error(ev, e->loc, "condition is not a parse-time value");
    return false;
  }
  return true;
}

/* del NAME / del d[k] / del lst[i] / del obj.attr */
static bool py_del(Eval *ev, Ast *t) {
  if (t->kind == A_TUPLE || t->kind == A_LIST) {
    for (int i = 0; i < t->n; i++)
      if (!py_del(ev, t->list[i])) return false;
    return true;
  }
  if (t->kind == A_NAME) {
    Binding *b = ev_lookup(ev, t->name);
    if (!b) return ev_error(ev, t->loc, "name '%s' is not defined", t->name), false;
    b->v = v_make(V_UNRESOLVED, t->loc);
    b->v.u.unres.what = tirx_intern_printf(ev->m, "name '%s' was deleted", t->name);
    b->v.u.unres.failed = true;
    b->v.u.unres.deleted = true;
    return true;
  }
  if (t->kind == A_SUBSCRIPT && t->n == 1 && t->list[0]->kind != A_SLICE) {
    Value c = ev_expr(ev, t->a), k = ev_expr(ev, t->list[0]);
    if (c.kind == V_ERROR || k.kind == V_ERROR) return false;
    if (c.kind == V_DICT) {
      Value r = c;
      r.u.dict.keys = TIRX_NEWN(ev->m, Value, c.u.dict.n + 1);
      r.u.dict.vals = TIRX_NEWN(ev->m, Value, c.u.dict.n + 1);
      r.u.dict.n = 0;
      bool found = false;
      for (int i = 0; i < c.u.dict.n; i++) {
        if (!found && py_equal(ev, c.u.dict.keys[i], k)) {
          found = true;
          continue;
        }
        r.u.dict.keys[r.u.dict.n] = c.u.dict.keys[i];
        r.u.dict.vals[r.u.dict.n++] = c.u.dict.vals[i];
      }
      if (!found) return ev_error(ev, t->loc, "del: key is not in the dict"), false;
      return py_store_back(ev, t->a, r);
    }
    if (c.kind == V_LIST) {
      int64_t i;
      if (!ev_get_int(ev, k, &i, "list index")) return false;
      if (i < 0) i += c.u.list.n;
      if (i < 0 || i >= c.u.list.n) return ev_error(ev, t->loc, "list index out of range"), false;
      Value *items = TIRX_NEWN(ev->m, Value, c.u.list.n + 1);
      int n = 0;
      for (int j = 0; j < c.u.list.n; j++)
        if (j != i) items[n++] = c.u.list.items[j];
      return py_store_back(ev, t->a, py_seq(ev, V_LIST, items, n, t->loc));
    }
  }
  if (t->kind == A_ATTR) {
    Value o = ev_expr(ev, t->a);
    if (o.kind == V_ERROR) return false;
    if (EV_PROTO(o)->delattr) return EV_PROTO(o)->delattr(ev, o, t->name, t->loc);
  }
  return ev_error(ev, t->loc, "unsupported 'del' target in parse-time code"), false;
}

/* Does handler type `t` catch the exception `exc` (NULL: an error tirx
 * reported, which only bare `except`, Exception and BaseException catch)? */
static bool py_handler_matches(Eval *ev, Ast *t, const char *exc) {
  if (!t) return true;
  if (t->kind == A_TUPLE) {
    for (int i = 0; i < t->n; i++)
      if (py_handler_matches(ev, t->list[i], exc)) return true;
    return false;
  }
  const char *n = t->kind == A_NAME ? t->name : t->kind == A_ATTR ? t->name : "";
  if (strcmp(n, "Exception") == 0 || strcmp(n, "BaseException") == 0) return true;
  if (!exc) return false;
  if (strcmp(n, exc) == 0) return true;
  /* a user exception class: its bases by name */
  Binding *b = ev_lookup(ev, tirx_intern0(ev->m, exc));
  if (b && b->v.kind == V_CLASS)
    for (struct PyClass *k = b->v.u.cls; k && k->nbases; k = k->bases[0])
      if (strcmp(k->bases[0]->name, n) == 0) return true;
  if (strcmp(n, "LookupError") == 0)
    return strcmp(exc, "KeyError") == 0 || strcmp(exc, "IndexError") == 0;
  return false;
}

/* try/except/else/finally.  What is caught is an error the source's own
 * `raise` (or a failed assert) reported: its diagnostics are dropped. */
static int py_try(Eval *ev, Ast *s) {
  int nd = ev->d->n, ne = ev->d->nerrors, nerr = ev->nerr;
  ev->py->exc = NULL;
  int rc = ev_py_exec(ev, s->list, s->n);
  bool limit = (ev->py->max_steps && ev->py->steps > ev->py->max_steps) || ev->py->too_big;
  if (rc == PY_ERR && !limit && s->n2) {
    const char *exc = ev->py->exc;
    for (int i = 0; i < s->n2; i++) {
      Ast *h = s->list2[i];
      if (h->op == 'e' || !py_handler_matches(ev, h->a, exc)) continue;
      Value msg = v_make(V_STR, h->loc);
      if (ev->d->n > nd && ev->d->items[nd].msg) {
        msg.u.s.p = tirx_strdup(ev->m, ev->d->items[nd].msg, strlen(ev->d->items[nd].msg));
        msg.u.s.len = strlen(msg.u.s.p);
      } else {
        msg.u.s.p = "";
      }
      ev_diag_rollback(ev, nd, ne, nerr);
      if (h->name) py_assign(ev, &(Ast){.kind = A_NAME, .name = h->name, .loc = h->loc}, msg);
      rc = ev_py_exec(ev, h->list, h->n);
      break;
    }
  } else if (rc == PY_NORMAL) {
    for (int i = 0; i < s->n2; i++)
      if (s->list2[i]->op == 'e') rc = ev_py_exec(ev, s->list2[i]->list, s->list2[i]->n);
  }
  if (s->n3) {
    Value saved_ret = ev->py->ret;
    int frc = rc == PY_ERR ? PY_NORMAL : ev_py_exec(ev, s->list3, s->n3);
    if (frc != PY_NORMAL) return frc;
    ev->py->ret = saved_ret;
  }
  return rc;
}

static int py_while(Eval *ev, Ast *s) {
  for (;;) {
    bool c;
    if (!ev_py_step(ev, s->loc) || !py_cond(ev, s->a, &c)) return PY_ERR;
    if (!c) return ev_py_exec(ev, s->list2, s->n2);
    int rc = ev_py_exec(ev, s->list, s->n);
    if (rc == PY_BREAK) return PY_NORMAL;
    if (rc == PY_RETURN || rc == PY_ERR) return rc;
  }
}

static int py_for(Eval *ev, Ast *s) {
  Value it = py_iterable(ev, s->a);
  if (it.kind == V_ERROR) return PY_ERR;
  Value *items;
  int n;
  if (!py_items(ev, it, &items, &n, s->a->loc)) return PY_ERR;
  for (int i = 0; i < n; i++) {
    if (!py_assign(ev, s->b, items[i])) return PY_ERR;
    int rc = ev_py_exec(ev, s->list, s->n);
    if (rc == PY_BREAK) return PY_NORMAL;
    if (rc == PY_RETURN || rc == PY_ERR) return rc;
  }
  return ev_py_exec(ev, s->list2, s->n2);
}

static int py_assert(Eval *ev, Ast *s) {
  bool c;
  if (!py_cond(ev, s->a, &c)) return PY_ERR;
  if (c) return PY_NORMAL;
  ev->py->exc = "AssertionError";
  ev->py->exc_args = v_make(V_TUPLE, s->loc);
  StrBuf b = {0};
  if (s->b) {
    Value m = ev_expr(ev, s->b);
    if (m.kind == V_ERROR || !py_to_text(ev, m, &b, false)) {
      strbuf_free(&b);
      return PY_ERR;
    }
    ev->py->exc_args = py_tuple_of(ev, &m, 1, s->loc);
  }
  ev_error(ev, s->loc, "assertion failed%s%s", s->b ? ": " : "", s->b ? strbuf_str(&b) : "");
  strbuf_free(&b);
  return PY_ERR;
}

/* raise E(msg, ...): the error "raised E: msg"; the class named is what except
 * matches, its arguments what __exit__'s exception carries (ev->py->exc_args) */
static int py_raise(Eval *ev, Ast *s) {
  StrBuf b = {0};
  ev->py->exc_args = v_make(V_TUPLE, s->loc);
  if (s->a) {
    Ast *e = s->a;
    const char *cls = e->kind == A_CALL && e->a->kind == A_NAME ? e->a->name
                      : e->kind == A_NAME                       ? e->name
                                                                : "exception";
    ev->py->exc = cls;
    strbuf_puts(&b, cls);
    int n = e->kind == A_CALL ? e->n : 0;
    Value *args = TIRX_NEWN(ev->m, Value, n + 1);
    for (int i = 0; i < n; i++) {
      args[i] =
          e->list[i]->kind == A_KW ? v_make(V_ERROR, e->list[i]->loc) : ev_expr(ev, e->list[i]);
      if (args[i].kind == V_ERROR ||
          (i == 0 && (strbuf_puts(&b, ": "), !py_to_text(ev, args[i], &b, false)))) {
        if (e->list[i]->kind == A_KW)
          ev_error(ev, e->list[i]->loc, "an exception takes no keyword arguments");
        strbuf_free(&b);
        return PY_ERR;
      }
    }
    ev->py->exc = cls; /* (an argument's evaluation may have caught another) */
    ev->py->exc_args = py_tuple_of(ev, args, n, s->loc);
  }
  ev_error(ev, s->loc, "raised %s", s->a ? strbuf_str(&b) : "an exception");
  strbuf_free(&b);
  return PY_ERR;
}

/* def in Python code: a macro, a @T.jit, a plain function, or a kernel built now */
static int py_funcdef(Eval *ev, Ast *s) {
  Value f;
  bool checked = false; /* a macro or @T.jit value binds even when its making failed */
  if (ev_is_inline_def(ev, s))
    f = ev_python_hooks.inline_value(ev, s); /* a macro value: expanded where it is called */
  else if (ev_is_jit_def(ev, s)) f = ev_jit_value(ev, s);
  else if (ev_py_plain_def(ev, s)) f = ev_py_def_decorated(ev, s), checked = true;
  else f = ev_python_hooks.define_kernel(ev, s), checked = true;
  if (checked && f.kind == V_ERROR) return PY_ERR;
  py_assign(ev, &(Ast){.kind = A_NAME, .name = s->name, .loc = s->loc}, f);
  return PY_NORMAL;
}

/* The exception type a `raise` named (a class of the source, a builtin
 * exception's row), for __exit__. */
static Value exc_type_value(Eval *ev, const char *exc, Loc loc) {
  Binding *b = ev_lookup(ev, tirx_intern0(ev->m, exc));
  if (b && b->v.kind == V_CLASS) return b->v;
  const Builtin *row = ev_builtin_find(exc);
  return row ? ev_builtin_value(row, loc) : py_str_value(ev, exc, strlen(exc), loc);
}

/* The exception a `raise` made: an instance of its type with its arguments as
 * .args (an error without recorded arguments: its message). */
static Value exc_value(Eval *ev, Value type, Value args, int nd, Loc loc) {
  if (args.kind != V_TUPLE) {
    const char *msg = ev->d->n > nd && ev->d->items[nd].msg ? ev->d->items[nd].msg : "";
    Value m = py_str_value(ev, msg, strlen(msg), loc);
    args = py_tuple_of(ev, &m, 1, loc);
  }
  return ev_exc_instance(ev, type, args, loc);
}

/* The body of a `with` ended by a `raise` (ev->py->exc): the item's
 * __exit__(type, exception, None) runs with the error held back; a true result
 * swallows it (its diagnostics dropped, the statement ends normally). */
static int py_with_raised(Eval *ev, const ValueProto *p, Value ctx, Loc loc, int nd, int ne,
                          int nerr0) {
  bool limit = (ev->py->max_steps && ev->py->steps > ev->py->max_steps) || ev->py->too_big;
  if (!ev->py->exc || limit) return PY_ERR;
  const char *exc = ev->py->exc;
  Value exc_args = ev->py->exc_args;
  int nerr1 = ev->nerr;
  ev->nerr = nerr0; /* __exit__ runs (Python code stops at a pending error) */
  bool suppress = false;
  Value type = exc_type_value(ev, exc, loc);
  Value val = exc_value(ev, type, exc_args, nd, loc);
  bool ok = val.kind != V_ERROR && p->exit(ev, ctx, type, val, loc, &suppress);
  if (ok && suppress) {
    ev_diag_rollback(ev, nd, ne, nerr0);
    ev->py->exc = NULL;
    return PY_NORMAL;
  }
  ev->nerr += nerr1 - nerr0;
  if (ok) ev->py->exc = exc, ev->py->exc_args = exc_args; /* what `except` matches */
  return PY_ERR;
}

/* with A as x, B as y: body.  Each item's enter slot (__enter__), the body,
 * then the exit slots in reverse: __exit__(None, None, None) when the body
 * ends normally or by return/break/continue, __exit__(E, e, None) when a
 * `raise E(...)` ends it (e: an E with .args, tb None); another error ends
 * the evaluation without them. */
static int py_with_items(Eval *ev, Ast *s, int i) {
  if (i == s->n) return ev_py_exec(ev, s->list2, s->n2);
  Ast *it = s->list[i];
  Value ctx = ev_expr(ev, it->a);
  if (ctx.kind == V_ERROR) return PY_ERR;
  const ValueProto *p = EV_PROTO(ctx);
  if (!p->enter || !p->exit) {
    ev_error(ev, it->loc, "a '%s' value is not a context manager in parse-time code",
             ev_types[ctx.kind].name);
    return PY_ERR;
  }
  Value v = p->enter(ev, ctx, it->loc);
  if (v.kind == V_ERROR) return PY_ERR;
  if (it->b && !py_assign(ev, it->b, v)) return PY_ERR;
  int nd = ev->d->n, ne = ev->d->nerrors, nerr = ev->nerr;
  ev->py->exc = NULL;
  int rc = py_with_items(ev, s, i + 1);
  if (rc == PY_ERR) return py_with_raised(ev, p, ctx, it->loc, nd, ne, nerr);
  Value ret = ev->py->ret;
  bool suppress;
  if (!p->exit(ev, ctx, v_make(V_NONE, it->loc), v_make(V_NONE, it->loc), it->loc, &suppress))
    return PY_ERR;
  ev->py->ret = ret;
  return rc;
}

/* global NAME / nonlocal NAME */
static int py_global(Eval *ev, Ast *s) {
  if (s->op) { /* nonlocal: a marker; assignments write the enclosing call's binding too */
    for (int i = 0; i < s->n; i++) {
      const char *nm = s->list[i]->name;
      Binding *b = ev_lookup(ev, nm);
      if (!b || b->depth == 0 || ev->depth == 0 || !nonlocal_source(ev, nm)) {
        ev_error(ev, s->list[i]->loc, "no binding for nonlocal '%s' found", nm);
        return PY_ERR;
      }
      Value mark = v_make(V_GLOBALDECL, s->loc);
      mark.nshape = 1;
      ev_define(ev, nm, mark, false, s->loc);
    }
    return PY_NORMAL;
  }
  for (int i = 0; i < s->n; i++) {
    const char *nm = s->list[i]->name;
    bool found = false;
    for (int j = 0; j < ev->nbinds && !found; j++)
      found = ev->binds[j].name == nm && ev->binds[j].depth == 0;
    if (!found && ev->depth > 0) {
      ev_error(ev, s->list[i]->loc,
               "global '%s' must be assigned at module level before a function rebinds it", nm);
      return PY_ERR;
    }
    if (ev->depth == 0) continue;
    ev_define(ev, nm, v_make(V_GLOBALDECL, s->loc), false, s->loc);
  }
  return PY_NORMAL;
}

static int py_stmt(Eval *ev, Ast *s) {
  switch (s->kind) {
  case A_PASS: return PY_NORMAL;
  case A_EXPR_STMT: {
    Value v = ev_expr(ev, s->a);
    return v.kind == V_ERROR ? PY_ERR : PY_NORMAL;
  }
  case A_ASSIGN:
  case A_ANNASSIGN: {
    Ast *val = s->kind == A_ASSIGN ? s->a : s->c;
    if (!val) return PY_NORMAL;
    Value v = ev_expr(ev, val);
    if (v.kind == V_ERROR) return PY_ERR;
    if (s->kind == A_ANNASSIGN) return py_assign(ev, s->b, v) ? PY_NORMAL : PY_ERR;
    for (int i = 0; i < s->n; i++)
      if (!py_assign(ev, s->list[i], v)) return PY_ERR;
    return PY_NORMAL;
  }
  case A_AUGASSIGN: {
    Value old = ev_expr(ev, s->b);
    Value r = ev_expr(ev, s->a);
    if (old.kind == V_ERROR || r.kind == V_ERROR) return PY_ERR;
    Value v = ev_binop(ev, s->op, old, r, s->loc);
    if (v.kind == V_ERROR) return PY_ERR;
    return py_assign(ev, s->b, v) ? PY_NORMAL : PY_ERR;
  }
  case A_IF: {
    bool c;
    if (!py_cond(ev, s->a, &c)) return PY_ERR;
    return c ? ev_py_exec(ev, s->list, s->n) : ev_py_exec(ev, s->list2, s->n2);
  }
  case A_WHILE: return py_while(ev, s);
  case A_FOR: return py_for(ev, s);
  case A_BREAK: return PY_BREAK;
  case A_CONTINUE: return PY_CONTINUE;
  case A_RETURN:
    if (ev->py->depth == 0) {
      ev_error(ev, s->loc, "'return' outside function");
      return PY_ERR;
    }
    ev->py->ret = s->a ? ev_expr(ev, s->a) : v_make(V_NONE, s->loc);
    return ev->py->ret.kind == V_ERROR ? PY_ERR : PY_RETURN;
  case A_ASSERT: return py_assert(ev, s);
  case A_RAISE: return py_raise(ev, s);
  case A_FUNCDEF: return py_funcdef(ev, s);
  case A_IMPORT: return ev_python_hooks.import(ev, s) ? PY_NORMAL : PY_ERR;
  case A_TRY: return py_try(ev, s);
  case A_DEL: return py_del(ev, s->a) ? PY_NORMAL : PY_ERR;
  case A_GLOBAL: return py_global(ev, s);
  case A_WITH: return py_with_items(ev, s, 0);
  case A_CLASSDEF: {
    Value k = ev_class_def(ev, s);
    if (k.kind == V_ERROR) return PY_ERR;
    py_assign(ev, &(Ast){.kind = A_NAME, .name = s->name, .loc = s->loc}, k);
    return PY_NORMAL;
  }
  case A_UNSUPPORTED: ev_error(ev, s->loc, "'%s' is not supported in TIRx", s->str); return PY_ERR;
  case A_YIELD: return py_yield(ev, s);
  default:
    ev_error(ev, s->loc, "this statement is not supported in parse-time Python code");
    return PY_ERR;
  }
}

/* ---- builtins and methods ---------------------------------------------------- */

static Value py_num(double x, Loc loc) {
  Value v = v_make(V_FLOAT, loc);
  v.u.f = x;
  return v;
}

static bool py_get_num(Eval *ev, Value v, double *out, const char *fn) {
  if (v.kind == V_FLOAT) *out = v.u.f;
  else if (v.kind == V_INT || v.kind == V_BOOL) *out = (double)v.u.i;
  else return ev_error(ev, v.loc, "math.%s() needs a parse-time number", fn), false;
  return true;
}

/* math.FN(...) (pylib.def's rows of math) */
Value lib_math(Eval *ev, const Builtin *self, Args *a) {
  const char *fn = self->name;
  Loc l = a->loc;
  if (strcmp(fn, "prod") == 0 || strcmp(fn, "gcd") == 0 || strcmp(fn, "lcm") == 0) {
    Value *items = a->pos;
    int n = a->npos;
    if (strcmp(fn, "prod") == 0 && (n != 1 || !py_items(ev, a->pos[0], &items, &n, l))) {
      if (a->npos != 1) return ev_error(ev, l, "math.prod() takes one iterable");
      return v_make(V_ERROR, l);
    }
    Value acc = v_int(strcmp(fn, "gcd") == 0 ? 0 : 1, l);
    uint64_t r = (uint64_t)acc.u.i; /* gcd and lcm in magnitudes: |INT64_MIN| = 2**63 is a uint64 */
    for (int i = 0; i < n; i++) {
      if (strcmp(fn, "prod") == 0) {
        acc = ev_binop(ev, OP_STAR, acc, items[i], l);
        if (acc.kind == V_ERROR) return acc;
        continue;
      }
      int64_t x;
      if (!ev_get_int(ev, items[i], &x, "math.gcd() argument")) return v_make(V_ERROR, l);
      uint64_t ux = x < 0 ? 0 - (uint64_t)x : (uint64_t)x, p = r, q = ux;
      while (q) {
        uint64_t t = p % q;
        p = q;
        q = t;
      }
      if (strcmp(fn, "gcd") == 0) r = p;
      else if (!p) r = 0; /* lcm(0, x) = 0 */
      else if (__builtin_mul_overflow(r / p, ux, &r) ||
               r > INT64_MAX) /* an lcm only grows, bar a 0 */
        return ev_error(ev, l,
                        "integer overflow: the result of math.lcm() does not fit in 64 bits");
    }
    if (strcmp(fn, "prod") == 0) return acc;
    if (r > INT64_MAX)
      return ev_error(ev, l, "integer overflow: the result of math.%s() does not fit in 64 bits",
                      fn);
    return v_int((int64_t)r, l);
  }
  if (strcmp(fn, "pi") == 0) return py_num(PY_PI, l);
  if (a->npos != 1 || a->nkw) return ev_error(ev, l, "math.%s() takes one argument", fn);
  if (a->pos[0].kind == V_EXPR)
    return ev_error(ev, l, "math.%s() needs a parse-time number, not an IR expression", fn);
  double x;
  if (!py_get_num(ev, a->pos[0], &x, fn)) return v_make(V_ERROR, l);
  if (strcmp(fn, "ceil") == 0 || strcmp(fn, "floor") == 0 || strcmp(fn, "trunc") == 0) {
    if (a->pos[0].kind != V_FLOAT) return v_int(a->pos[0].u.i, l);
    int64_t r;
    const char *what = fn[0] == 'c'   ? "math.ceil()"
                       : fn[0] == 'f' ? "math.floor()"
                                      : "math.trunc()";
    if (!ev_float_to_int(ev,
                         fn[0] == 'c'   ? ceil(x)
                         : fn[0] == 'f' ? floor(x)
                                        : trunc(x),
                         &r, what, l))
      return v_make(V_ERROR, l);
    return v_int(r, l);
  }
  if (strcmp(fn, "isfinite") == 0 || strcmp(fn, "isinf") == 0 || strcmp(fn, "isnan") == 0) {
    Value r = v_make(V_BOOL, l);
    r.u.i = fn[2] == 'f' ? isfinite(x) : fn[2] == 'i' ? isinf(x) : isnan(x);
    return r;
  }
  if (strcmp(fn, "isqrt") == 0) {
    if (x < 0) return ev_error(ev, l, "math.isqrt() of a negative number");
    int64_t r = (int64_t)sqrt(x);
    while (r * r > (int64_t)x) r--;
    while ((r + 1) * (r + 1) <= (int64_t)x) r++;
    return v_int(r, l);
  }
  if ((strcmp(fn, "log2") == 0 || strcmp(fn, "log") == 0 || strcmp(fn, "log10") == 0 ||
       strcmp(fn, "sqrt") == 0) &&
      (x < 0 || (x == 0 && fn[0] == 'l')))
    return ev_error(ev, l, "math domain error in math.%s()", fn);
  if (strcmp(fn, "log2") == 0) return py_num(log2(x), l);
  if (strcmp(fn, "log") == 0) return py_num(log(x), l);
  if (strcmp(fn, "log10") == 0) return py_num(log10(x), l);
  if (strcmp(fn, "sqrt") == 0) return py_num(sqrt(x), l);
  if (strcmp(fn, "exp") == 0) return py_num(exp(x), l);
  return ev_error(ev, l, "math.%s is not supported", fn);
}

static Value py_text_call(Eval *ev, Value x, bool repr, Loc loc) {
  StrBuf b = {0};
  if (!py_to_text(ev, x, &b, repr)) {
    strbuf_free(&b);
    return v_make(V_ERROR, loc);
  }
  return py_take_str(ev, &b, loc);
}

/* Python ordering of parse-time values: numbers, strings, tuples/lists
 * lexicographically.  *ok = false for values that have no order. */
static int py_order(Eval *ev, Value a, Value b, bool *ok) {
  if (a.kind == V_OBJECT || b.kind == V_OBJECT) { /* __lt__ (or the other side's __gt__) */
    for (int side = 0; side < 2; side++) {
      int t = ev_truth(ev, ev_binop(ev, OP_LT, side ? b : a, side ? a : b, a.loc), a.loc);
      if (t < 0) return *ok = false, 0;
      if (t) return side ? 1 : -1;
    }
    return 0;
  }
  if (ev_is_number(&a) && ev_is_number(&b)) {
    double p = a.kind == V_FLOAT ? a.u.f : (double)a.u.i,
           q = b.kind == V_FLOAT ? b.u.f : (double)b.u.i;
    if (a.kind != V_FLOAT && b.kind != V_FLOAT) return (a.u.i > b.u.i) - (a.u.i < b.u.i);
    return (p > q) - (p < q);
  }
  if (a.kind == V_STR && b.kind == V_STR) {
    size_t n = a.u.s.len < b.u.s.len ? a.u.s.len : b.u.s.len;
    int c = memcmp(a.u.s.p, b.u.s.p, n);
    if (c) return c < 0 ? -1 : 1;
    return (a.u.s.len > b.u.s.len) - (a.u.s.len < b.u.s.len);
  }
  if ((a.kind == V_TUPLE || a.kind == V_LIST) && a.kind == b.kind) {
    for (int i = 0; i < a.u.list.n && i < b.u.list.n; i++) {
      int c = py_order(ev, a.u.list.items[i], b.u.list.items[i], ok);
      if (c || !*ok) return c;
    }
    return (a.u.list.n > b.u.list.n) - (a.u.list.n < b.u.list.n);
  }
  *ok = false;
  return 0;
}

/* ---- builtins over parse-time values (rows of builtins.def) ------------------------ */

/* The one iterable argument of list(), sum(), enumerate() ...: its items. */
static bool bi_one_iterable(Eval *ev, const Builtin *self, Args *a, Value **items, int *n) {
  if (!ev_builtin_nokw(ev, self, a)) return false;
  if (a->npos != 1) return ev_error(ev, a->loc, "%s() takes one argument here", self->name), false;
  return py_items(ev, a->pos[0], items, n, a->loc);
}

/* key=, reverse=, default= of sorted(), min(), max() */
static bool bi_order_keywords(Eval *ev, const Builtin *self, Args *a, Value **key, Value **dflt,
                              bool *rev) {
  *key = *dflt = NULL;
  *rev = false;
  for (int i = 0; i < a->nkw; i++) {
    if (strcmp(a->kwn[i], "key") == 0) *key = a->kwv[i].kind == V_NONE ? NULL : &a->kwv[i];
    else if (strcmp(a->kwn[i], "reverse") == 0 && !ev_truthy_const(ev, a->kwv[i], rev))
      return ev_error(ev, a->loc, "reverse= must be a constant"), false;
    else if (strcmp(a->kwn[i], "default") == 0) *dflt = &a->kwv[i];
    else if (strcmp(a->kwn[i], "reverse") != 0)
      return ev_error(ev, a->loc, "%s() got an unexpected keyword argument '%s'", self->name,
                      a->kwn[i]),
             false;
  }
  return true;
}

/* The items of sorted(x) / min(x) / max(x) (or of min(a, b, ...)) and their keys. */
static bool bi_keyed_items(Eval *ev, const Builtin *self, Args *a, Value *key, Value **items,
                           Value **keys, int *n) {
  Loc l = a->loc;
  if (self != &ev_builtins[BI_sorted] && a->npos > 1) {
    *items = a->pos;
    *n = a->npos;
  } else {
    if (a->npos != 1) return ev_error(ev, l, "%s() takes one iterable", self->name), false;
    if (!py_items(ev, a->pos[0], items, n, l)) return false;
  }
  *keys = TIRX_NEWN(ev->m, Value, *n + 1);
  for (int i = 0; i < *n; i++) {
    (*keys)[i] = (*items)[i];
    if (key) {
      Args ca = {&(*items)[i], 1, NULL, NULL, 0, l};
      (*keys)[i] = ev_call_value(ev, *key, &ca);
      if ((*keys)[i].kind == V_ERROR || !ev_py_step(ev, l)) return false;
    }
  }
  return true;
}

/* min(a, b) of two numbers in a kernel body too; min(iterable, key=, default=) */
Value bi_min_max(Eval *ev, const Builtin *self, Args *a) {
  bool is_min = self == &ev_builtins[BI_min];
  if (a->npos == 2 && !a->nkw && !(ev_is_number(&a->pos[0]) && ev_is_number(&a->pos[1])) &&
      (a->pos[0].kind == V_EXPR || a->pos[1].kind == V_EXPR || a->pos[0].kind == V_SCALAR ||
       a->pos[1].kind == V_SCALAR))
    return ev_error(ev, a->loc, "Python %s() of IR values: use T.%s(a, b)", self->name, self->name);
  Value *key, *dflt, *items, *keys;
  bool rev;
  int n;
  if (!bi_order_keywords(ev, self, a, &key, &dflt, &rev) ||
      !bi_keyed_items(ev, self, a, key, &items, &keys, &n))
    return v_make(V_ERROR, a->loc);
  if (n == 0) return dflt ? *dflt : ev_error(ev, a->loc, "%s() of an empty sequence", self->name);
  int best = 0;
  for (int i = 1; i < n; i++) {
    bool ok = true;
    int c = py_order(ev, keys[i], keys[best], &ok);
    if (!ok)
      return ev_error(ev, a->loc, "%s(): these values cannot be compared at parse time",
                      self->name);
    if (is_min ? c < 0 : c > 0) best = i;
  }
  return items[best];
}

Value bi_sorted(Eval *ev, const Builtin *self, Args *a) {
  Loc l = a->loc;
  Value *key, *dflt, *items, *keys;
  bool rev;
  int n;
  if (!bi_order_keywords(ev, self, a, &key, &dflt, &rev) ||
      !bi_keyed_items(ev, self, a, key, &items, &keys, &n))
    return v_make(V_ERROR, l);
  /* a stable insertion sort: lists sorted at parse time are short */
  int *ord = TIRX_NEWN(ev->m, int, n + 1);
  for (int i = 0; i < n; i++) {
    int j = i;
    while (j > 0) {
      bool ok = true;
      int c = py_order(ev, keys[ord[j - 1]], keys[i], &ok);
      if (!ok) return ev_error(ev, l, "sorted(): these values cannot be compared at parse time");
      if (rev ? c >= 0 : c <= 0) break;
      ord[j] = ord[j - 1];
      j--;
    }
    ord[j] = i;
    if (!ev_py_step(ev, l)) return v_make(V_ERROR, l);
  }
  Value *r = TIRX_NEWN(ev->m, Value, n + 1);
  for (int i = 0; i < n; i++) r[i] = items[ord[i]];
  return py_seq(ev, V_LIST, r, n, l);
}

Value bi_print(Eval *ev, const Builtin *self, Args *a) {
  (void)ev, (void)self;
  return v_make(V_NONE, a->loc); /* parse-time output is dropped */
}

Value bi_set(Eval *ev, const Builtin *self, Args *a) {
  Loc l = a->loc;
  if (a->nkw)
    return ev_error(ev, l, "%s() got an unexpected keyword argument '%s'", self->name, a->kwn[0]);
  if (a->npos == 0) return ev_py_set(ev, py_seq(ev, V_LIST, NULL, 0, l));
  Value *items;
  int n;
  if (a->npos != 1) return ev_error(ev, l, "%s() takes one iterable", self->name);
  if (!py_items(ev, a->pos[0], &items, &n, l)) return v_make(V_ERROR, l);
  return ev_py_set(ev, py_seq(ev, V_LIST, items, n, l));
}

/* map(f, xs, ys, ...) over several iterables: f of each zipped row */
static Value map_zipped(Eval *ev, Args *a) {
  Loc l = a->loc;
  Args za = {a->pos + 1, a->npos - 1, NULL, NULL, 0, l};
  Value z = bi_zip(ev, &ev_builtins[BI_zip], &za);
  if (z.kind == V_ERROR) return z;
  PyVec out = {0};
  for (int i = 0; i < z.u.list.n; i++) {
    Args ca = {z.u.list.items[i].u.list.items, z.u.list.items[i].u.list.n, NULL, NULL, 0, l};
    Value r = ev_call_value(ev, a->pos[0], &ca);
    if (r.kind == V_ERROR) return r;
    pv_push(ev, &out, r);
  }
  return py_seq(ev, V_LIST, out.v, out.n, l);
}

Value bi_map_filter(Eval *ev, const Builtin *self, Args *a) {
  Loc l = a->loc;
  bool map = self == &ev_builtins[BI_map];
  if (a->nkw)
    return ev_error(ev, l, "%s() got an unexpected keyword argument '%s'", self->name, a->kwn[0]);
  if (a->npos < 2) return ev_error(ev, l, "%s() takes a function and an iterable", self->name);
  if (map && a->npos > 2) return map_zipped(ev, a);
  Value *items;
  int n;
  if (!py_items(ev, a->pos[1], &items, &n, l)) return v_make(V_ERROR, l);
  PyVec out = {0};
  for (int i = 0; i < n; i++) {
    Value r = items[i];
    if (a->pos[0].kind != V_NONE) {
      Args ca = {&items[i], 1, NULL, NULL, 0, l};
      r = ev_call_value(ev, a->pos[0], &ca);
      if (r.kind == V_ERROR || !ev_py_step(ev, l)) return v_make(V_ERROR, l);
    }
    if (map) {
      pv_push(ev, &out, r);
      continue;
    }
    bool t;
    if (!ev_truthy_const(ev, r, &t))
      return ev_error(ev, l, "filter() condition is not a parse-time value");
    if (t) pv_push(ev, &out, items[i]);
  }
  return py_seq(ev, V_LIST, out.v, out.n, l);
}

/* next(g[, default]): generator expressions run eagerly (a tuple), so next()
 * is their first item */
Value bi_next(Eval *ev, const Builtin *self, Args *a) {
  Loc l = a->loc;
  if (!ev_builtin_nokw(ev, self, a)) return v_make(V_ERROR, l);
  if (a->npos < 1 || a->npos > 2)
    return ev_error(ev, l, "next() takes an iterator and an optional default");
  Value *items;
  int n;
  Value x = a->pos[0];
  if (x.kind == V_OBJECT && ev_class_find(x.u.obj->cls, tirx_intern0(ev->m, "__next__"))) {
    /* an iterator object: its __next__; StopIteration gives the default */
    int nd = ev->d->n, ne = ev->d->nerrors, nerr = ev->nerr;
    ev->py->exc = NULL;
    Value r = ev_attr(ev, x, tirx_intern0(ev->m, "__next__"), l);
    Args none = {NULL, 0, NULL, NULL, 0, l};
    if (r.kind != V_ERROR) r = ev_call_value(ev, r, &none);
    if (r.kind != V_ERROR || a->npos == 1 || !ev->py->exc ||
        strcmp(ev->py->exc, "StopIteration") != 0)
      return r;
    ev_diag_rollback(ev, nd, ne, nerr);
    return a->pos[1];
  }
  if (!py_items(ev, x, &items, &n, l)) return v_make(V_ERROR, l);
  if (n) return items[0];
  if (a->npos == 2) return a->pos[1];
  return ev_error(ev, l, "next(): StopIteration (the iterator is empty and no default was given)");
}

/* str(x) / repr(x) */
Value bi_str(Eval *ev, const Builtin *self, Args *a) {
  if (!ev_builtin_nokw(ev, self, a)) return v_make(V_ERROR, a->loc);
  if (a->npos == 0) return py_str_value(ev, "", 0, a->loc);
  if (a->npos != 1) return ev_error(ev, a->loc, "%s() takes one argument here", self->name);
  if (self == &ev_builtins[BI_str] && a->pos[0].kind == V_STR) { /* str(s) is s, as in CPython */
    Value r = v_make(V_STR, a->loc);
    r.u.s = a->pos[0].u.s;
    return r;
  }
  return py_text_call(ev, a->pos[0], self == &ev_builtins[BI_repr], a->loc);
}

/* dict(mapping or pairs) as a dict */
static bool dict_source(Eval *ev, Value x, Value *src, Loc l) {
  if (x.kind == V_DICT) return *src = x, true;
  Value *items;
  int n;
  if (!py_items(ev, x, &items, &n, l)) return false;
  src->u.dict.keys = TIRX_NEWN(ev->m, Value, n + 1);
  src->u.dict.vals = TIRX_NEWN(ev->m, Value, n + 1);
  PyKeyIndex ix = {0};
  for (int i = 0; i < n; i++) {
    if ((items[i].kind != V_TUPLE && items[i].kind != V_LIST) || items[i].u.list.n != 2) {
      pki_free(&ix);
      return ev_error(ev, l, "dict() needs (key, value) pairs"), false;
    }
    dict_put(ev, src, &ix, items[i].u.list.items[0], items[i].u.list.items[1]);
  }
  pki_free(&ix);
  return true;
}

/* dict(mapping or pairs, **kw) */
Value bi_dict(Eval *ev, const Builtin *self, Args *a) {
  Loc l = a->loc;
  (void)self;
  Value src = v_make(V_DICT, l);
  if (a->npos > 1) return ev_error(ev, l, "dict() takes at most one positional argument");
  if (a->npos == 1 && !dict_source(ev, a->pos[0], &src, l)) return v_make(V_ERROR, l);
  Value d = v_make(V_DICT, l);
  d.u.dict.keys = TIRX_NEWN(ev->m, Value, src.u.dict.n + a->nkw + 1);
  d.u.dict.vals = TIRX_NEWN(ev->m, Value, src.u.dict.n + a->nkw + 1);
  PyKeyIndex x = {0};
  for (int i = 0; i < src.u.dict.n; i++)
    dict_put(ev, &d, &x, src.u.dict.keys[i], src.u.dict.vals[i]);
  for (int i = 0; i < a->nkw; i++)
    dict_put(ev, &d, &x, py_str_value(ev, a->kwn[i], strlen(a->kwn[i]), l), a->kwv[i]);
  pki_free(&x);
  return d;
}

Value bi_divmod(Eval *ev, const Builtin *self, Args *a) {
  Loc l = a->loc;
  if (!ev_builtin_nokw(ev, self, a)) return v_make(V_ERROR, l);
  if (a->npos != 2) return ev_error(ev, l, "divmod() takes two arguments");
  Value t[2] = {ev_binop(ev, OP_DSLASH, a->pos[0], a->pos[1], l),
                ev_binop(ev, OP_PERCENT, a->pos[0], a->pos[1], l)};
  if (t[0].kind == V_ERROR || t[1].kind == V_ERROR) return v_make(V_ERROR, l);
  return py_seq(ev, V_TUPLE, t, 2, l);
}

Value bi_pow(Eval *ev, const Builtin *self, Args *a) {
  if (!ev_builtin_nokw(ev, self, a)) return v_make(V_ERROR, a->loc);
  if (a->npos != 2) return ev_error(ev, a->loc, "pow() takes two arguments here");
  return ev_binop(ev, OP_POW, a->pos[0], a->pos[1], a->loc);
}

Value bi_round(Eval *ev, const Builtin *self, Args *a) {
  if (!ev_builtin_nokw(ev, self, a)) return v_make(V_ERROR, a->loc);
  if (a->npos != 1) return ev_error(ev, a->loc, "round() takes one argument here");
  if (a->pos[0].kind == V_INT || a->pos[0].kind == V_BOOL)
    return v_int(a->pos[0].u.i, a->loc); /* exact */
  double x;
  int64_t r;
  if (!py_get_num(ev, a->pos[0], &x, "round")) return v_make(V_ERROR, a->loc);
  return ev_float_to_int(ev, nearbyint(x), &r, "round()", a->loc) ? v_int(r, a->loc)
                                                                  : v_make(V_ERROR, a->loc);
}

/* tuple(x) / list(x) */
Value bi_seq(Eval *ev, const Builtin *self, Args *a) {
  if (a->npos == 0 && !a->nkw) return py_seq(ev, self->type, NULL, 0, a->loc);
  Value *items;
  int n;
  if (!bi_one_iterable(ev, self, a, &items, &n)) return v_make(V_ERROR, a->loc);
  return py_seq(ev, self->type, items, n, a->loc);
}

Value bi_reversed(Eval *ev, const Builtin *self, Args *a) {
  Value *items;
  int n;
  if (!bi_one_iterable(ev, self, a, &items, &n)) return v_make(V_ERROR, a->loc);
  Value *r = TIRX_NEWN(ev->m, Value, n + 1);
  for (int i = 0; i < n; i++) r[i] = items[n - 1 - i];
  return py_seq(ev, V_LIST, r, n, a->loc);
}

Value bi_enumerate(Eval *ev, const Builtin *self, Args *a) {
  Value *items;
  int n;
  if (!bi_one_iterable(ev, self, a, &items, &n)) return v_make(V_ERROR, a->loc);
  Value *r = TIRX_NEWN(ev->m, Value, n + 1);
  for (int i = 0; i < n; i++) {
    Value p[2] = {v_int(i, a->loc), items[i]};
    r[i] = py_seq(ev, V_TUPLE, p, 2, a->loc);
  }
  return py_seq(ev, V_LIST, r, n, a->loc);
}

Value bi_sum(Eval *ev, const Builtin *self, Args *a) {
  Value *items;
  int n;
  if (!bi_one_iterable(ev, self, a, &items, &n)) return v_make(V_ERROR, a->loc);
  Value acc = v_int(0, a->loc);
  for (int i = 0; i < n; i++)
    if ((acc = ev_binop(ev, OP_PLUS, acc, items[i], a->loc)).kind == V_ERROR) return acc;
  return acc;
}

/* any(x) / all(x) */
Value bi_any_all(Eval *ev, const Builtin *self, Args *a) {
  Value *items;
  int n;
  if (!bi_one_iterable(ev, self, a, &items, &n)) return v_make(V_ERROR, a->loc);
  bool want = self == &ev_builtins[BI_any];
  Value r = v_make(V_BOOL, a->loc);
  r.u.i = !want;
  for (int i = 0; i < n; i++) {
    bool t;
    if (!ev_truthy_const(ev, items[i], &t))
      return ev_error(ev, a->loc, "%s() of a non-parse-time value", self->name);
    if (t == want) return r.u.i = want, r;
  }
  return r;
}
/* zip(xs, ys, ...) */
Value bi_zip(Eval *ev, const Builtin *self, Args *a) {
  (void)self; /* strict= is not checked */
  int n = -1;
  Value **cols = TIRX_NEWN(ev->m, Value *, a->npos + 1);
  for (int k = 0; k < a->npos; k++) {
    int m;
    if (!py_items(ev, a->pos[k], &cols[k], &m, a->loc)) return v_make(V_ERROR, a->loc);
    if (n < 0 || m < n) n = m;
  }
  if (n < 0) n = 0;
  Value *r = TIRX_NEWN(ev->m, Value, n + 1);
  for (int i = 0; i < n; i++) {
    Value *row = TIRX_NEWN(ev->m, Value, a->npos + 1);
    for (int k = 0; k < a->npos; k++) row[k] = cols[k][i];
    r[i] = py_seq(ev, V_TUPLE, row, a->npos, a->loc);
  }
  return py_seq(ev, V_LIST, r, n, a->loc);
}

static Value *empty_dict_once(Eval *ev, Value *d) {
  if (d->kind != V_DICT) {
    *d = v_make(V_DICT, (Loc){0, 0});
    d->u.dict.keys = TIRX_NEWN(ev->m, Value, 1);
    d->u.dict.vals = TIRX_NEWN(ev->m, Value, 1);
  }
  return d;
}

/* The compile's os.environ (created empty on first use). */
Value *ev_py_environ(Eval *ev) { return empty_dict_once(ev, &ev->py->environ); }

/* The dicts of the evaluator's own modules that a program mutates: os.environ and
 * sys.modules (only what the program stored there: the evaluator's own imports are
 * not listed).  NULL for any other name. */
Value *ev_py_libmod_dict(Eval *ev, const char *mod, const char *name) {
  if (strcmp(mod, "os") == 0 && strcmp(name, "environ") == 0) return ev_py_environ(ev);
  if (strcmp(mod, "sys") == 0 && strcmp(name, "modules") == 0)
    return empty_dict_once(ev, &ev->py->sys_modules);
  return NULL;
}

/* MODULE.NAME of one of the evaluator's own modules: its values (os.environ,
 * sys.modules, math's constants), else its row (pylib.def) */
static Value libmod_attr(Eval *ev, const char *mod, const char *name, Loc loc) {
  Value *d = ev_py_libmod_dict(ev, mod, name);
  if (d) { /* parse time is hermetic: both start empty (a compile never depends on the
            * process environment); what the code stores in them stays for the compile */
    Value v = *d;
    v.loc = loc;
    return v;
  }
  if (strcmp(mod, "math") == 0) {
    static const struct {
      const char *name;
      double v;
    } consts[] = {{"pi", PY_PI},
                  {"e", 2.718281828459045},
                  {"tau", 2 * PY_PI},
                  {"nan", NAN},
                  {"inf", INFINITY}};
    for (size_t i = 0; i < sizeof consts / sizeof consts[0]; i++)
      if (strcmp(name, consts[i].name) == 0) return py_num(consts[i].v, loc);
  }
  return ev_libmod_attr(ev, mod, name, loc);
}

/* The getattr slot of the Python kinds (value_kinds.def) */
Value ev_py_getattr(Eval *ev, Value obj, const char *name, Loc loc) {
  Value r;
  if (ev_py_attr(ev, obj, name, loc, &r)) return r;
  return ev_error(ev, loc, "value has no attribute '%s'", name);
}

/* Attributes of Python values: methods bound to their receiver. */
bool ev_py_attr(Eval *ev, Value obj, const char *name, Loc loc, Value *out) {
  if (ev_class_attr(ev, obj, name, loc, out)) return true;
  if (obj.kind == V_LIBMOD) {
    *out = libmod_attr(ev, obj.u.ns, name, loc);
    return true;
  }
  if (obj.kind == V_UNRESOLVED) {
    *out = ev_python_hooks.unresolved(ev, obj, loc);
    return true;
  }
  if (obj.kind != V_STR && obj.kind != V_LIST && obj.kind != V_TUPLE && obj.kind != V_DICT &&
      obj.kind != V_INT && obj.kind != V_BOOL && obj.kind != V_FLOAT)
    return false;
  const Method *m = ev_method_find(obj.kind, name);
  if (!m && (obj.kind == V_INT || obj.kind == V_BOOL || obj.kind == V_FLOAT)) return false;
  if (!m) {
    *out = ev_error(ev, loc, "'%s' object has no attribute '%s'", ev_types[obj.kind].name, name);
    return true;
  }
  *out = ev_method_value(ev, m, obj, loc);
  return true;
}

/* A list with `add` appended.  Arrays made here have spare room: the
 * value that owns the array's used prefix appends in place, any other
 * alias (a shorter view) copies. */
static Value py_list_grow(Eval *ev, Value l, const Value *add, int na) {
  int n = l.u.list.n;
  intptr_t info = n ? txmap_geti(&ev->py->grow, l.u.list.items) : 0;
  int cap = (int)(info >> 32), used = (int)(info & 0xffffffff);
  if (info && used == n && cap - n >= na) {
    if (na) memcpy(l.u.list.items + n, add, sizeof(Value) * (size_t)na);
    l.u.list.n = n + na;
    txmap_puti(&ev->py->grow, l.u.list.items, ((intptr_t)cap << 32) | (n + na));
    return l;
  }
  int nc = (n + na) * 2 + 4;
  Value *nv = TIRX_NEWN(ev->m, Value, nc);
  if (n) memcpy(nv, l.u.list.items, sizeof(Value) * (size_t)n);
  if (na) memcpy(nv + n, add, sizeof(Value) * (size_t)na);
  txmap_puti(&ev->py->grow, nv, ((intptr_t)nc << 32) | (n + na));
  l.u.list.items = nv;
  l.u.list.n = n + na;
  return l;
}

static Value py_dict_copy(Eval *ev, Value d, int extra) {
  Value r = d;
  r.u.dict.keys = TIRX_NEWN(ev->m, Value, d.u.dict.n + extra + 1);
  r.u.dict.vals = TIRX_NEWN(ev->m, Value, d.u.dict.n + extra + 1);
  if (d.u.dict.n) {
    memcpy(r.u.dict.keys, d.u.dict.keys, sizeof(Value) * (size_t)d.u.dict.n);
    memcpy(r.u.dict.vals, d.u.dict.vals, sizeof(Value) * (size_t)d.u.dict.n);
  }
  return r;
}

/* d with the new key k: v appended, in place when d owns spare room (the
 * same scheme as py_list_grow, keyed by the keys array). */
static Value py_dict_add(Eval *ev, Value d, Value k, Value v) {
  int n = d.u.dict.n;
  intptr_t info = n ? txmap_geti(&ev->py->grow, d.u.dict.keys) : 0;
  int cap = (int)(info >> 32), used = (int)(info & 0xffffffff);
  if (!(info && used == n && cap > n)) {
    cap = n * 2 + 4;
    Value *ks = TIRX_NEWN(ev->m, Value, cap), *vs = TIRX_NEWN(ev->m, Value, cap);
    if (n)
      memcpy(ks, d.u.dict.keys, sizeof(Value) * (size_t)n),
          memcpy(vs, d.u.dict.vals, sizeof(Value) * (size_t)n);
    d.u.dict.keys = ks;
    d.u.dict.vals = vs;
  }
  d.u.dict.keys[n] = k;
  d.u.dict.vals[n] = v;
  d.u.dict.n = n + 1;
  txmap_puti(&ev->py->grow, d.u.dict.keys, ((intptr_t)cap << 32) | (n + 1));
  return d;
}


/* Every other name bound to the same container (the same array, the same
 * length) sees the change too: `b = a; b.append(x)` is visible through a. */
static void alias_update_one(Value *v, Value old, Value nv);

static void py_alias_update(Eval *ev, Value old, Value nv) {
  for (int i = 0; i < ev->nbinds; i++) alias_update_one(&ev->binds[i].v, old, nv);
  for (int i = 0; i < ev->py->nshared_dflts; i++)
    for (int k = 0; k < ev->py->shared_dflts[i].n; k++)
      alias_update_one(&ev->py->shared_dflts[i].v[k], old, nv);
}

/* *v holds the container old (the same array and length): it becomes nv */
static void alias_update_one(Value *v, Value old, Value nv) {
  if (v->kind != old.kind) return;
  bool same = old.kind == V_LIST
                  ? v->u.list.items == old.u.list.items && v->u.list.n == old.u.list.n
                  : v->u.dict.keys == old.u.dict.keys && v->u.dict.n == old.u.dict.n;
  if (same &&
      (old.kind == V_LIST ? old.u.list.n > 0 || v->u.list.items == old.u.list.items : true)) {
    Loc l = v->loc;
    *v = nv;
    v->loc = l;
  }
}

/* Methods that change their receiver: the new container is stored back
 * through the receiver's expression.  Returns false when m is not one. */
/* ---- methods of parse-time values (rows of methods.def) ----------------------------
 * Each is FN(ev, row, self, args, recv): recv is the receiver's expression when
 * the call names one (a mutator stores the new value back through it). */

static Value m_bad_args(Eval *ev, const Method *m, Args *a) {
  return ev_error(ev, a->loc, "method '%s' is not supported with these arguments at parse time",
                  m->name);
}

/* A mutator's result: nv replaces self for every alias and through recv. */
static Value mutated(Eval *ev, Value self, Value nv, Value out, Ast *recv) {
  if (nv.kind == V_ERROR) return nv;
  nv.pyset = self.pyset; /* a set stays one */
  py_alias_update(ev, self, nv);
  if (recv && !py_store_back(ev, recv, nv)) return v_make(V_ERROR, out.loc);
  return out;
}

Value m_list_append(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  if (a->npos != 1 || a->nkw) return m_bad_args(ev, m, a);
  return mutated(ev, self, py_list_grow(ev, self, a->pos, 1), v_make(V_NONE, a->loc), recv);
}

Value m_list_extend(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  if (a->npos != 1 || a->nkw) return m_bad_args(ev, m, a);
  Value *add;
  int na;
  if (!py_items(ev, a->pos[0], &add, &na, a->loc)) return v_make(V_ERROR, a->loc);
  if ((int64_t)self.u.list.n + na > PY_MAX_ITEMS)
    return ev_error(ev, a->loc, "list longer than %d items", PY_MAX_ITEMS);
  return mutated(ev, self, py_list_grow(ev, self, add, na), v_make(V_NONE, a->loc), recv);
}

Value m_list_insert(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  if (a->npos != 2 || a->nkw) return m_bad_args(ev, m, a);
  int64_t i;
  if (!ev_get_int(ev, a->pos[0], &i, "insert() index")) return v_make(V_ERROR, a->loc);
  int n = self.u.list.n;
  if (i < 0) i += n;
  if (i < 0) i = 0;
  if (i > n) i = n;
  Value *items = TIRX_NEWN(ev->m, Value, n + 2);
  if (i) memcpy(items, self.u.list.items, sizeof(Value) * (size_t)i);
  items[i] = a->pos[1];
  if (n - i) memcpy(items + i + 1, self.u.list.items + i, sizeof(Value) * (size_t)(n - i));
  return mutated(ev, self, py_seq(ev, V_LIST, items, n + 1, a->loc), v_make(V_NONE, a->loc), recv);
}

/* self without its item i */
static Value list_without(Eval *ev, Value self, int64_t i, Loc l) {
  Value *items = TIRX_NEWN(ev->m, Value, self.u.list.n + 1);
  int k = 0;
  for (int j = 0; j < self.u.list.n; j++)
    if (j != i) items[k++] = self.u.list.items[j];
  return py_seq(ev, V_LIST, items, k, l);
}

Value m_list_pop(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  if (a->npos > 1 || a->nkw) return m_bad_args(ev, m, a);
  int64_t i = self.u.list.n - 1;
  if (a->npos && !ev_get_int(ev, a->pos[0], &i, "pop() index")) return v_make(V_ERROR, a->loc);
  if (i < 0 && a->npos) i += self.u.list.n;
  if (i < 0 || i >= self.u.list.n)
    return ev_error(ev, a->loc, "pop from an empty list or index out of range");
  return mutated(ev, self, list_without(ev, self, i, a->loc), self.u.list.items[i], recv);
}

Value m_list_remove(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  if (a->npos != 1 || a->nkw) return m_bad_args(ev, m, a);
  int i = 0;
  while (i < self.u.list.n && !py_equal(ev, self.u.list.items[i], a->pos[0])) i++;
  if (i == self.u.list.n) return ev_error(ev, a->loc, "list.remove(x): x not in list");
  return mutated(ev, self, list_without(ev, self, i, a->loc), v_make(V_NONE, a->loc), recv);
}

Value m_list_clear(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  if (a->npos || a->nkw) return m_bad_args(ev, m, a);
  return mutated(ev, self, py_seq(ev, V_LIST, NULL, 0, a->loc), v_make(V_NONE, a->loc), recv);
}

/* s.add(x) of a set (a list without duplicates) */
Value m_set_add(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  if (a->npos != 1 || a->nkw) return m_bad_args(ev, m, a);
  bool in;
  ev_py_contains(ev, a->pos[0], self, &in);
  return mutated(ev, self, in ? self : py_list_grow(ev, self, a->pos, 1), v_make(V_NONE, a->loc),
                 recv);
}

Value m_set_discard(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  if (a->npos != 1 || a->nkw) return m_bad_args(ev, m, a);
  Value *items = TIRX_NEWN(ev->m, Value, self.u.list.n + 1);
  int k = 0;
  for (int j = 0; j < self.u.list.n; j++)
    if (!py_equal(ev, self.u.list.items[j], a->pos[0])) items[k++] = self.u.list.items[j];
  return mutated(ev, self, py_seq(ev, V_LIST, items, k, a->loc), v_make(V_NONE, a->loc), recv);
}

/* xs.sort(key=, reverse=) / xs.reverse(): in place, every alias sees the new order */
Value m_list_sort(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)recv;
  if (a->npos) return m_bad_args(ev, m, a);
  Value nv;
  if (m->name[0] == 's') {
    Args sa = *a;
    sa.pos = &self;
    sa.npos = 1;
    nv = bi_sorted(ev, &ev_builtins[BI_sorted], &sa);
  } else {
    if (a->nkw) return m_bad_args(ev, m, a);
    Value *items = TIRX_NEWN(ev->m, Value, self.u.list.n + 1);
    for (int j = 0; j < self.u.list.n; j++) items[j] = self.u.list.items[self.u.list.n - 1 - j];
    nv = py_seq(ev, V_LIST, items, self.u.list.n, a->loc);
  }
  if (nv.kind == V_ERROR) return nv;
  if (nv.u.list.n) memcpy(self.u.list.items, nv.u.list.items, sizeof(Value) * (size_t)nv.u.list.n);
  return v_make(V_NONE, a->loc);
}

Value m_list_copy(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)recv;
  if (a->npos || a->nkw) return m_bad_args(ev, m, a);
  return py_seq(ev, V_LIST, self.u.list.items, self.u.list.n, a->loc);
}

/* d with key k set to v (a copy with room for it, or d's own key updated) */
static void dict_set_copy(Eval *ev, Value *nv, Value k, Value v) {
  int i = py_dict_find(ev, *nv, k);
  if (i >= 0) nv->u.dict.vals[i] = v;
  else nv->u.dict.keys[nv->u.dict.n] = k, nv->u.dict.vals[nv->u.dict.n++] = v;
}

Value m_dict_update(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  Loc l = a->loc;
  if (a->npos > 1) return m_bad_args(ev, m, a);
  Value src = v_make(V_DICT, l);
  if (a->npos) {
    src = a->pos[0];
    if (src.kind != V_DICT) return ev_error(ev, l, "dict.update() needs a dict");
  }
  Value nv = py_dict_copy(ev, self, src.u.dict.n + a->nkw);
  for (int i = 0; i < src.u.dict.n; i++)
    dict_set_copy(ev, &nv, src.u.dict.keys[i], src.u.dict.vals[i]);
  for (int i = 0; i < a->nkw; i++)
    dict_set_copy(ev, &nv, py_str_value(ev, a->kwn[i], strlen(a->kwn[i]), l), a->kwv[i]);
  return mutated(ev, self, nv, v_make(V_NONE, l), recv);
}

Value m_dict_setdefault(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  if (a->npos < 1 || a->npos > 2 || a->nkw) return m_bad_args(ev, m, a);
  int k = py_dict_find(ev, self, a->pos[0]);
  if (k >= 0) return self.u.dict.vals[k];
  Value out = a->npos == 2 ? a->pos[1] : v_make(V_NONE, a->loc);
  return mutated(ev, self, py_dict_add(ev, self, a->pos[0], out), out, recv);
}

Value m_dict_pop(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  if (a->npos < 1 || a->npos > 2 || a->nkw) return m_bad_args(ev, m, a);
  int k = py_dict_find(ev, self, a->pos[0]);
  if (k < 0) return a->npos == 2 ? a->pos[1] : ev_error(ev, a->loc, "dict.pop(): key not found");
  Value nv = py_dict_copy(ev, self, 0);
  nv.u.dict.n = 0;
  for (int i = 0; i < self.u.dict.n; i++)
    if (i != k)
      nv.u.dict.keys[nv.u.dict.n] = self.u.dict.keys[i],
      nv.u.dict.vals[nv.u.dict.n++] = self.u.dict.vals[i];
  return mutated(ev, self, nv, self.u.dict.vals[k], recv);
}

Value m_dict_clear(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  if (a->npos || a->nkw) return m_bad_args(ev, m, a);
  Value nv = py_dict_copy(ev, self, 0);
  nv.u.dict.n = 0;
  return mutated(ev, self, nv, v_make(V_NONE, a->loc), recv);
}

Value m_dict_copy(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)recv;
  if (a->npos || a->nkw) return m_bad_args(ev, m, a);
  return py_dict_copy(ev, self, 0);
}

Value m_dict_get(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)recv;
  if (a->npos < 1 || a->npos > 2 || a->nkw) return m_bad_args(ev, m, a);
  int i = py_dict_find(ev, self, a->pos[0]);
  if (i >= 0) return self.u.dict.vals[i];
  return a->npos == 2 ? a->pos[1] : v_make(V_NONE, a->loc);
}

/* d.keys() / d.values() / d.items() */
Value m_dict_view(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)recv;
  Loc l = a->loc;
  if (a->npos || a->nkw) return m_bad_args(ev, m, a);
  if (m->name[0] == 'k') return py_seq(ev, V_LIST, self.u.dict.keys, self.u.dict.n, l);
  if (m->name[0] == 'v') return py_seq(ev, V_LIST, self.u.dict.vals, self.u.dict.n, l);
  Value *r = TIRX_NEWN(ev->m, Value, self.u.dict.n + 1);
  for (int i = 0; i < self.u.dict.n; i++) {
    Value p[2] = {self.u.dict.keys[i], self.u.dict.vals[i]};
    r[i] = py_seq(ev, V_TUPLE, p, 2, l);
  }
  return py_seq(ev, V_LIST, r, self.u.dict.n, l);
}

/* xs.index(x) / xs.count(x) of a list or tuple */
Value m_seq_index_count(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)recv;
  if (a->npos != 1 || a->nkw) return m_bad_args(ev, m, a);
  int c = 0;
  for (int i = 0; i < self.u.list.n; i++)
    if (py_equal(ev, self.u.list.items[i], a->pos[0])) {
      if (m->name[0] == 'i') return v_int(i, a->loc);
      c++;
    }
  if (m->name[0] == 'i') return ev_error(ev, a->loc, "value is not in the sequence");
  return v_int(c, a->loc);
}

Value m_int_bit_length(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)recv;
  if (a->npos || a->nkw) return m_bad_args(ev, m, a);
  uint64_t u = self.u.i < 0 ? (uint64_t)0 - (uint64_t)self.u.i : (uint64_t)self.u.i;
  int n = 0;
  while (u) n++, u >>= 1;
  return v_int(n, a->loc);
}

Value m_float_is_integer(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)recv;
  if (a->npos || a->nkw) return m_bad_args(ev, m, a);
  Value r = v_make(V_BOOL, a->loc);
  r.u.i = isfinite(self.u.f) && self.u.f == floor(self.u.f);
  return r;
}

Value m_str_format(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)m, (void)recv;
  return py_format_method(ev, self, a);
}

/* s.upper() / s.lower() */
Value m_str_case(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)recv;
  if (a->npos || a->nkw) return m_bad_args(ev, m, a);
  char *p = tirx_strdup(ev->m, self.u.s.p, self.u.s.len);
  for (size_t i = 0; i < self.u.s.len; i++)
    p[i] = (char)(m->name[0] == 'u' ? (p[i] >= 'a' && p[i] <= 'z' ? p[i] - 32 : p[i])
                                    : (p[i] >= 'A' && p[i] <= 'Z' ? p[i] + 32 : p[i]));
  Value v = v_make(V_STR, a->loc);
  v.u.s.p = p;
  v.u.s.len = self.u.s.len;
  return v;
}

/* s.startswith(t) / s.endswith(t) */
Value m_str_affix(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)recv;
  if (a->npos != 1 || a->nkw || a->pos[0].kind != V_STR) return m_bad_args(ev, m, a);
  size_t k = a->pos[0].u.s.len;
  Value v = v_make(V_BOOL, a->loc);
  v.u.i = k <= self.u.s.len &&
          memcmp(self.u.s.p + (m->name[0] == 's' ? 0 : self.u.s.len - k), a->pos[0].u.s.p, k) == 0;
  return v;
}

Value m_str_join(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)recv;
  Loc l = a->loc;
  if (a->npos != 1 || a->nkw) return m_bad_args(ev, m, a);
  Value *items;
  int n;
  if (!py_items(ev, a->pos[0], &items, &n, l)) return v_make(V_ERROR, l);
  StrBuf b = {0};
  for (int i = 0; i < n; i++) {
    if (items[i].kind != V_STR) {
      strbuf_free(&b);
      return ev_error(ev, l, "join() items must be strings");
    }
    if (i) strbuf_put(&b, self.u.s.p, self.u.s.len);
    strbuf_put(&b, items[i].u.s.p, items[i].u.s.len);
    if (b.n > EV_MAX_STR) break; /* py_take_str reports it */
  }
  return py_take_str(ev, &b, l);
}

Value m_str_replace(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)recv;
  Loc l = a->loc;
  const char *p = self.u.s.p;
  size_t n = self.u.s.len;
  if (a->npos < 2 || a->npos > 3 || a->nkw || a->pos[0].kind != V_STR || a->pos[1].kind != V_STR)
    return m_bad_args(ev, m, a);
  Value o = a->pos[0], w = a->pos[1];
  int64_t cnt = -1;
  if (a->npos == 3 && !ev_get_int(ev, a->pos[2], &cnt, "replace() count"))
    return v_make(V_ERROR, l);
  StrBuf b = {0};
  strbuf_put(&b, "", 0);
  size_t i = 0;
  while (i < n) {
    if (cnt != 0 && o.u.s.len && i + o.u.s.len <= n && memcmp(p + i, o.u.s.p, o.u.s.len) == 0) {
      strbuf_put(&b, w.u.s.p, w.u.s.len);
      i += o.u.s.len;
      if (cnt > 0) cnt--;
      continue;
    }
    strbuf_putc(&b, p[i++]);
  }
  return py_take_str(ev, &b, l);
}

/* s.split([sep[, maxsplit]]) / s.rsplit(...) */
Value m_str_split(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)recv;
  Loc l = a->loc;
  const char *p = self.u.s.p;
  size_t n = self.u.s.len;
  if (a->npos > 2 || a->nkw) return m_bad_args(ev, m, a);
  Value sep = a->npos ? a->pos[0] : v_make(V_NONE, l);
  int64_t maxs = -1;
  if (a->npos == 2 && !ev_get_int(ev, a->pos[1], &maxs, "split() maxsplit"))
    return v_make(V_ERROR, l);
  PyVec parts = {0};
  if (sep.kind == V_NONE) {
    size_t i = 0;
    while (i < n) {
      while (i < n && strchr(" \t\n\r", p[i])) i++;
      if (i >= n) break;
      size_t j = i;
      while (j < n && !strchr(" \t\n\r", p[j])) j++;
      pv_push(ev, &parts, py_str_value(ev, p + i, j - i, l));
      i = j;
    }
    return py_seq(ev, V_LIST, parts.v, parts.n, l);
  }
  if (sep.kind != V_STR || !sep.u.s.len)
    return ev_error(ev, l, "split() separator must be a non-empty string");
  size_t i = 0, k = sep.u.s.len;
  int64_t done = 0;
  for (size_t j = 0; j + k <= n;) {
    if ((maxs < 0 || done < maxs) && memcmp(p + j, sep.u.s.p, k) == 0) {
      pv_push(ev, &parts, py_str_value(ev, p + i, j - i, l));
      j += k;
      i = j;
      done++;
    } else {
      j++;
    }
  }
  pv_push(ev, &parts, py_str_value(ev, p + i, n - i, l));
  return py_seq(ev, V_LIST, parts.v, parts.n, l);
}

/* s.strip([chars]) / lstrip / rstrip */
Value m_str_strip(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)recv;
  if (a->npos > 1 || a->nkw) return m_bad_args(ev, m, a);
  const char *p = self.u.s.p, *chars = " \t\n\r";
  size_t n = self.u.s.len, nc = 4;
  if (a->npos && a->pos[0].kind == V_STR) chars = a->pos[0].u.s.p, nc = a->pos[0].u.s.len;
  size_t i = 0, j = n;
  if (m->name[0] != 'r')
    while (i < j && memchr(chars, p[i], nc)) i++;
  if (m->name[0] != 'l')
    while (j > i && memchr(chars, p[j - 1], nc)) j--;
  return py_str_value(ev, p + i, j - i, a->loc);
}

/* s.find(t) / rfind / index / count */
Value m_str_find(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)recv;
  if (a->npos != 1 || a->nkw || a->pos[0].kind != V_STR) return m_bad_args(ev, m, a);
  const char *p = self.u.s.p;
  size_t n = self.u.s.len, k = a->pos[0].u.s.len;
  char f = m->name[0];
  int64_t r = -1, c = 0;
  for (size_t i = 0; i + k <= n; i++)
    if (memcmp(p + i, a->pos[0].u.s.p, k) == 0) {
      if (r < 0 || f == 'r') r = (int64_t)i;
      c++;
      if (f == 'c' && k) i += k - 1;
    }
  if (f == 'c') r = c;
  if (f == 'i' && r < 0) return ev_error(ev, a->loc, "substring not found");
  return v_int(r, a->loc);
}

/* s.isdigit() / isalpha() / isidentifier() */
Value m_str_is(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)recv;
  if (a->npos || a->nkw) return m_bad_args(ev, m, a);
  const char *p = self.u.s.p;
  size_t n = self.u.s.len;
  char f = m->name[2];
  bool ok = n > 0;
  for (size_t i = 0; i < n; i++) {
    char c = p[i];
    bool dig = c >= '0' && c <= '9', alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    ok &= f == 'd' ? dig : f == 'a' ? alpha : (alpha || c == '_' || (dig && i > 0));
  }
  Value r = v_make(V_BOOL, a->loc);
  r.u.i = ok;
  return r;
}

/* s.removeprefix(t) / removesuffix(t) */
Value m_str_remove(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)recv;
  if (a->npos != 1 || a->nkw || a->pos[0].kind != V_STR) return m_bad_args(ev, m, a);
  const char *p = self.u.s.p;
  size_t n = self.u.s.len, k = a->pos[0].u.s.len;
  bool pre = m->name[6] == 'p';
  if (k <= n && memcmp(pre ? p : p + n - k, a->pos[0].u.s.p, k) == 0)
    return py_str_value(ev, pre ? p + k : p, n - k, a->loc);
  return self;
}

/* ---- subscripts -------------------------------------------------------------- */

static bool py_index(Eval *ev, Value v, int64_t n, bool clamp, int64_t *out, int64_t dflt) {
  if (v.kind == V_NONE) {
    *out = dflt;
    return true;
  }
  if (!ev_get_int(ev, v, out, "index")) return false;
  if (*out < 0) *out += n;
  if (clamp) {
    if (*out < 0) *out = dflt < 0 ? -1 : 0;
    if (*out > n) *out = n;
  }
  return true;
}

Value ev_py_subscript(Eval *ev, Value obj, Ast *a) {
  if (a->n != 1) return ev_error(ev, a->loc, "a Python sequence takes one index");
  Ast *ix = a->list[0];
  int64_t n = obj.kind == V_STR    ? (int64_t)obj.u.s.len
              : obj.kind == V_DICT ? obj.u.dict.n
                                   : obj.u.list.n;
  if (obj.kind == V_DICT) {
    Value k = ev_expr(ev, ix);
    if (k.kind == V_ERROR) return k;
    int i = py_dict_find(ev, obj, k);
    if (i >= 0) return obj.u.dict.vals[i];
    StrBuf b = {0};
    py_to_text(ev, k, &b, true);
    Value e = ev_error(ev, a->loc, "key %s is not in the dict", strbuf_str(&b));
    strbuf_free(&b);
    return e;
  }
  if (ix->kind == A_SLICE) {
    Value lo = ix->a ? ev_expr(ev, ix->a) : v_make(V_NONE, a->loc);
    Value hi = ix->b ? ev_expr(ev, ix->b) : v_make(V_NONE, a->loc);
    Value st = ix->c ? ev_expr(ev, ix->c) : v_make(V_NONE, a->loc);
    int64_t step = 1, i0, i1;
    if (st.kind != V_NONE && !ev_get_int(ev, st, &step, "slice step"))
      return v_make(V_ERROR, a->loc);
    if (step == 0) return ev_error(ev, a->loc, "slice step cannot be zero");
    if (!py_index(ev, lo, n, true, &i0, step > 0 ? 0 : n - 1) ||
        !py_index(ev, hi, n, true, &i1, step > 0 ? n : -1))
      return v_make(V_ERROR, a->loc);
    if (step < 0 && i0 >= n) i0 = n - 1;
    PyVec out = {0};
    StrBuf sb = {0};
    for (int64_t i = i0; step > 0 ? i < i1 : i > i1; i += step) {
      if (obj.kind == V_STR) strbuf_putc(&sb, obj.u.s.p[i]);
      else pv_push(ev, &out, obj.u.list.items[i]);
    }
    if (obj.kind == V_STR) {
      return py_take_str(ev, &sb, a->loc);
    }
    return py_seq(ev, obj.kind, out.v, out.n, a->loc);
  }
  Value k = ev_expr(ev, ix);
  if (k.kind == V_ERROR) return k;
  int64_t i;
  if (!py_index(ev, k, n, false, &i, 0)) return v_make(V_ERROR, a->loc);
  if (i < 0 || i >= n) return ev_error(ev, a->loc, "index out of range");
  if (obj.kind == V_STR) return py_str_value(ev, obj.u.s.p + i, 1, a->loc);
  return obj.u.list.items[i];
}

/* ---- _tirx.func_params: what inspect.signature reads (prelude/pystd/inspect.py) ---- */

/* _tirx.func_params(fn): one (name, kind, has_default, default, has_annotation,
 * annotation) per parameter of a Python function, kind numbered as
 * inspect.Parameter's (1 positional-or-keyword, 2 *args, 3 keyword-only,
 * 4 **kwargs).  Defaults and annotations are evaluated now, in the function's
 * module and closure (CPython evaluates them once, at the def; a kernel factory
 * asks right after it). */
/* ---- function objects' attributes ------------------------------------------------------
 * A function value is copied by value; what identifies the function object is the
 * environment its `def` captured (one per execution of the def), or the def itself
 * at module level.  f.__annotations__ = {...} (a factory giving a traced kernel its
 * parameter types) is kept under that key, and inspect.signature reads it. */
static const void *fn_key(Value fn) {
  return fn.u.py.env ? (const void *)fn.u.py.env : (const void *)fn.u.py.def;
}

Value *ev_py_fn_annotations(Eval *ev, Value fn) {
  return fn.kind == V_PYFUNC ? txmap_get(&ev->py->fn_annotations, fn_key(fn)) : NULL;
}

static bool pyfunc_setattr(Eval *ev, Value obj, const char *name, Value v, Loc loc) {
  if (strcmp(name, "__annotations__") != 0)
    return ev_error(ev, loc,
                    "cannot set attribute '%s' on a function at parse time (only __annotations__)",
                    name),
           false;
  if (v.kind != V_DICT)
    return ev_error(ev, v.loc, "a function's __annotations__ must be a dict, not a '%s' value",
                    ev_types[v.kind].name),
           false;
  Value *slot = TIRX_NEW(ev->m, Value);
  *slot = v;
  txmap_put(&ev->py->fn_annotations, fn_key(obj), slot);
  return true;
}

const ValueProto ev_pyfunc_proto = {.setattr = pyfunc_setattr};

/* the annotation of parameter `name` in an assigned __annotations__ dict (NULL: none) */
static Value *assigned_annotation(Value *ann, const char *name) {
  size_t n = strlen(name);
  for (int i = 0; ann && i < ann->u.dict.n; i++) {
    Value k = ann->u.dict.keys[i];
    if (k.kind == V_STR && k.u.s.len == n && memcmp(k.u.s.p, name, n) == 0)
      return &ann->u.dict.vals[i];
  }
  return NULL;
}

Value lib_func_params(Eval *ev, const Builtin *self, Args *a) {
  if (!ev_builtin_nokw(ev, self, a)) return v_make(V_ERROR, a->loc);
  if (a->npos != 1 || a->pos[0].kind != V_PYFUNC)
    return ev_error(
        ev, a->loc,
        "inspect.signature() takes a plain Python function (tirx has no signature of this value)");
  Value fn = a->pos[0];
  Ast *fd = fn.u.py.def;
  struct PyModule *saved_mod = ev->py->cur_mod; /* a switch to the running one is none */
  if (fn.u.py.mod != saved_mod) ev_python_hooks.module_switch(ev, fn.u.py.mod, &saved_mod);
  int saved_floor = ev->py_floor, saved_class_lo = ev->py->class_lo;
  ev->py_floor = ev->nbinds;
  ev->py->class_lo = 0;
  ev_push_scope(ev);
  PyFrame frame;
  ev_frame_enter(ev, &frame, fn.u.py.env);
  ev_py_env_define(ev, fn.u.py.env, fd->loc);
  Value *rows = TIRX_NEWN(ev->m, Value, fd->n + 1);
  Value r = v_make(V_NONE, a->loc);
  Value *ann = ev_py_fn_annotations(ev, fn); /* an assigned __annotations__ replaces the def's */
  for (int i = 0; i < fd->n; i++) {
    Ast *p = fd->list[i];
    Value f[6];
    f[0] = v_make(V_STR, p->loc);
    f[0].u.s.p = p->name;
    f[0].u.s.len = strlen(p->name);
    f[1] = v_int(p->ival & 4 ? 4 : p->ival & 2 ? 2 : p->ival & 1 ? 3 : 1, p->loc);
    f[2] = v_make(V_BOOL, p->loc);
    f[2].u.i = p->b != NULL;
    f[3] = p->b ? ev_expr(ev, p->b) : v_make(V_NONE, p->loc);
    Value *given = ann ? assigned_annotation(ann, p->name) : NULL;
    f[4] = v_make(V_BOOL, p->loc);
    f[4].u.i = ann ? given != NULL : p->a != NULL;
    f[5] = given ? *given : p->a && !ann ? ev_expr(ev, p->a) : v_make(V_NONE, p->loc);
    if (f[3].kind == V_ERROR || f[5].kind == V_ERROR) {
      r = v_make(V_ERROR, p->loc);
      break;
    }
    rows[i] = py_tuple_of(ev, f, 6, p->loc);
  }
  ev_frame_leave(ev, &frame);
  ev_pop_scope(ev);
  ev->py_floor = saved_floor;
  ev->py->class_lo = saved_class_lo;
  struct PyModule *dummy;
  if (ev->py->cur_mod != saved_mod) ev_python_hooks.module_switch(ev, saved_mod, &dummy);
  return r.kind == V_ERROR ? r : py_tuple_of(ev, rows, fd->n, a->loc);
}

/* ---- decorators: @T.inline, @T.macro, @T.jit ---------------------------------------- */

/* A name the tirx script module is bound to: T, or another name bound to it
 * (from tvm.script import tirx as Tx binds the T.tile namespace). */
static bool names_tirx(Eval *ev, const Ast *n) {
  if (n->kind != A_NAME) return false;
  if (strcmp(n->name, "T") == 0) return true;
  Binding *b = ev_lookup(ev, n->name);
  return b && b->v.kind == V_NS &&
         (strcmp(b->v.u.ns, "T") == 0 || strcmp(b->v.u.ns, "T.tile") == 0);
}

bool ev_decorator_is(Eval *ev, const Ast *d, const char *attr) {
  const Ast *c = d->kind == A_CALL ? d->a : d;
  return c->kind == A_ATTR && names_tirx(ev, c->a) && strcmp(c->name, attr) == 0;
}

bool ev_is_inline_def(Eval *ev, const Ast *fd) {
  for (int i = 0; i < fd->n2; i++)
    if (ev_decorator_is(ev, fd->list2[i], "inline") || ev_decorator_is(ev, fd->list2[i], "macro"))
      return true;
  return false;
}
