/* simplify: constant folding, integer simplification, dead-branch removal.
 *
 * require:   nothing.
 * guarantee: - constant subexpressions are folded: integer arithmetic wraps
 *              to the dtype's width; `//` and `%` use Python floor semantics
 *              for signed ints (-7 // 2 = -4, -7 % 2 = 1), T.truncdiv /
 *              T.truncmod C semantics; comparisons, logic, casts of
 *              constants, float32/float64 arithmetic (float16/bfloat16 are
 *              left alone); division by zero is never folded;
 *            - identities: x+0, x-0, x*1, x*0 (pure int x), x-x, x//1, x%1,
 *              min(x,x), max(x,x), x==x, (x+c1)+c2, (x*c1)*c2, true/false in
 *              and/or/not, T.Select / T.if_then_else / T.likely on constants;
 *            - floor division/modulo by a positive constant c, exact for
 *              every integer (overflow is assumed not to happen, as in TVM):
 *              (x*k*c + y) // c -> x*k + y // c, (x*k*c + y) % c -> y % c,
 *              (x // a) // b -> x // (a*b), (x % (k*c)) % c -> x % c,
 *              (x // c) * c + x % c -> x;
 *            - range facts: loop vars (for min/extent constants),
 *              launch vars ([0, extent)), unsigned values (>= 0) and let
 *              values give intervals; x // c -> 0 and x % c -> x when
 *              0 <= x < c; comparisons decided by the interval fold; when
 *              both operands of T.truncdiv / T.truncmod are known to be
 *              non-negative they are rewritten to // and % (equal there);
 *            - dead code: `if` on a constant keeps one branch, `while False`
 *              and loops with constant extent <= 0 disappear, a serial or
 *              unrolled loop of extent 1 (no annotations, no break/continue)
 *              becomes its body with the var replaced by min, constant
 *              Evaluate statements and `assert True` are dropped;
 *            - lets: `x = <constant or var>` is propagated into its scope
 *              (also into the shapes of buffers declared there) and
 *              removed; a let whose var is unused is removed when its
 *              value has no effect (pure calls and warp shuffles only).
 *              T.likely around a non-constant condition is kept.
 * breaks:    nothing.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "Transforms/xform.h"

#define BOUND ((int64_t)1 << 48) /* larger bounds are forgotten (no overflow games) */

typedef struct Range {
  bool has_lo, has_hi;
  int64_t lo, hi;
} Range;

typedef struct RangeEntry {
  const Var *var;
  Range r;
} RangeEntry;

typedef struct Simp {
  Module *m;
  XfMap sub; /* let / unit-loop propagation */
  RangeEntry *ranges;
  int nr, cap;
} Simp;

static Expr *simp_expr(Simp *S, Expr *e);
static Stmt *simp_stmt(Simp *S, Stmt *s);

/* ---- ranges ---------------------------------------------------------------- */

static Range unknown(void) { return (Range){false, false, 0, 0}; }

static Range clampr(Range r) {
  if (r.has_lo && (r.lo > BOUND || r.lo < -BOUND)) r.has_lo = false;
  if (r.has_hi && (r.hi > BOUND || r.hi < -BOUND)) r.has_hi = false;
  return r;
}

static void push_range(Simp *S, const Var *v, Range r) {
  if (S->nr == S->cap) {
    S->cap = S->cap ? S->cap * 2 : 32;
    RangeEntry *n = TIRX_NEWN(S->m, RangeEntry, S->cap);
    if (S->nr) memcpy(n, S->ranges, sizeof *n * (size_t)S->nr);
    S->ranges = n;
  }
  S->ranges[S->nr++] = (RangeEntry){v, clampr(r)};
}

