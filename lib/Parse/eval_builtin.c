/* Python's builtins: the table of builtins.def, and the builtins that serve
 * kernel bodies and Python code alike (range, len, min/max of two numbers,
 * abs, int/float/bool, the exception constructors).  The builtins over
 * containers and strings are in eval_py.c, those over classes and objects in
 * eval_class.c. */
#include <ctype.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "Parse/eval_python.h"


const char *ev_libmod_find(Eval *ev, const char *module) {
  static const char *const mods[] = {
#define LIBMOD(MODULE) #MODULE,
#define LIBFN(MODULE, NAME, FN)
#include "Parse/pylib.def"
  };
  for (size_t i = 0; i < sizeof mods / sizeof mods[0]; i++)
    if (strcmp(module, mods[i]) == 0) return tirx_intern0(ev->m, mods[i]);
  return NULL;
}

/* MODULE.NAME: its row, or a row made for a name without one (kept per name, so
 * that `is` holds between two reads) */
/* What ev_libmod_attr found for a name (lib_names: the interned name -> a chain of
 * these, one per module asked about): a row of pylib.def, or the row made for a
 * name without one. */
typedef struct LibHit {
  const char *module; /* interned */
  const Builtin *b;
  struct LibHit *next;
} LibHit;

Value ev_libmod_attr(Eval *ev, const char *module, const char *name, Loc loc) {
  const char *iname = tirx_intern0(ev->m, name);
  LibHit *first = txmap_get(&ev->py->lib_names, iname);
  for (LibHit *h = first; h; h = h->next)
    if (strcmp(h->module, module) == 0) return ev_builtin_value(h->b, loc);
  const Builtin *found = NULL;
  for (int i = 0; i < LIB_COUNT && !found; i++)
    if (strcmp(ev_libfns[i].module, module) == 0 && strcmp(ev_libfns[i].name, name) == 0)
      found = &ev_libfns[i];
  const char *imod = tirx_intern0(ev->m, module);
  if (!found) {
    Builtin *b = TIRX_NEW(ev->m, Builtin);
    *b = (Builtin){iname, lib_unsupported, V_ERROR, imod};
    found = b;
  }
  LibHit *h = TIRX_NEW(ev->m, LibHit);
  *h = (LibHit){imod, found, first};
  txmap_put(&ev->py->lib_names, iname, h);
  return ev_builtin_value(found, loc);
}

Value lib_unsupported(Eval *ev, const Builtin *self, Args *a) {
  return ev_error(ev, a->loc, "%s.%s() is not supported at parse time", self->module, self->name);
}

/* The builtins that read their arguments and keep no pointer into the arrays (the
 * hot ones of the kernel library's tracing): they may run on temporary arrays (ev_call);
 * every other one gets those copied into the arena first (ev_args_keep). */
static bool builtin_borrows(const Builtin *b) {
  return b == &ev_builtins[BI_isinstance] || b == &ev_builtins[BI_getattr] ||
         b == &ev_builtins[BI_len] || b == &ev_builtins[BI_any] || b == &ev_builtins[BI_callable] ||
         b == &ev_builtins[BI_str] || b == &ev_libfns[LIB__tirx_ir_visit] ||
         b == &ev_libfns[LIB__tirx_ir_visit_children] ||
         b == &ev_libfns[LIB_object___getattribute__] || b == &ev_libfns[LIB_object___setattr__];
}

/* the call slots of V_BUILTIN and V_METHOD (value_kinds.def) */
Value ev_builtin_call(Eval *ev, Value callee, Args *a) {
  if (!builtin_borrows(callee.u.builtin)) ev_args_keep(ev, a);
  return callee.u.builtin->fn(ev, callee.u.builtin, a);
}
Value ev_method_callv(Eval *ev, Value callee, Args *a) {
  Ast *recv = ev->call_recv; /* ev_call: the receiver's expression */
  ev->call_recv = NULL;
  if (callee.u.method->fn != m_str_affix) ev_args_keep(ev, a); /* as ev_builtin_call */
  return ev_method_call(ev, callee, a, recv);
}


/* The method rows of each kind, chained in table order (made once: threads
 * compile concurrently): a lookup reads its kind's few rows, not the table. */
static int method_first[V_COUNT], method_next[M_COUNT];
static pthread_once_t method_once = PTHREAD_ONCE_INIT;

static void method_index(void) {
  int last[V_COUNT];
  for (int k = 0; k < V_COUNT; k++) method_first[k] = last[k] = -1;
  for (int i = 0; i < M_COUNT; i++) {
    int k = (int)ev_methods[i].type;
    method_next[i] = -1;
    if (last[k] < 0) method_first[k] = i;
    else method_next[last[k]] = i;
    last[k] = i;
  }
}

