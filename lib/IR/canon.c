/* The canonical sum form of an integer expression, as TVM's canonical
 * simplifier writes it: the loop extent `stop - start` of a range with a
 * non-zero start is stored this way by TVM's builder (checked with the TVM
 * oracle), so a kernel evaluated from source prints the same extent.
 *
 * The expression is read as base + sum(scale_i * term_i): +, - and
 * multiplication by an integer constant distribute; every other node is a
 * term, equal terms (structurally) merge, and terms whose scale cancels go.
 * It is written back with the terms in descending scale (stable; equal
 * scales: a division's term first, by descending divisor, then the rest
 * with a modulo's last: term_before), the positive ones added, then the base
 * if positive, then the negative ones subtracted, then a negative base:
 *     8*n + tx - (n//3 + tx%8*1024)   ->   n*8 + tx - n//3 - tx%8*1024
 *     4096 - n - (n*2 + tx)           ->   4096 - tx - n*3
 * A floor division or modulo by a positive constant c keeps its numerator in
 * this form, and the terms whose scale c divides leave it, and so does a
 * constant c divides ((n*128 + 127) // 128 -> n, (n - 12) // 4 -> n//4 - 3);
 * T.min / T.max take it in their operands.
 * Of TVM's rewrite rules, those for a difference with a T.min / T.max of its
 * other side apply first (x - T.min(y, x) -> T.max(x - y, 0): SUB_MINMAX).
 * What TVM's simplifier does beyond that (its other rewrite rules, bounds) is
 * not modelled: such terms stay as written. */
#include <stdlib.h>

#include "Support/oom.h"
#include "tirx/internal/intrin.h"
#include "tirx/internal/ir.h"

typedef struct Term {
  Expr *e;
  int64_t scale;
} Term;

typedef struct Sum {
  Term *t;
  int n, cap;
  int64_t base;
  bool ok; /* false: a scale overflowed; the caller keeps hi - lo */
} Sum;

static void add_term(Sum *s, Expr *e, int64_t scale) {
  for (int i = 0; i < s->n; i++)
    if (tirx_expr_identical(s->t[i].e, e)) {
      if (__builtin_add_overflow(s->t[i].scale, scale, &s->t[i].scale)) s->ok = false;
      return;
    }
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 8;
    s->t = tirx_xrealloc(s->t, (size_t)s->cap, sizeof *s->t);
  }
  s->t[s->n++] = (Term){e, scale};
}

static Expr *build(Module *m, Sum *s, DType t, Loc loc);
static void collect(Module *m, Sum *s, Expr *e, int64_t scale);

/* x * c (a constant c, as build writes a scaled term, or 0 - x * c, its lone
 * negative term): x and c (-c) */
static bool times_const(Expr *e, Expr **x, int64_t *c) {
  int64_t z;
  if (e->kind == E_SUB && tirx_expr_is_const_int(e->u.bin.a, &z) && z == 0 &&
      times_const(e->u.bin.b, x, c) && *c != INT64_MIN) {
    *c = -*c;
    return true;
  }
  if (e->kind != E_MUL || !tirx_expr_is_const_int(e->u.bin.b, c)) return false;
  *x = e->u.bin.a;
  return true;
}

/* TVM's rewrite rules for a T.min / T.max of scaled terms (rewrite_simplify.cc,
 * MinNode / MaxNode): min(x * c1, y * c1) -> min(x, y) * c1 and min(x * c1, c2)
 * -> min(x, c2 / c1) * c1 when c1 divides c2, a negative c1 turning min into
 * max (and max likewise).  e's operands are in canonical form; NULL: no rule. */
static Expr *minmax_scaled(Module *m, Expr *e) {
  Expr *x, *y, *r;
  int64_t c1, c2, k;
  if (!tirx_dtype_is_int(e->dtype) || !times_const(e->u.bin.a, &x, &c1) || c1 == 0) return NULL;
  if (times_const(e->u.bin.b, &y, &k) && k == c1) r = y;
  else if (tirx_expr_is_const_int(e->u.bin.b, &c2) && c2 % c1 == 0 &&
           !(c1 == -1 && c2 == INT64_MIN))
    r = tirx_int(m, e->dtype, c2 / c1, e->loc);
  else return NULL;
  ExprKind kind = c1 > 0 ? (ExprKind)e->kind : e->kind == E_MIN ? E_MAX : E_MIN;
  return tirx_binary(m, E_MUL, tirx_binary(m, kind, x, r, e->loc),
                     tirx_int(m, e->dtype, c1, e->loc), e->loc);
}