static Range range_of(Simp *S, const Expr *e) {
  Range r = unknown();
  if (!e || e->dtype.lanes != 1) return r;
  bool is_uint = tirx_dtype_code(e->dtype) == DTC_UINT;
  if (!tirx_dtype_is_int(e->dtype)) return r;
  Range a, b;
  int64_t c;
  switch ((ExprKind)e->kind) {
  case E_INT: r = (Range){true, true, e->u.i.v, e->u.i.v}; break;
  case E_VAR:
    for (int i = S->nr - 1; i >= 0; i--)
      if (S->ranges[i].var == e->u.var) {
        r = S->ranges[i].r;
        break;
      }
    break;
  case E_ADD:
  case E_SUB:
    a = range_of(S, e->u.bin.a);
    b = range_of(S, e->u.bin.b);
    if (e->kind == E_ADD) {
      r.has_lo = a.has_lo && b.has_lo;
      r.lo = a.lo + b.lo;
      r.has_hi = a.has_hi && b.has_hi;
      r.hi = a.hi + b.hi;
    } else {
      r.has_lo = a.has_lo && b.has_hi;
      r.lo = a.lo - b.hi;
      r.has_hi = a.has_hi && b.has_lo;
      r.hi = a.hi - b.lo;
    }
    break;
  case E_MUL:
    a = range_of(S, e->u.bin.a);
    b = range_of(S, e->u.bin.b);
    if (a.has_lo && a.has_hi && b.has_lo && b.has_hi) {
      int64_t p[4] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
      r = (Range){true, true, p[0], p[0]};
      for (int i = 1; i < 4; i++) {
        if (p[i] < r.lo) r.lo = p[i];
        if (p[i] > r.hi) r.hi = p[i];
      }
    } else if (xf_const_int(e->u.bin.b, &c) && c >= 0 && a.has_lo && a.lo >= 0) {
      r.has_lo = true;
      r.lo = a.lo * c;
    }
    break;
  case E_FLOORDIV:
    if (xf_const_int(e->u.bin.b, &c) && c > 0) {
      a = range_of(S, e->u.bin.a);
      r.has_lo = a.has_lo;
      r.lo = a.has_lo ? xf_floordiv(a.lo, c) : 0;
      r.has_hi = a.has_hi;
      r.hi = a.has_hi ? xf_floordiv(a.hi, c) : 0;
    }
    break;
  case E_FLOORMOD:
    if (xf_const_int(e->u.bin.b, &c) && c > 0) {
      a = range_of(S, e->u.bin.a);
      if (a.has_lo && a.has_hi && a.lo >= 0 && a.hi < c) r = a;
      else r = (Range){true, true, 0, c - 1};
    }
    break;
  case E_MIN:
  case E_MAX:
    a = range_of(S, e->u.bin.a);
    b = range_of(S, e->u.bin.b);
    if (e->kind == E_MIN) {
      r.has_lo = a.has_lo && b.has_lo;
      r.lo = a.lo < b.lo ? a.lo : b.lo;
      r.has_hi = a.has_hi || b.has_hi;
      r.hi = a.has_hi && b.has_hi ? (a.hi < b.hi ? a.hi : b.hi) : (a.has_hi ? a.hi : b.hi);
    } else {
      r.has_hi = a.has_hi && b.has_hi;
      r.hi = a.hi > b.hi ? a.hi : b.hi;
      r.has_lo = a.has_lo || b.has_lo;
      r.lo = a.has_lo && b.has_lo ? (a.lo > b.lo ? a.lo : b.lo) : (a.has_lo ? a.lo : b.lo);
    }
    break;
  case E_CAST:
    if (tirx_dtype_is_int(e->u.un.a->dtype) &&
        tirx_dtype_bits(e->dtype) >= tirx_dtype_bits(e->u.un.a->dtype) &&
        tirx_dtype_code(e->dtype) == tirx_dtype_code(e->u.un.a->dtype))
      r = range_of(S, e->u.un.a);
    break;
  case E_CALL:
    /* A shuffled value ranges like the value shuffled. */
    if (e->u.call.op->id == I_WARP_SHUFFLE && e->u.call.n == 5) r = range_of(S, e->u.call.args[1]);
    if (e->u.call.op->id == I_CUDA_MOV_SREG) r = (Range){true, false, 0, 0};
    break;
  default: break;
  }
  if (is_uint && !(r.has_lo && r.lo >= 0)) {
    r.has_lo = true;
    r.lo = 0;
  }
  return clampr(r);
}

static bool nonneg(Simp *S, const Expr *e) {
  Range r = range_of(S, e);
  return r.has_lo && r.lo >= 0;
}

/* ---- constructors ---------------------------------------------------------- */

static Expr *mk_bin(Simp *S, ExprKind k, Expr *a, Expr *b, Loc loc) {
  Expr *e = tirx_binary(S->m, k, a, b, loc);
  if (!tirx_is_cmp_or_logic(k)) e->dtype = a->dtype;
  return e;
}

static Expr *mk_int(Simp *S, DType t, int64_t v, Loc loc) {
  return tirx_int(S->m, t, xf_wrap_int(t, v), loc);
}

static Expr *mk_bool(Simp *S, bool v, Loc loc) { return tirx_int(S->m, xf_bool(), v, loc); }

static bool is_int_const(const Expr *e, int64_t v) {
  return e->kind == E_INT && e->dtype.lanes == 1 && e->u.i.v == v &&
         (tirx_dtype_is_int(e->dtype) || tirx_dtype_is_bool(e->dtype));
}

static bool scalar_int(const Expr *e) { return e->dtype.lanes == 1 && tirx_dtype_is_int(e->dtype); }

static bool is_unsigned(DType t) { return tirx_dtype_code(t) == DTC_UINT; }

/* ---- constant folding -------------------------------------------------------- */

static bool fold_int_bin(ExprKind k, DType t, int64_t a, int64_t b, int64_t *out) {
  bool u = is_unsigned(t);
  uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
  switch (k) {
  case E_ADD: *out = (int64_t)(ua + ub); break;
  case E_SUB: *out = (int64_t)(ua - ub); break;
  case E_MUL: *out = (int64_t)(ua * ub); break;
  case E_FLOORDIV:
  case E_DIV:
    if (b == 0) return false;
    if (u) *out = (int64_t)(ua / ub);
    else if (k == E_FLOORDIV) *out = xf_floordiv(a, b);
    else *out = b == -1 ? (int64_t)(0 - ua) : a / b;
    break;
  case E_FLOORMOD:
  case E_MOD:
    if (b == 0) return false;
    if (u) *out = (int64_t)(ua % ub);
    else if (k == E_FLOORMOD) *out = xf_floormod(a, b);
    else *out = b == -1 ? 0 : a % b;
    break;
  case E_MIN: *out = u ? (int64_t)(ua < ub ? ua : ub) : (a < b ? a : b); break;
  case E_MAX: *out = u ? (int64_t)(ua > ub ? ua : ub) : (a > b ? a : b); break;
  case E_EQ: *out = a == b; return true;
  case E_NE: *out = a != b; return true;
  case E_LT: *out = u ? ua < ub : a < b; return true;
  case E_LE: *out = u ? ua <= ub : a <= b; return true;
  case E_GT: *out = u ? ua > ub : a > b; return true;
  case E_GE: *out = u ? ua >= ub : a >= b; return true;
  case E_AND: *out = a && b; return true;
  case E_OR: *out = a || b; return true;
  default: return false;
  }
  *out = xf_wrap_int(t, *out);
  return true;
}