/* The rows found last, by the name's address and the kind (most names are interned, so
 * a call site asks with the same pointer every time): a hit is checked by its name (an
 * address may be reused by another compile's string), a miss is not kept. */
enum { METHOD_CACHE = 256 };
static _Thread_local struct {
  const char *name;
  const Method *m;
} method_cache[METHOD_CACHE];

const Method *ev_method_find(ValueKind type, const char *name) {
  if (type == V_BOOL) type = V_INT;
  if (type == V_SCALAR) type = V_BUFFER;
  if ((int)type < 0 || (int)type >= V_COUNT) return NULL;
  unsigned h = (unsigned)(((uintptr_t)name >> 3) * 31u + (unsigned)type) % METHOD_CACHE;
  const Method *c = method_cache[h].m;
  if (method_cache[h].name == name && c->type == type && strcmp(c->name, name) == 0) return c;
  pthread_once(&method_once, method_index);
  for (int i = method_first[type]; i >= 0; i = method_next[i])
    if (ev_methods[i].name[0] == name[0] && strcmp(ev_methods[i].name, name) == 0) {
      method_cache[h].name = name;
      method_cache[h].m = &ev_methods[i];
      return &ev_methods[i];
    }
  return NULL;
}

Value ev_method_value(Eval *ev, const Method *m, Value self, Loc loc) {
  Value v = v_make(V_METHOD, loc);
  v.u.method = m;
  Value *r = TIRX_NEW(ev->m, Value);
  *r = self;
  v_aux(ev, &v)->recv = r;
  return v;
}

Value ev_method_call(Eval *ev, Value method, Args *a, Ast *recv) {
  return method.u.method->fn(ev, method.u.method, *method.aux->recv, a, recv);
}

bool ev_builtin_nokw(Eval *ev, const Builtin *self, Args *a) {
  if (!a->nkw) return true;
  ev_error(ev, a->loc, "%s() takes no keyword arguments here", self->name);
  return false;
}

Value bi_not_callable(Eval *ev, const Builtin *self, Args *a) {
  return ev_error(ev, a->loc, "'%s' is not callable", self->name);
}

Value bi_object(Eval *ev, const Builtin *self, Args *a) {
  return ev_error(ev, a->loc, "%s() is not supported here", self->name);
}

/* ValueError(...) and the other exception classes: calling one outside a
 * `raise` reports it (a `raise` names its class itself, eval_py.c). */
Value bi_raise(Eval *ev, const Builtin *self, Args *a) {
  return ev_error(ev, a->loc, "raised %s", self->name);
}

/* range(...): a loop in a kernel body (ev_loop_spec), the parse-time sequence
 * when it counts down (range(hi, lo, -1) is no loop) */
Value bi_range(Eval *ev, const Builtin *self, Args *a) {
  (void)self;
  int64_t ext;
  if (a->npos >= 2 && !a->nkw && a->pos[0].kind == V_INT && a->pos[1].kind == V_INT &&
      (a->npos == 2 || a->pos[2].kind == V_INT) &&
      ((a->npos == 3 && a->pos[2].u.i < 0) ||
       __builtin_sub_overflow(a->pos[1].u.i, a->pos[0].u.i, &ext)))
    return ev_py_range(ev,
                       a); /* also when stop - start is no int64: range(-2**63, 2**63-1, 2**63-1) */
  return ev_python_hooks.loop_spec(ev, a, FOR_SERIAL, "range");
}

/* len(x): containers, strings, and a buffer's first dimension (as TVM's
 * Buffer and numpy arrays answer it). */