/* TVM's rewrite rules for a - b where one side is a T.min / T.max with the
 * other side as an operand (rewrite_simplify.cc, SubNode: checked with the
 * TVM oracle), e.g. max(x, y) - y -> max(x - y, 0), x - min(x, y) ->
 * max(0, x - y).  Row: the side holding the min/max (0: a, 1: b), its kind,
 * which of its operands equals the other side, the result's kind and whether
 * its 0 comes first.  The result's difference keeps the side order: the
 * min/max's other operand minus the plain side, or the reverse. */
static const struct {
  int side;
  ExprKind inner;
  int same;
  ExprKind out;
  bool zero_first;
} SUB_MINMAX[] = {
    {0, E_MIN, 1, E_MIN, false}, /* min(x, y) - y -> min(x - y, 0) */
    {1, E_MAX, 1, E_MIN, false}, /* x - max(y, x) -> min(x - y, 0) */
    {1, E_MAX, 0, E_MIN, true},  /* x - max(x, y) -> min(0, x - y) */
    {0, E_MIN, 0, E_MIN, true},  /* min(y, x) - y -> min(0, x - y) */
    {0, E_MAX, 1, E_MAX, false}, /* max(x, y) - y -> max(x - y, 0) */
    {1, E_MIN, 1, E_MAX, false}, /* x - min(y, x) -> max(x - y, 0) */
    {1, E_MIN, 0, E_MAX, true},  /* x - min(x, y) -> max(0, x - y) */
    {0, E_MAX, 0, E_MAX, true},  /* max(y, x) - y -> max(0, x - y) */
};

/* e (a subtraction) rewritten by the first SUB_MINMAX row it matches, or NULL */
static Expr *sub_minmax(Module *m, Expr *e) {
  for (size_t i = 0; i < sizeof SUB_MINMAX / sizeof SUB_MINMAX[0]; i++) {
    int side = SUB_MINMAX[i].side, same = SUB_MINMAX[i].same;
    Expr *mm = side ? e->u.bin.b : e->u.bin.a, *plain = side ? e->u.bin.a : e->u.bin.b;
    if (mm->kind != SUB_MINMAX[i].inner) continue;
    Expr *eq = same ? mm->u.bin.b : mm->u.bin.a, *other = same ? mm->u.bin.a : mm->u.bin.b;
    if (!tirx_expr_identical(eq, plain)) continue;
    Expr *d = side ? tirx_binary(m, E_SUB, plain, other, e->loc)
                   : tirx_binary(m, E_SUB, other, plain, e->loc);
    Expr *zero = tirx_int(m, e->dtype, 0, e->loc);
    return SUB_MINMAX[i].zero_first ? tirx_binary(m, SUB_MINMAX[i].out, zero, d, e->loc)
                                    : tirx_binary(m, SUB_MINMAX[i].out, d, zero, e->loc);
  }
  return NULL;
}

/* e // c or e % c for a constant c > 0: terms of e whose scale c divides
 * leave the division ((k*c*x + r) // c = k*x + r // c, exact for floor
 * division), the rest stays under it in canonical form. */