static bool foldable_float(DType t) {
  return t.lanes == 1 && (t.id == DT_FLOAT32 || t.id == DT_FLOAT64);
}

static double round_to(DType t, double v) { return t.id == DT_FLOAT32 ? (double)(float)v : v; }

static Expr *fold_float_bin(Simp *S, Expr *e, double a, double b) {
  DType t = e->u.bin.a->dtype;
  double r;
  switch ((ExprKind)e->kind) {
  case E_ADD: r = a + b; break;
  case E_SUB: r = a - b; break;
  case E_MUL: r = a * b; break;
  case E_DIV:
    if (b == 0) return e;
    r = a / b;
    break;
  case E_MIN: r = a < b ? a : b; break;
  case E_MAX: r = a > b ? a : b; break;
  case E_EQ: return mk_bool(S, a == b, e->loc);
  case E_NE: return mk_bool(S, a != b, e->loc);
  case E_LT: return mk_bool(S, a < b, e->loc);
  case E_LE: return mk_bool(S, a <= b, e->loc);
  case E_GT: return mk_bool(S, a > b, e->loc);
  case E_GE: return mk_bool(S, a >= b, e->loc);
  default: return e;
  }
  return tirx_float(S->m, t, round_to(t, r), e->loc);
}

/* ---- additive terms (for floor division by constants) ----------------------- */

typedef struct Term {
  Expr *base; /* NULL: the constant term */
  int64_t coef;
} Term;

enum { MAX_TERMS = 16 };

static bool terms_of(Expr *e, int64_t scale, Term *t, int *n) {
  int64_t c;
  if (*n >= MAX_TERMS) return false;
  if (scale > BOUND || scale < -BOUND) return false;
  switch ((ExprKind)e->kind) {
  case E_INT: /* coefficients stay within BOUND, so that sums of MAX_TERMS cannot overflow */
    if (__builtin_mul_overflow(e->u.i.v, scale, &c) || c > BOUND || c < -BOUND) return false;
    t[(*n)++] = (Term){NULL, c};
    return true;
  case E_ADD: return terms_of(e->u.bin.a, scale, t, n) && terms_of(e->u.bin.b, scale, t, n);
  case E_SUB: return terms_of(e->u.bin.a, scale, t, n) && terms_of(e->u.bin.b, -scale, t, n);
  case E_MUL:
    if (xf_const_int(e->u.bin.b, &c) && c < BOUND && c > -BOUND)
      return !__builtin_mul_overflow(scale, c, &c) && terms_of(e->u.bin.a, c, t, n);
    break;
  default: break;
  }
  t[(*n)++] = (Term){e, scale};
  return true;
}

static Expr *build_terms(Simp *S, DType dt, Term *t, int n, Loc loc) {
  Expr *sum = NULL;
  int64_t k = 0;
  for (int i = 0; i < n; i++) {
    if (!t[i].base) {
      k += t[i].coef;
      continue;
    }
    if (t[i].coef == 0) continue;
    int64_t c = t[i].coef;
    bool neg = c < 0 && sum;
    Expr *x = t[i].base;
    int64_t mag = neg ? -c : c;
    if (mag != 1) x = mk_bin(S, E_MUL, x, mk_int(S, dt, mag, loc), loc);
    sum = !sum ? x : mk_bin(S, neg ? E_SUB : E_ADD, sum, x, loc);
  }
  if (!sum) return mk_int(S, dt, k, loc);
  if (k > 0) sum = mk_bin(S, E_ADD, sum, mk_int(S, dt, k, loc), loc);
  if (k < 0) sum = mk_bin(S, E_SUB, sum, mk_int(S, dt, -k, loc), loc);
  return sum;
}

/* x // c or x % c with c > 0 a constant: pull out the terms whose
 * coefficient is a multiple of c.  NULL when nothing applies. */