Value bi_len(Eval *ev, const Builtin *self, Args *a) {
  if (!ev_builtin_nokw(ev, self, a)) return v_make(V_ERROR, a->loc);
  if (a->npos != 1) return ev_error(ev, a->loc, "len() takes one argument");
  Value x = a->pos[0];
  int64_t n;
  if (EV_PROTO(x)->len)
    return EV_PROTO(x)->len(ev, x, &n, a->loc) ? v_int(n, a->loc) : v_make(V_ERROR, a->loc);
  switch (x.kind) {
  case V_TUPLE:
  case V_LIST: return v_int(x.u.list.n, a->loc);
  case V_STR: return v_int((int64_t)x.u.s.len, a->loc);
  case V_DICT: return v_int(x.u.dict.n, a->loc);
  case V_BUFFER: {
    if (x.u.buf->ndim == 0) return ev_error(ev, a->loc, "len() of a 0-d buffer");
    if (!tirx_expr_is_const_int(x.u.buf->shape[0], &n))
      return ev_error(ev, a->loc, "len() of buffer '%s': its first dimension is not a constant",
                      x.u.buf->name);
    return v_int(n, a->loc);
  }
  case V_ERROR:
  case V_NONE:
  case V_BOOL:
  case V_INT:
  case V_FLOAT:
  case V_EXPR:
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
  return ev_error(ev, a->loc, "len() of this value is not known at parse time");
}

Value bi_abs(Eval *ev, const Builtin *self, Args *a) {
  if (a->npos != 1 || a->nkw) return ev_error(ev, a->loc, "abs() takes one argument");
  (void)self;
  Value x = a->pos[0];
  if (x.kind == V_INT || x.kind == V_BOOL) {
    if (x.u.i == INT64_MIN) /* Python's answer, 2**63, is not a 64-bit int */
      return ev_error(ev, a->loc, "integer overflow: abs(%lld) does not fit in 64 bits",
                      (long long)x.u.i);
    return v_int(x.u.i < 0 ? -x.u.i : x.u.i, a->loc);
  }
  if (x.kind == V_FLOAT) {
    x.u.f = fabs(x.u.f);
    return x;
  }
  return ev_error(ev, a->loc, "Python abs() of an IR value: use T.abs(x)");
}

Value bi_typevar(Eval *ev, const Builtin *self, Args *a) {
  (void)self;
  Var *v = tirx_var_new(ev->m, ev->name_hint ? ev->name_hint : "", tirx_dtype(DT_INT64), a->loc);
  return v_expr(tirx_varref(ev->m, v, a->loc), a->loc);
}

/* int(x[, base]), float(x), bool(x); bool of any parse-time value (containers, None) */
Value bi_convert(Eval *ev, const Builtin *self, Args *a) {
  bool t;
  if (self->type == V_BOOL && a->npos == 1 && !a->nkw && a->pos[0].kind != V_EXPR &&
      ev_truthy_const(ev, a->pos[0], &t)) {
    Value r = v_make(V_BOOL, a->loc);
    r.u.i = t;
    return r;
  }
  return ev_py_convert(ev, self->name, a);
}

/* The text of a numeric literal for int()/float(): surrounding whitespace
 * dropped, single underscores between digits removed (Python's rules).  False
 * when an underscore is misplaced. */
static bool num_text(const char *p, size_t n, char *out, size_t cap) {
  while (n && strchr(" \t\n\r\f\v", p[0])) p++, n--;
  while (n && strchr(" \t\n\r\f\v", p[n - 1])) n--;
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    if (p[i] == '_') {
      if (i == 0 || i + 1 == n || !isalnum((unsigned char)p[i - 1]) ||
          !isalnum((unsigned char)p[i + 1]))
        return false;
      continue;
    }
    if (!p[i] || k + 1 >= cap) return false;
    out[k++] = p[i];
  }
  out[k] = 0;
  return true;
}

/* int(s, base): Python's integer literal syntax (sign, base prefixes for base 0
 * and their own base, digits up to base 36). */
static Value int_of_str(Eval *ev, Value s, int64_t base, Loc loc) {
  char t[128];
  const char *q = t;
  if (num_text(s.u.s.p, s.u.s.len, t, sizeof t)) {
    bool neg = false;
    if (*q == '+' || *q == '-') neg = *q++ == '-';
    int pb = 0;
    if (q[0] == '0' && q[1]) {
      char c = (char)tolower((unsigned char)q[1]);
      pb = c == 'x' ? 16 : c == 'o' ? 8 : c == 'b' ? 2 : 0;
    }
    if (pb && (base == 0 || base == pb)) q += 2, base = pb;
    else if (base == 0) base = 10; /* a leading 0 is allowed only for the number 0 */
    bool any = false, over = false;
    uint64_t v = 0;
    for (; *q; q++) {
      int d = isdigit((unsigned char)*q)   ? *q - '0'
              : isalpha((unsigned char)*q) ? tolower((unsigned char)*q) - 'a' + 10
                                           : 99;
      if (d >= base) break;
      if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base) over = true;
      v = v * (uint64_t)base + (uint64_t)d;
      any = true;
    }
    if (any && !*q) {
      if (over || v > (uint64_t)INT64_MAX + (neg ? 1u : 0u))
        return ev_error(ev, loc, "int() of '%.*s' does not fit in 64 bits", (int)s.u.s.len,
                        s.u.s.p);
      return v_int(neg ? (int64_t)(0 - v) : (int64_t)v, loc);
    }
  }
  return ev_error(ev, loc, "invalid literal for int() with base %lld: '%.*s'", (long long)base,
                  (int)s.u.s.len, s.u.s.p);
}