static void collect_div(Module *m, Sum *s, Expr *e, int64_t c, bool mod, int64_t scale) {
  Sum n = {NULL, 0, 0, 0, true};
  collect(m, &n, e->u.bin.a, 1);
  if (!n.ok) {
    free(n.t);
    add_term(s, e, scale);
    return;
  }
  Sum r = {NULL, 0, 0, n.base, true};
  for (int i = 0; i < n.n; i++) {
    if (!n.t[i].scale) continue;
    if (n.t[i].scale % c == 0) {
      if (!mod) {
        int64_t v;
        if (__builtin_mul_overflow(n.t[i].scale / c, scale, &v)) s->ok = false;
        else add_term(s, n.t[i].e, v);
      }
    } else {
      add_term(&r, n.t[i].e, n.t[i].scale);
    }
  }
  free(n.t);
  bool terms = false;
  for (int i = 0; i < r.n; i++) terms |= r.t[i].scale != 0;
  if (!terms) { /* a constant remainder */
    int64_t q = r.base / c, rm = r.base % c;
    if (rm < 0) rm += c, q--;
    int64_t v;
    if (__builtin_mul_overflow(mod ? rm : q, scale, &v) ||
        __builtin_add_overflow(s->base, v, &s->base))
      s->ok = false;
    free(r.t);
    return;
  }
  if (r.base % c == 0) { /* a base c divides leaves it too: (x - 12) // 4 -> x // 4 - 3 */
    int64_t v;
    if (!mod && (__builtin_mul_overflow(r.base / c, scale, &v) ||
                 __builtin_add_overflow(s->base, v, &s->base)))
      s->ok = false;
    r.base = 0;
  }
  Expr *num = build(m, &r, e->dtype, e->loc);
  free(r.t);
  add_term(s, tirx_binary(m, mod ? E_FLOORMOD : E_FLOORDIV, num, e->u.bin.b, e->loc), scale);
}

static void collect(Module *m, Sum *s, Expr *e, int64_t scale) {
  int64_t c;
  if (!s->ok) return;
  if (tirx_expr_is_const_int(e, &c)) {
    int64_t v;
    if (__builtin_mul_overflow(c, scale, &v) || __builtin_add_overflow(s->base, v, &s->base))
      s->ok = false;
    return;
  }
  switch (e->kind) {
  case E_ADD:
    collect(m, s, e->u.bin.a, scale);
    collect(m, s, e->u.bin.b, scale);
    return;
  case E_SUB: {
    Expr *r = sub_minmax(m, e);
    if (r) {
      collect(m, s, r, scale);
      return;
    }
    collect(m, s, e->u.bin.a, scale);
    if (scale == INT64_MIN) s->ok = false;
    else collect(m, s, e->u.bin.b, -scale);
    return;
  }
  case E_MUL: {
    int64_t k;
    Expr *x = NULL;
    if (tirx_expr_is_const_int(e->u.bin.b, &k)) x = e->u.bin.a;
    else if (tirx_expr_is_const_int(e->u.bin.a, &k)) x = e->u.bin.b;
    if (x) {
      int64_t v;
      if (__builtin_mul_overflow(scale, k, &v)) s->ok = false;
      else collect(m, s, x, v);
      return;
    }
    break;
  }
  case E_FLOORDIV:
  case E_FLOORMOD:
    if (tirx_dtype_code(e->dtype) == DTC_INT && tirx_expr_is_const_int(e->u.bin.b, &c) && c > 0) {
      collect_div(m, s, e, c, e->kind == E_FLOORMOD, scale);
      return;
    }
    break;
  case E_MIN:
  case E_MAX: {
    Expr *a = tirx_canon(m, e->u.bin.a, e->loc), *b = tirx_canon(m, e->u.bin.b, e->loc);
    if (a != e->u.bin.a || b != e->u.bin.b) e = tirx_binary(m, e->kind, a, b, e->loc);
    Expr *r = minmax_scaled(m, e);
    if (r) {
      collect(m, s, r, scale);
      return;
    }
    break;
  }
  case E_CALL: /* T.if_then_else(c, t, f): its branches in canonical form */
    if (e->u.call.op->id == I_IF_THEN_ELSE && e->u.call.n == 3) {
      Expr *t = tirx_canon(m, e->u.call.args[1], e->loc);
      Expr *f = tirx_canon(m, e->u.call.args[2], e->loc);
      if (t != e->u.call.args[1] || f != e->u.call.args[2]) {
        Expr **args = TIRX_NEWN(m, Expr *, 3);
        args[0] = e->u.call.args[0], args[1] = t, args[2] = f;
        e = tirx_call(m, e->u.call.op, e->dtype, args, 3, e->loc);
      }
    }
    break;
  default: break;
  }
  add_term(s, e, scale);
}

static Expr *scaled(Module *m, Expr *e, int64_t k, DType t, Loc loc) {
  return k == 1 ? e : tirx_binary(m, E_MUL, e, tirx_int(m, t, k, loc), loc);
}