static Expr *divmod_terms(Simp *S, Expr *e, int64_t c) {
  Term t[MAX_TERMS];
  int n = 0;
  Expr *x = e->u.bin.a;
  if (!terms_of(x, 1, t, &n) || n < 2) {
    /* still: (y * k*c) // c */
    if (n != 1 || !t[0].base || t[0].coef % c != 0) return NULL;
  }
  Term q[MAX_TERMS], r[MAX_TERMS];
  int nq = 0, nr = 0;
  for (int i = 0; i < n; i++) {
    if (t[i].coef % c == 0) q[nq++] = (Term){t[i].base, t[i].coef / c};
    else r[nr++] = t[i];
    if (is_unsigned(x->dtype) && t[i].coef < 0) return NULL;
  }
  if (nq == 0) return NULL;
  DType dt = x->dtype;
  Expr *rest = nr ? build_terms(S, dt, r, nr, e->loc) : NULL;
  if (e->kind == E_FLOORMOD) {
    if (!rest) return mk_int(S, dt, 0, e->loc);
    return simp_expr(S, mk_bin(S, E_FLOORMOD, rest, e->u.bin.b, e->loc));
  }
  Expr *quot = build_terms(S, dt, q, nq, e->loc);
  if (!rest) return quot;
  Expr *rd = simp_expr(S, mk_bin(S, E_FLOORDIV, rest, e->u.bin.b, e->loc));
  if (is_int_const(rd, 0)) return quot;
  return simp_expr(S, mk_bin(S, E_ADD, quot, rd, e->loc));
}

/* ---- expression rules ---------------------------------------------------------- */

static bool pure(const Expr *e) { return xf_expr_pure(e); }

static Expr *simp_divmod(Simp *S, Expr *e) {
  Expr *a = e->u.bin.a, *b = e->u.bin.b;
  int64_t c, c2;
  if (!xf_const_int(b, &c)) return e;
  bool div = e->kind == E_FLOORDIV;
  if (c == 1) return div ? a : (pure(a) ? mk_int(S, e->dtype, 0, e->loc) : e);
  if (c <= 0) return e;
  /* ranges: 0 <= a < c */
  Range r = range_of(S, a);
  if (r.has_lo && r.has_hi) {
    if (div && xf_floordiv(r.lo, c) == xf_floordiv(r.hi, c) && pure(a))
      return mk_int(S, e->dtype, xf_floordiv(r.lo, c), e->loc);
    if (!div && r.lo >= 0 && r.hi < c) return a;
  }
  /* (x // c1) // c  ->  x // (c1 * c) */
  if (div && a->kind == E_FLOORDIV && xf_const_int(a->u.bin.b, &c2) && c2 > 0 && c2 < BOUND &&
      c < BOUND)
    return simp_expr(
        S, mk_bin(S, E_FLOORDIV, a->u.bin.a, mk_int(S, e->dtype, c2 * c, e->loc), e->loc));
  /* (x % (k*c)) % c  ->  x % c */
  if (!div && a->kind == E_FLOORMOD && xf_const_int(a->u.bin.b, &c2) && c2 > 0 && c2 % c == 0)
    return simp_expr(S, mk_bin(S, E_FLOORMOD, a->u.bin.a, b, e->loc));
  Expr *t = divmod_terms(S, e, c);
  return t ? t : e;
}

static Expr *simp_cast(Simp *S, Expr *e) {
  Expr *a = e->u.un.a;
  DType t = e->dtype;
  if (tirx_dtype_eq(a->dtype, t)) return a;
  if (t.lanes != 1 || a->dtype.lanes != 1) return e;
  if (a->kind == E_INT) {
    if (tirx_dtype_is_int(t) || tirx_dtype_is_bool(t)) return mk_int(S, t, a->u.i.v, e->loc);
    if (foldable_float(t)) {
      double v = is_unsigned(a->dtype) ? (double)(uint64_t)a->u.i.v : (double)a->u.i.v;
      return tirx_float(S->m, t, round_to(t, v), e->loc);
    }
  }
  if (a->kind == E_FLOAT && foldable_float(a->dtype)) {
    double v = a->u.f.v;
    if (foldable_float(t)) return tirx_float(S->m, t, round_to(t, v), e->loc);
    if (tirx_dtype_is_bool(t)) return mk_bool(S, v != 0, e->loc);
    if (tirx_dtype_is_int(t) && isfinite(v)) {
      double tr = trunc(v);
      int bits = tirx_dtype_bits(t);
      double lo = is_unsigned(t) ? 0 : -ldexp(1, bits - 1);
      double hi = is_unsigned(t) ? ldexp(1, bits) : ldexp(1, bits - 1);
      if (tr >= lo && tr < hi && bits <= 32) return mk_int(S, t, (int64_t)tr, e->loc);
    }
  }
  return e;
}

static Expr *simp_call(Expr *e) {
  int64_t c;
  switch (e->u.call.op->id) {
  case I_LIKELY:
    if (e->u.call.n == 1 && e->u.call.args[0]->kind == E_INT) return e->u.call.args[0];
    return e;
  case I_IF_THEN_ELSE:
    if (e->u.call.n == 3 && xf_const_int(e->u.call.args[0], &c))
      return c ? e->u.call.args[1] : e->u.call.args[2];
    return e;
  default: return e;
  }
}

