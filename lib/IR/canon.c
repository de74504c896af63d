/* The canonical sum form of an integer expression, as TVM's canonical
 * simplifier writes it: the loop extent `stop - start` of a range with a
 * non-zero start is stored this way by TVM's builder (checked with the TVM
 * oracle), so a kernel evaluated from source prints the same extent.
 *
 * The expression is read as base + sum(scale_i * term_i): +, - and
 * multiplication by an integer constant distribute; every other node is a
 * term, equal terms (structurally) merge, and terms whose scale cancels go.
 * It is written back with the terms in descending scale (stable), the
 * positive ones added, then the base if positive, then the negative ones
 * subtracted, then a negative base:
 *     8*n + tx - (n//3 + tx%8*1024)   ->   n*8 + tx - n//3 - tx%8*1024
 *     4096 - n - (n*2 + tx)           ->   4096 - tx - n*3
 * What TVM's simplifier does beyond that (splitting floordiv/floormod,
 * rewriting inside terms) is not modelled: such terms stay as written. */
#include <stdlib.h>

#include "Support/oom.h"
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

static void collect(Sum *s, Expr *e, int64_t scale) {
  int64_t c;
  if (!s->ok) return;
  if (tirx_expr_is_const_int(e, &c)) {
    int64_t v;
    if (__builtin_mul_overflow(c, scale, &v) || __builtin_add_overflow(s->base, v, &s->base)) s->ok = false;
    return;
  }
  switch (e->kind) {
  case E_ADD:
    collect(s, e->u.bin.a, scale);
    collect(s, e->u.bin.b, scale);
    return;
  case E_SUB:
    collect(s, e->u.bin.a, scale);
    if (scale == INT64_MIN) s->ok = false;
    else collect(s, e->u.bin.b, -scale);
    return;
  case E_MUL: {
    int64_t k;
    Expr *x = NULL;
    if (tirx_expr_is_const_int(e->u.bin.b, &k)) x = e->u.bin.a;
    else if (tirx_expr_is_const_int(e->u.bin.a, &k)) x = e->u.bin.b;
    if (x) {
      int64_t v;
      if (__builtin_mul_overflow(scale, k, &v)) s->ok = false;
      else collect(s, x, v);
      return;
    }
    break;
  }
  default: break;
  }
  add_term(s, e, scale);
}

static Expr *scaled(Module *m, Expr *e, int64_t k, DType t, Loc loc) {
  return k == 1 ? e : tirx_binary(m, E_MUL, e, tirx_int(m, t, k, loc), loc);
}

Expr *tirx_canon_sub(Module *m, Expr *hi, Expr *lo, Loc loc) {
  DType t = hi->dtype;
  Sum s = {NULL, 0, 0, 0, true};
  collect(&s, hi, 1);
  collect(&s, lo, -1);
  if (!s.ok) {
    free(s.t);
    return tirx_binary(m, E_SUB, hi, lo, loc);
  }
  /* drop cancelled terms; stable insertion sort by descending scale */
  int n = 0;
  bool min = s.base == INT64_MIN;
  for (int i = 0; i < s.n; i++) {
    min |= s.t[i].scale == INT64_MIN;
    if (s.t[i].scale) s.t[n++] = s.t[i];
  }
  if (min) { /* no negation of INT64_MIN */
    free(s.t);
    return tirx_binary(m, E_SUB, hi, lo, loc);
  }
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && s.t[j - 1].scale < s.t[j].scale; j--) {
      Term x = s.t[j];
      s.t[j] = s.t[j - 1];
      s.t[j - 1] = x;
    }
  Expr *r = NULL;
  for (int i = 0; i < n && s.t[i].scale > 0; i++) {
    Expr *x = scaled(m, s.t[i].e, s.t[i].scale, t, loc);
    r = r ? tirx_binary(m, E_ADD, r, x, loc) : x;
  }
  if (s.base > 0) {
    Expr *b = tirx_int(m, t, s.base, loc);
    r = r ? tirx_binary(m, E_ADD, r, b, loc) : b;
  }
  for (int i = 0; i < n; i++) {
    if (s.t[i].scale > 0) continue;
    Expr *x = scaled(m, s.t[i].e, -s.t[i].scale, t, loc);
    r = tirx_binary(m, E_SUB, r ? r : tirx_int(m, t, 0, loc), x, loc);
  }
  if (s.base < 0) r = r ? tirx_binary(m, E_SUB, r, tirx_int(m, t, -s.base, loc), loc) : tirx_int(m, t, s.base, loc);
  free(s.t);
  return r ? r : tirx_int(m, t, 0, loc);
}