/* The factors TVM's canonical form gives a term (a SplitExpr: index //
 * lower % (upper / lower)): x // c is (c, inf), x % c is (1, c),
 * x // d % c is (d, d*c), any other term (1, inf). */
static void split_factors(const Expr *e, int64_t *lower, int64_t *upper) {
  int64_t c, d;
  *lower = 1, *upper = INT64_MAX;
  if ((e->kind != E_FLOORDIV && e->kind != E_FLOORMOD) || tirx_dtype_code(e->dtype) != DTC_INT ||
      !tirx_expr_is_const_int(e->u.bin.b, &c) || c <= 0)
    return;
  if (e->kind == E_FLOORDIV) {
    *lower = c;
    return;
  }
  const Expr *x = e->u.bin.a;
  if (x->kind == E_FLOORDIV && tirx_expr_is_const_int(x->u.bin.b, &d) && d > 0 &&
      !__builtin_mul_overflow(d, c, upper)) {
    *lower = d;
    return;
  }
  *upper = c;
}

/* a goes before b: descending scale, then descending lower factor, then
 * descending upper factor (TVM's SimplifySplitExprs; ties keep their order) */
static bool term_before(const Term *a, const Term *b) {
  if (a->scale != b->scale) return a->scale > b->scale;
  int64_t al, au, bl, bu;
  split_factors(a->e, &al, &au);
  split_factors(b->e, &bl, &bu);
  if (al != bl) return al > bl;
  return au > bu;
}

/* The sum written back (frees nothing: the caller owns s->t). */
static Expr *build(Module *m, Sum *s, DType t, Loc loc) {
  int n = 0;
  for (int i = 0; i < s->n; i++)
    if (s->t[i].scale) s->t[n++] = s->t[i];
  s->n = n;
  for (int i = 1; i < n; i++) /* stable insertion sort: TVM's term order */
    for (int j = i; j > 0 && term_before(&s->t[j], &s->t[j - 1]); j--) {
      Term x = s->t[j];
      s->t[j] = s->t[j - 1];
      s->t[j - 1] = x;
    }
  Expr *r = NULL;
  for (int i = 0; i < n && s->t[i].scale > 0; i++) {
    Expr *x = scaled(m, s->t[i].e, s->t[i].scale, t, loc);
    r = r ? tirx_binary(m, E_ADD, r, x, loc) : x;
  }
  if (s->base > 0) {
    Expr *b = tirx_int(m, t, s->base, loc);
    r = r ? tirx_binary(m, E_ADD, r, b, loc) : b;
  }
  for (int i = 0; i < n; i++) {
    if (s->t[i].scale > 0) continue;
    Expr *x = scaled(m, s->t[i].e, -s->t[i].scale, t, loc);
    r = tirx_binary(m, E_SUB, r ? r : tirx_int(m, t, 0, loc), x, loc);
  }
  if (s->base < 0)
    r = r ? tirx_binary(m, E_SUB, r, tirx_int(m, t, -s->base, loc), loc)
          : tirx_int(m, t, s->base, loc);
  return r ? r : tirx_int(m, t, 0, loc);
}

/* INT64_MIN anywhere: no negation of it, so no rewriting */
static bool has_min(const Sum *s) {
  if (s->base == INT64_MIN) return true;
  for (int i = 0; i < s->n; i++)
    if (s->t[i].scale == INT64_MIN) return true;
  return false;
}

static Expr *canon2(Module *m, Expr *hi, Expr *lo, Loc loc) {
  if (!tirx_dtype_is_int(hi->dtype) || hi->dtype.lanes != 1)
    return lo ? tirx_binary(m, E_SUB, hi, lo, loc) : hi;
  Sum s = {NULL, 0, 0, 0, true};
  collect(m, &s, hi, 1);
  if (lo) collect(m, &s, lo, -1);
  Expr *r = s.ok && !has_min(&s) ? build(m, &s, hi->dtype, loc)
            : lo                 ? tirx_binary(m, E_SUB, hi, lo, loc)
                                 : hi;
  free(s.t);
  return r;
}

Expr *tirx_canon_sub(Module *m, Expr *hi, Expr *lo, Loc loc) { return canon2(m, hi, lo, loc); }

Expr *tirx_canon(Module *m, Expr *e, Loc loc) { return canon2(m, e, NULL, loc); }