/* (x // c) * c + x % c  ->  x  (floor semantics, any sign of x). */
static Expr *divmod_recombine(Expr *a, Expr *b) {
  int64_t c1, c2, c3;
  if (a->kind != E_MUL || b->kind != E_FLOORMOD) return NULL;
  Expr *q = a->u.bin.a;
  if (q->kind != E_FLOORDIV || !xf_const_int(a->u.bin.b, &c1) || !xf_const_int(q->u.bin.b, &c2) ||
      !xf_const_int(b->u.bin.b, &c3))
    return NULL;
  if (c1 != c2 || c2 != c3 || c1 == 0) return NULL;
  if (!xf_expr_equal(q->u.bin.a, b->u.bin.a) || !xf_expr_pure(b->u.bin.a)) return NULL;
  return b->u.bin.a;
}

static Expr *simp_bin(Simp *S, Expr *e) {
  Expr *a = e->u.bin.a, *b = e->u.bin.b;
  ExprKind k = (ExprKind)e->kind;
  int64_t x, y, c;
  if (a->dtype.lanes != 1) return e;
  /* constants */
  if (a->kind == E_INT && b->kind == E_INT &&
      (tirx_dtype_is_int(a->dtype) || tirx_dtype_is_bool(a->dtype))) {
    int64_t r;
    if (fold_int_bin(k, a->dtype, a->u.i.v, b->u.i.v, &r))
      return tirx_is_cmp_or_logic(k) ? mk_bool(S, r != 0, e->loc) : mk_int(S, e->dtype, r, e->loc);
    return e;
  }
  if (a->kind == E_FLOAT && b->kind == E_FLOAT && foldable_float(a->dtype))
    return fold_float_bin(S, e, a->u.f.v, b->u.f.v);
  /* logic */
  if (k == E_AND || k == E_OR) {
    bool and_ = k == E_AND;
    if (xf_const_int(a, &x)) return (x != 0) == and_ ? b : a;
    if (xf_const_int(b, &y) && pure(a)) return (y != 0) == and_ ? a : b;
    if (xf_expr_equal(a, b) && pure(a)) return a;
    return e;
  }
  bool ints = scalar_int(a);
  switch (k) {
  case E_ADD:
    if (!ints) return e;
    if (is_int_const(b, 0)) return a;
    {
      Expr *r = divmod_recombine(a, b);
      if (!r) r = divmod_recombine(b, a);
      if (r) return r;
    }
    if (is_int_const(a, 0)) return b;
    if (a->kind == E_INT) return simp_bin(S, mk_bin(S, E_ADD, b, a, e->loc));
    if (xf_const_int(b, &y)) {
      if (a->kind == E_ADD && xf_const_int(a->u.bin.b, &x))
        return simp_bin(S,
                        mk_bin(S, E_ADD, a->u.bin.a, mk_int(S, e->dtype, x + y, e->loc), e->loc));
      if (a->kind == E_SUB && xf_const_int(a->u.bin.b, &x))
        return simp_bin(S,
                        mk_bin(S, E_ADD, a->u.bin.a, mk_int(S, e->dtype, y - x, e->loc), e->loc));
    }
    return e;
  case E_SUB:
    if (!ints) return e;
    if (is_int_const(b, 0)) return a;
    if (xf_expr_equal(a, b) && pure(a)) return mk_int(S, e->dtype, 0, e->loc);
    if (xf_const_int(b, &y)) {
      if (a->kind == E_ADD && xf_const_int(a->u.bin.b, &x))
        return simp_bin(S,
                        mk_bin(S, E_ADD, a->u.bin.a, mk_int(S, e->dtype, x - y, e->loc), e->loc));
      if (a->kind == E_SUB && xf_const_int(a->u.bin.b, &x))
        return simp_bin(S,
                        mk_bin(S, E_SUB, a->u.bin.a, mk_int(S, e->dtype, x + y, e->loc), e->loc));
    }
    if (a->kind == E_ADD && pure(b)) {
      if (xf_expr_equal(a->u.bin.b, b)) return a->u.bin.a;
      if (xf_expr_equal(a->u.bin.a, b)) return a->u.bin.b;
    }
    return e;
  case E_MUL:
    if (!ints) return e;
    if (is_int_const(b, 1)) return a;
    if (is_int_const(a, 1)) return b;
    if ((is_int_const(b, 0) && pure(a)) || (is_int_const(a, 0) && pure(b)))
      return mk_int(S, e->dtype, 0, e->loc);
    if (a->kind == E_INT) return simp_bin(S, mk_bin(S, E_MUL, b, a, e->loc));
    if (xf_const_int(b, &y) && a->kind == E_MUL && xf_const_int(a->u.bin.b, &x))
      return simp_bin(S, mk_bin(S, E_MUL, a->u.bin.a, mk_int(S, e->dtype, x * y, e->loc), e->loc));
    return e;
  case E_FLOORDIV:
  case E_FLOORMOD:
    if (!ints) return e;
    return simp_divmod(S, e);
  case E_DIV:
  case E_MOD:
    if (!ints) {
      if (k == E_DIV && foldable_float(a->dtype) && b->kind == E_FLOAT && b->u.f.v == 1.0) return a;
      return e;
    }
    if (xf_const_int(b, &c) && c == 1)
      return k == E_DIV ? a : (pure(a) ? mk_int(S, e->dtype, 0, e->loc) : e);
    /* truncation == floor on non-negative operands */
    if (xf_const_int(b, &c) && c > 0 && nonneg(S, a))
      return simp_expr(S, mk_bin(S, k == E_DIV ? E_FLOORDIV : E_FLOORMOD, a, b, e->loc));
    return e;
  case E_MIN:
  case E_MAX: {
    if (xf_expr_equal(a, b) && pure(a)) return a;
    if (!ints) return e;
    Range ra = range_of(S, a), rb = range_of(S, b);
    bool a_le_b = ra.has_hi && rb.has_lo && ra.hi <= rb.lo;
    bool b_le_a = rb.has_hi && ra.has_lo && rb.hi <= ra.lo;
    if (k == E_MIN && a_le_b && pure(b)) return a;
    if (k == E_MIN && b_le_a && pure(a)) return b;
    if (k == E_MAX && a_le_b && pure(a)) return b;
    if (k == E_MAX && b_le_a && pure(b)) return a;
    return e;
  }
  case E_EQ:
  case E_NE:
  case E_LT:
  case E_LE:
  case E_GT:
  case E_GE: {
    if (!ints) return e;
    if (xf_expr_equal(a, b) && pure(a))
      return mk_bool(S, k == E_EQ || k == E_LE || k == E_GE, e->loc);
    Range ra = range_of(S, a), rb = range_of(S, b);
    if (!pure(a) || !pure(b)) return e;
    bool lt = ra.has_hi && rb.has_lo && ra.hi < rb.lo;  /* a < b always */
    bool le = ra.has_hi && rb.has_lo && ra.hi <= rb.lo; /* a <= b always */
    bool gt = ra.has_lo && rb.has_hi && ra.lo > rb.hi;
    bool ge = ra.has_lo && rb.has_hi && ra.lo >= rb.hi;
    switch (k) {
    case E_LT:
      if (lt) return mk_bool(S, true, e->loc);
      if (ge) return mk_bool(S, false, e->loc);
      break;
    case E_LE:
      if (le) return mk_bool(S, true, e->loc);
      if (gt) return mk_bool(S, false, e->loc);
      break;
    case E_GT:
      if (gt) return mk_bool(S, true, e->loc);
      if (le) return mk_bool(S, false, e->loc);
      break;
    case E_GE:
      if (ge) return mk_bool(S, true, e->loc);
      if (lt) return mk_bool(S, false, e->loc);
      break;
    case E_EQ:
      if (lt || gt) return mk_bool(S, false, e->loc);
      break;
    case E_NE:
      if (lt || gt) return mk_bool(S, true, e->loc);
      break;
    default: break;
    }
    return e;
  }
  default: return e;
  }
}