/* float(s): a decimal literal, inf/infinity/nan (any case, signed). */
static Value float_of_str(Eval *ev, Value s, Loc loc) {
  char t[128];
  if (num_text(s.u.s.p, s.u.s.len, t, sizeof t) && t[0]) {
    const char *q = t + (t[0] == '+' || t[0] == '-');
    double sign = t[0] == '-' ? -1.0 : 1.0;
    Value r = v_make(V_FLOAT, loc);
    if (strcasecmp(q, "inf") == 0 || strcasecmp(q, "infinity") == 0)
      return r.u.f = sign * INFINITY, r;
    if (strcasecmp(q, "nan") == 0) return r.u.f = NAN, r;
    bool ok = *q != 0;
    for (const char *c = q; *c; c++)
      if (!isdigit((unsigned char)*c) && !strchr(".eE+-", *c))
        ok = false; /* no hex floats, no words */
    char *end;
    double f = ok ? strtod(t, &end) : 0;
    if (ok && *end == 0) return r.u.f = f, r;
  }
  return ev_error(ev, loc, "could not convert string to float: '%.*s'", (int)s.u.s.len, s.u.s.p);
}

bool ev_float_to_int(Eval *ev, double f, int64_t *out, const char *what, Loc loc) {
  if (isnan(f)) return ev_error(ev, loc, "%s: cannot convert float NaN to integer", what), false;
  if (isinf(f))
    return ev_error(ev, loc, "%s: cannot convert float infinity to integer", what), false;
  /* [-2**63, 2**63) is exactly the doubles that truncate into an int64 */
  if (!(f >= -9223372036854775808.0 && f < 9223372036854775808.0))
    return ev_error(ev, loc,
                    "%s: %g does not fit in a 64-bit integer (tirx's Python ints are 64-bit)", what,
                    f),
           false;
  *out = (int64_t)f;
  return true;
}

/* int(x[, base]), float(x), bool(x) of a number or a string */
Value ev_py_convert(Eval *ev, const char *fn, Args *a) {
  Value x = a->npos ? a->pos[0] : v_int(0, a->loc);
  Value *base = fn[0] == 'i' ? ev_arg(a, 1, "base") : NULL;
  if (a->npos > (base ? 2 : 1) || a->nkw > (base && a->npos < 2 ? 1 : 0))
    return ev_error(ev, a->loc, "%s() takes at most %s argument%s here", fn,
                    fn[0] == 'i' ? "2" : "1", fn[0] == 'i' ? "s" : "");
  if (base && x.kind != V_STR)
    return ev_error(ev, a->loc, "int() can't convert a non-string with an explicit base");
  if (x.kind == V_OBJECT && x.u.obj->cls->enum_kind == 2) { /* an IntEnum member: its value */
    bool found;
    Value v = ev_try_attr(ev, x, tirx_intern0(ev->m, "value"), a->loc, &found);
    if (found) x = v;
  }
  if (x.kind == V_OBJECT)
    return ev_error(ev, a->loc, "%s() argument must be a number, not '%s'", fn, x.u.obj->cls->name);
  if (x.kind == V_STR) {
    if (fn[0] == 'b') {
      Value r = v_make(V_BOOL, a->loc);
      r.u.i = x.u.s.len != 0;
      return r;
    }
    if (fn[0] == 'f') return float_of_str(ev, x, a->loc);
    int64_t b = 10;
    if (base && !ev_get_int(ev, *base, &b, "int() base")) return v_make(V_ERROR, a->loc);
    if (b != 0 && (b < 2 || b > 36))
      return ev_error(ev, a->loc, "int() base must be >= 2 and <= 36, or 0");
    return int_of_str(ev, x, b, a->loc);
  }
  if (!ev_is_number(&x)) return ev_error(ev, a->loc, "%s() of an IR value: use T.Cast", fn);
  if (fn[0] == 'i') {
    if (x.kind != V_FLOAT) return v_int(x.u.i, a->loc);
    int64_t i;
    return ev_float_to_int(ev, x.u.f, &i, "int()", a->loc) ? v_int(i, a->loc)
                                                           : v_make(V_ERROR, a->loc);
  }
  if (fn[0] == 'f') {
    Value r = v_make(V_FLOAT, a->loc);
    r.u.f = x.kind == V_FLOAT ? x.u.f : (double)x.u.i;
    return r;
  }
  Value r = v_make(V_BOOL, a->loc);
  r.u.i = x.kind == V_FLOAT ? x.u.f != 0 : x.u.i != 0;
  return r;
}
