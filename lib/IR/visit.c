/* Generic pre-order visitor and post-order mutator over expressions and
 * statements, generated from the children column of expr.def / stmt.def.
 * A declared buffer (DECL) is walked through its aliased pointer only; its
 * other fields, and buffers that are merely used (BUF), are declarations
 * and not visited.  The mutator does not rewrite buffers (they are shared
 * declarations): substitute through them with xf_rewrite_* and an XfMap. */
#include <string.h>

#include "tirx/ir.h"

/* Descriptors that carry no child node: nothing to walk. */
#define USE(f)
#define DEF(f)
#define DEFS(a, n)
#define BUF(f)
#define DATA(f)
#define FP(f)
#define BYTES(p, n)
#define NAME(f)
#define OP(f)
#define REF(f)
#define SPELL(f)
#define DTYPE(f)

void tirx_visit_expr(IRVisitor *v, Expr *x) {
  if (!x) return;
  if (v->expr && !v->expr(v, x)) return;
#define EXPR(f) tirx_visit_expr(v, x->u.f);
#define EXPRS(a, n) for (int i_ = 0; i_ < x->u.n; i_++) tirx_visit_expr(v, x->u.a[i_]);
#define KWARGS(a, n) for (int i_ = 0; i_ < x->u.n; i_++) tirx_visit_expr(v, x->u.a[i_].value);
  switch ((ExprKind)x->kind) {
#define X(K, name, payload, children) case K: children break;
#include "tirx/expr.def"
#undef X
  case E_COUNT: break;
  }
#undef EXPR
#undef EXPRS
#undef KWARGS
}

void tirx_visit_stmt(IRVisitor *v, Stmt *x) {
  if (!x) return;
  if (v->stmt && !v->stmt(v, x)) return;
#define EXPR(f) tirx_visit_expr(v, x->u.f);
#define EXPRS(a, n) for (int i_ = 0; i_ < x->u.n; i_++) tirx_visit_expr(v, x->u.a[i_]);
#define KWARGS(a, n) for (int i_ = 0; i_ < x->u.n; i_++) tirx_visit_expr(v, x->u.a[i_].value);
#define STMT(f) tirx_visit_stmt(v, x->u.f);
#define STMTS(a, n) for (int i_ = 0; i_ < x->u.n; i_++) tirx_visit_stmt(v, x->u.a[i_]);
#define DECL(f) tirx_visit_expr(v, x->u.f->decl_data);
  switch ((StmtKind)x->kind) {
#define X(K, name, payload, children) case K: children break;
#include "tirx/stmt.def"
#undef X
  case S_COUNT: break;
  }
#undef EXPR
#undef EXPRS
#undef KWARGS
#undef STMT
#undef STMTS
#undef DECL
}

/* ---- mutator ------------------------------------------------------------- */

static Expr **mutate_list(IRMutator *mu, Expr **xs, int n, bool *changed) {
  Expr **out = xs;
  for (int i = 0; i < n; i++) {
    Expr *r = tirx_mutate_expr(mu, xs[i]);
    if (r != xs[i]) {
      if (out == xs) {
        out = TIRX_NEWN(mu->m, Expr *, n);
        memcpy(out, xs, sizeof *out * (size_t)n);
      }
      out[i] = r;
      *changed = true;
    }
  }
  return out;
}

static KwArg *mutate_kw(IRMutator *mu, KwArg *kw, int n, bool *changed) {
  KwArg *out = kw;
  for (int i = 0; i < n; i++) {
    Expr *r = tirx_mutate_expr(mu, kw[i].value);
    if (r != kw[i].value) {
      if (out == kw) {
        out = TIRX_NEWN(mu->m, KwArg, n);
        memcpy(out, kw, sizeof *out * (size_t)n);
      }
      out[i].value = r;
      *changed = true;
    }
  }
  return out;
}

static Stmt **mutate_stmts(IRMutator *mu, Stmt **xs, int n, bool *changed) {
  Stmt **out = xs;
  for (int i = 0; i < n; i++) {
    Stmt *r = tirx_mutate_stmt(mu, xs[i]);
    if (r != xs[i]) {
      if (out == xs) {
        out = TIRX_NEWN(mu->m, Stmt *, n);
        memcpy(out, xs, sizeof *out * (size_t)n);
      }
      out[i] = r;
      *changed = true;
    }
  }
  return out;
}

/* The mutating descriptors work on the copy `t` and set `ch`. */
#define EXPR(f)                                         \
  do {                                                  \
    Expr *r_ = tirx_mutate_expr(mu, t.u.f);             \
    if (r_ != t.u.f) { t.u.f = r_; ch = true; }         \
  } while (0);
#define EXPRS(a, n) t.u.a = mutate_list(mu, t.u.a, t.u.n, &ch);
#define KWARGS(a, n) t.u.a = mutate_kw(mu, t.u.a, t.u.n, &ch);
#define STMT(f)                                         \
  do {                                                  \
    Stmt *r_ = tirx_mutate_stmt(mu, t.u.f);             \
    if (r_ != t.u.f) { t.u.f = r_; ch = true; }         \
  } while (0);
#define STMTS(a, n) t.u.a = mutate_stmts(mu, t.u.a, t.u.n, &ch);
#define DECL(f)

Expr *tirx_mutate_expr(IRMutator *mu, Expr *e) {
  if (!e) return NULL;
  Expr t = *e;
  bool ch = false;
  switch ((ExprKind)e->kind) {
#define X(K, name, payload, children) case K: children break;
#include "tirx/expr.def"
#undef X
  case E_COUNT: break;
  }
  Expr *r = e;
  if (ch) {
    r = TIRX_NEW(mu->m, Expr);
    *r = t;
  }
  if (mu->expr) r = mu->expr(mu, r);
  return r;
}

Stmt *tirx_mutate_stmt(IRMutator *mu, Stmt *s) {
  if (!s) return NULL;
  Stmt t = *s;
  bool ch = false;
  switch ((StmtKind)s->kind) {
#define X(K, name, payload, children) case K: children break;
#include "tirx/stmt.def"
#undef X
  case S_COUNT: break;
  }
  Stmt *r = s;
  if (ch && s->kind == S_SEQ) {
    r = tirx_seq(mu->m, t.u.seq.items, t.u.seq.n, s->loc); /* re-flattens */
  } else if (ch) {
    r = TIRX_NEW(mu->m, Stmt);
    *r = t;
  }
  if (mu->stmt) r = mu->stmt(mu, r);
  return r;
}
#include "tirx/ir_walk_end.h"