static Expr **simp_list(Simp *S, Expr **xs, int n, bool *ch) {
  Expr **out = xs;
  for (int i = 0; i < n; i++) {
    Expr *r = simp_expr(S, xs[i]);
    if (r != xs[i]) {
      if (out == xs) {
        out = TIRX_NEWN(S->m, Expr *, n);
        memcpy(out, xs, sizeof *out * (size_t)n);
      }
      out[i] = r;
      *ch = true;
    }
  }
  return out;
}

static KwArg *simp_kw(Simp *S, KwArg *kw, int n, bool *ch) {
  KwArg *out = kw;
  for (int i = 0; i < n; i++) {
    Expr *r = simp_expr(S, kw[i].value);
    if (r == kw[i].value) continue;
    if (out == kw) {
      out = TIRX_NEWN(S->m, KwArg, n);
      memcpy(out, kw, sizeof *out * (size_t)n);
    }
    out[i].value = r;
    *ch = true;
  }
  return out;
}

#define SE(field)                     \
  do {                                \
    Expr *r_ = simp_expr(S, (field)); \
    if (r_ != (field)) {              \
      (field) = r_;                   \
      ch = true;                      \
    }                                 \
  } while (0)

/* The rules at one node, after its children were simplified (post-order,
 * driven by the IR mutator); a let-bound var is replaced by its value. */
static Expr *simp_node(IRMutator *mu, Expr *n) {
  Simp *S = mu->ctx;
  int64_t c;
  switch ((ExprKind)n->kind) {
  case E_VAR: {
    Expr *to = xf_map_lookup_var(&S->sub, n->u.var);
    if (!to) return n;
    Expr *r = TIRX_NEW(S->m, Expr);
    *r = *to;
    r->loc = n->loc;
    return r;
  }
  case E_ADD:
  case E_SUB:
  case E_MUL:
  case E_DIV:
  case E_MOD:
  case E_FLOORDIV:
  case E_FLOORMOD:
  case E_MIN:
  case E_MAX:
  case E_EQ:
  case E_NE:
  case E_LT:
  case E_LE:
  case E_GT:
  case E_GE:
  case E_AND:
  case E_OR: return simp_bin(S, n);
  case E_NOT:
    if (n->u.un.a->kind == E_INT) return mk_bool(S, n->u.un.a->u.i.v == 0, n->loc);
    if (n->u.un.a->kind == E_NOT) return n->u.un.a->u.un.a;
    return n;
  case E_CAST: return simp_cast(S, n);
  case E_SELECT:
    if (xf_const_int(n->u.sel.c, &c)) {
      Expr *keep = c ? n->u.sel.t : n->u.sel.f, *drop = c ? n->u.sel.f : n->u.sel.t;
      if (pure(drop)) return keep;
    }
    return n;
  case E_CALL: return simp_call(n);
  default: return n;
  }
}

static Expr *simp_expr(Simp *S, Expr *e) {
  IRMutator mu = {.ctx = S, .m = S->m, .expr = simp_node, .stmt = NULL};
  return tirx_mutate_expr(&mu, e);
}

/* ---- statements -------------------------------------------------------------- */

static Stmt *nop(Simp *S, Loc loc) { return tirx_seq(S->m, NULL, 0, loc); }

static bool is_nop(const Stmt *s) {
  return s->kind == S_EVAL && s->u.eval.e->kind == E_INT && s->u.eval.e->u.i.v == 0;
}

/* Shapes, offsets and the aliased pointer of a declared buffer see the
 * substitutions too (in place: the declaration owns them). */
static void simp_buffer(Simp *S, Buffer *b) {
  for (int i = 0; i < b->ndim; i++) b->shape[i] = simp_expr(S, b->shape[i]);
  for (int i = 0; i < b->nstrides; i++) b->strides[i] = simp_expr(S, b->strides[i]);
  b->elem_offset = simp_expr(S, b->elem_offset);
  b->decl_data = simp_expr(S, b->decl_data);
  b->allocated_addr = simp_expr(S, b->allocated_addr);
}

/* A let that can disappear: its value is a constant or a plain variable
 * of the same dtype. */
static bool propagatable(const Var *v, const Expr *val) {
  if (!tirx_dtype_eq(v->dtype, val->dtype)) return false;
  return val->kind == E_INT || val->kind == E_FLOAT || val->kind == E_VAR;
}

/* An unused let can go when computing its value has no effect: pure
 * calls, and warp shuffles (no memory effect; the lowering of warp_id
 * leaves one behind when the id is unused). */
static bool droppable_cb(IRVisitor *v, Expr *e) {
  if (e->kind != E_CALL || (e->u.call.op->flags & INTRIN_PURE)) return true;
  IntrinId id = e->u.call.op->id;
  if (id != I_WARP_SHUFFLE && id != I_WARP_SHUFFLE_UP && id != I_WARP_SHUFFLE_DOWN &&
      id != I_WARP_SHUFFLE_XOR)
    *(bool *)v->ctx = false;
  return true;
}

static bool droppable(Expr *e) {
  bool ok = true;
  IRVisitor v = {&ok, droppable_cb, NULL};
  tirx_visit_expr(&v, e);
  return ok;
}

static bool rest_uses(Stmt **items, int from, int n, const Var *v) {
  for (int i = from; i < n; i++)
    if (xf_stmt_uses_var(items[i], v)) return true;
  return false;
}

/* Sequences own the scope of their flat statements (binds, allocations):
 * substitutions and ranges added here end with the sequence. */
static Stmt *simp_seq(Simp *S, Stmt **in, int n, Loc loc) {
  int mark_sub = S->sub.vkeys.n, mark_r = S->nr;
  Stmt **out = TIRX_NEWN(S->m, Stmt *, n > 0 ? n : 1);
  int k = 0;
  for (int i = 0; i < n; i++) {
    Stmt *s = in[i];
    if (s->kind == S_BIND) {
      Var *v = s->u.bind.var;
      Expr *val = simp_expr(S, s->u.bind.value);
      if (propagatable(v, val)) {
        xf_map_var(&S->sub, v, val);
        continue;
      }
      if (droppable(val) && !rest_uses(in, i + 1, n, v)) continue;
      push_range(S, v, range_of(S, val));
      Stmt *b = s;
      if (val != s->u.bind.value) {
        b = tirx_stmt_new(S->m, S_BIND, s->loc);
        b->u.bind = s->u.bind;
        b->u.bind.value = val;
      }
      out[k++] = b;
      continue;
    }
    Stmt *r = simp_stmt(S, s);
    if (!is_nop(r)) out[k++] = r;
  }
  S->sub.vkeys.n = S->sub.vvals.n = mark_sub;
  S->nr = mark_r;
  return tirx_seq(S->m, out, k, loc);
}

#define SS(field)                     \
  do {                                \
    Stmt *r_ = simp_stmt(S, (field)); \
    if (r_ != (field)) {              \
      (field) = r_;                   \
      ch = true;                      \
    }                                 \
  } while (0)

static Stmt *simp_stmt(Simp *S, Stmt *s) {
  if (!s) return NULL;
  Stmt t = *s;
  bool ch = false;
  int64_t c, mn;
  switch ((StmtKind)s->kind) {
  case S_SEQ: return simp_seq(S, s->u.seq.items, s->u.seq.n, s->loc);
  case S_BIND: return simp_seq(S, &s, 1, s->loc);
  case S_EVAL:
    SE(t.u.eval.e);
    if ((t.u.eval.e->kind == E_INT || t.u.eval.e->kind == E_FLOAT)) return nop(S, s->loc);
    break;
  case S_STORE:
    t.u.store.idx = simp_list(S, t.u.store.idx, t.u.store.n, &ch);
    SE(t.u.store.value);
    SE(t.u.store.pred);
    break;
  case S_ALLOC:
  case S_DECL: simp_buffer(S, s->u.alloc.buf); return s;
  case S_FOR: {
    SE(t.u.for_.min);
    SE(t.u.for_.extent);
    SE(t.u.for_.step);
    SE(t.u.for_.annotations);
    bool plain =
        (t.u.for_.kind == FOR_SERIAL || t.u.for_.kind == FOR_UNROLLED) && !t.u.for_.annotations;
    if (xf_const_int(t.u.for_.extent, &c) && c <= 0 && t.u.for_.kind != FOR_THREAD_BINDING)
      return nop(S, s->loc);
    if (xf_const_int(t.u.for_.extent, &c) && c == 1 && plain && !xf_has_own_jump(t.u.for_.body) &&
        (t.u.for_.min->kind == E_INT || t.u.for_.min->kind == E_VAR) &&
        tirx_dtype_eq(t.u.for_.min->dtype, t.u.for_.var->dtype)) {
      int mark = S->sub.vkeys.n;
      xf_map_var(&S->sub, t.u.for_.var, t.u.for_.min);
      Stmt *body = simp_stmt(S, t.u.for_.body);
      S->sub.vkeys.n = S->sub.vvals.n = mark;
      return body;
    }
    Range r = unknown();
    if (xf_const_int(t.u.for_.min, &mn) && (!t.u.for_.step || is_int_const(t.u.for_.step, 1))) {
      r.has_lo = true;
      r.lo = mn;
      if (xf_const_int(t.u.for_.extent, &c)) {
        r.has_hi = true;
        r.hi = mn + c - 1;
      }
    } else if (nonneg(S, t.u.for_.min) && (!t.u.for_.step || nonneg(S, t.u.for_.step))) {
      r.has_lo = true;
      r.lo = 0;
    }
    int mark = S->nr;
    push_range(S, t.u.for_.var, r);
    SS(t.u.for_.body);
    S->nr = mark;
    break;
  }
  case S_WHILE:
    SE(t.u.while_.cond);
    if (xf_const_int(t.u.while_.cond, &c) && c == 0) return nop(S, s->loc);
    SS(t.u.while_.body);
    break;
  case S_IF:
    SE(t.u.if_.cond);
    if (xf_const_int(t.u.if_.cond, &c)) {
      Stmt *keep = c ? t.u.if_.then_ : t.u.if_.else_;
      return keep ? simp_stmt(S, keep) : nop(S, s->loc);
    }
    SS(t.u.if_.then_);
    SS(t.u.if_.else_);
    if (t.u.if_.else_ && is_nop(t.u.if_.else_)) {
      t.u.if_.else_ = NULL;
      ch = true;
    }
    break;
  case S_ATTR:
    SE(t.u.attr.node);
    SE(t.u.attr.value);
    SS(t.u.attr.body);
    break;
  case S_HINT:
    SE(t.u.hint.message);
    t.u.hint.kw = simp_kw(S, t.u.hint.kw, t.u.hint.nkw, &ch);
    SS(t.u.hint.body);
    break;
  case S_SCOPEID:
    t.u.scopeid.extents = simp_list(S, t.u.scopeid.extents, t.u.scopeid.next, &ch);
    t.u.scopeid.preferred = simp_list(S, t.u.scopeid.preferred, t.u.scopeid.npref, &ch);
    for (int i = 0; i < s->u.scopeid.nvars; i++)
      push_range(S, s->u.scopeid.vars[i], (Range){true, false, 0, 0});
    break;
  case S_ASSERT:
    SE(t.u.assert_.cond);
    if (xf_const_int(t.u.assert_.cond, &c) && c != 0) return nop(S, s->loc);
    break;
  case S_RETURN: SE(t.u.ret.value); break;
  case S_BREAK:
  case S_CONTINUE: break;
  case S_LAUNCH: {
    SE(t.u.launch.extent);
    Range r = {true, false, 0, 0};
    if (xf_const_int(t.u.launch.extent, &c)) {
      r.has_hi = true;
      r.hi = c - 1;
    }
    int mark = S->nr;
    push_range(S, t.u.launch.var, r);
    SS(t.u.launch.body);
    S->nr = mark;
    break;
  }
  case S_COUNT: break;
  }
  if (!ch) return s;
  Stmt *n = tirx_stmt_new(S->m, (StmtKind)s->kind, s->loc);
  *n = t;
  return n;
}

int xf_simplify(Module *m, TirxDiag *d) {
  (void)d;
  for (int i = 0; i < m->nfuncs; i++) {
    PrimFunc *f = m->funcs[i];
    if (!f->body) continue;
    Simp S;
    memset(&S, 0, sizeof S);
    S.m = m;
    xf_map_init(&S.sub, m, false);
    /* unsigned and size-like params: nothing known; shape vars are >= 0 */
    for (int p = 0; p < f->nparams; p++) {
      Buffer *b = f->params[p].buf;
      for (int k = 0; b && k < b->ndim; k++)
        if (b->shape[k]->kind == E_VAR)
          push_range(&S, b->shape[k]->u.var, (Range){true, false, 0, 0});
    }
    f->body = simp_stmt(&S, f->body);
    xf_map_free(&S.sub);
  }
  return 0;
}
