/* The generic walks, generated from the children column of expr.def /
 * stmt.def: the child enumerator (one node), the pre-order visitor built on
 * it, and the post-order mutator.  A declared buffer (DECL) is visited
 * through its aliased pointer only; its other fields, and buffers that are
 * merely used (BUF), are declarations and not walked.  The mutator replaces
 * buffers and definitions only through its hooks. */
#include <string.h>

#include "tirx/internal/ir.h"

/* ---- the child enumerator ------------------------------------------------ */

#define EXPR(f) \
  if (fns->expr && x->u.f) fns->expr(ctx, x->u.f);
#define EXPRS(a, n)                     \
  if (fns->expr)                        \
    for (int i_ = 0; i_ < x->u.n; i_++) \
      if (x->u.a[i_]) fns->expr(ctx, x->u.a[i_]);
#define KWARGS(a, n)                    \
  if (fns->expr)                        \
    for (int i_ = 0; i_ < x->u.n; i_++) \
      if (x->u.a[i_].value) fns->expr(ctx, x->u.a[i_].value);
#define STMT(f) \
  if (fns->stmt && x->u.f) fns->stmt(ctx, x->u.f);
#define STMTS(a, n)                     \
  if (fns->stmt)                        \
    for (int i_ = 0; i_ < x->u.n; i_++) \
      if (x->u.a[i_]) fns->stmt(ctx, x->u.a[i_]);
#define USE(f) \
  if (fns->use) fns->use(ctx, x->u.f, (Expr *)x);
#define DEF(f) \
  if (fns->def) fns->def(ctx, x->u.f);
#define DEFS(a, n) \
  if (fns->def)    \
    for (int i_ = 0; i_ < x->u.n; i_++) fns->def(ctx, x->u.a[i_]);
#define BUF(f) \
  if (fns->buf) fns->buf(ctx, x->u.f);
#define DECL(f) \
  if (fns->decl) fns->decl(ctx, x->u.f);
#define DATA(f)
#define DTYPE(f)
#define FP(f)
#define BYTES(p, n)
#define NAME(f)
#define OP(f)
#define REF(f)
#define SPELL(f)

void tirx_expr_children(Expr *x, const IRChildFns *fns, void *ctx) {
  switch ((ExprKind)x->kind) {
    /* clang-format 14 would fold the #include into the macro: */
    /* clang-format off */
#define X(K, name, payload, children) case K: children break;
#include "tirx/internal/expr.def"
    /* clang-format on */
#undef X
  case E_COUNT: break;
  }
}

void tirx_stmt_children(Stmt *x, const IRChildFns *fns, void *ctx) {
  switch ((StmtKind)x->kind) {
    /* clang-format 14 would fold the #include into the macro: */
    /* clang-format off */
#define X(K, name, payload, children) case K: children break;
#include "tirx/internal/stmt.def"
  /* clang-format on */
  case S_COUNT: break;
  }
}
#include "tirx/internal/ir_walk_end.h"
#undef MUTATE_ARRAY

/* ---- the visitor --------------------------------------------------------- */

static void visit_expr(void *v, Expr *e) { tirx_visit_expr(v, e); }
static void visit_stmt(void *v, Stmt *s) { tirx_visit_stmt(v, s); }
static void visit_decl(void *v, Buffer *b) { tirx_visit_expr(v, b->decl_data); }
static const IRChildFns visit_fns = {visit_expr, visit_stmt, NULL, NULL, NULL, visit_decl};

void tirx_visit_expr(IRVisitor *v, Expr *e) {
  if (!e || (v->expr && !v->expr(v, e))) return;
  tirx_expr_children(e, &visit_fns, v);
}

/* tirx/internal/ir.h: the read-only entries (a union, not a cast: -Wcast-qual). */
static Expr *expr_of(const Expr *e) {
  union {
    const Expr *c;
    Expr *m;
  } u = {e};
  return u.m;
}
static Stmt *stmt_of(const Stmt *s) {
  union {
    const Stmt *c;
    Stmt *m;
  } u = {s};
  return u.m;
}
void tirx_visit_expr_ro(IRVisitor *v, const Expr *e) { tirx_visit_expr(v, expr_of(e)); }
void tirx_stmt_children_ro(const Stmt *s, const IRChildFns *fns, void *ctx) {
  tirx_stmt_children(stmt_of(s), fns, ctx);
}

void tirx_visit_stmt(IRVisitor *v, Stmt *s) {
  if (!s || (v->stmt && !v->stmt(v, s))) return;
  tirx_stmt_children(s, &visit_fns, v);
}

/* ---- the mutator --------------------------------------------------------- */

/* Each element of xs[0..n) (elem bytes) through fn, which writes the new
 * element to `out` and returns whether it changed.  The array is copied the
 * first time an element changes (at once with mu->copy), so the input is
 * never written. */
typedef bool (*ElemFn)(IRMutator *mu, const void *in, void *out);

static void *dup_array(IRMutator *mu, const void *xs, int n, size_t elem) {
  void *c = tirx_alloc(mu->m, elem * (size_t)(n > 0 ? n : 1));
  if (n) memcpy(c, xs, elem * (size_t)n);
  return c;
}

static void *mutate_array(IRMutator *mu, void *xs, int n, size_t elem, ElemFn fn, bool *changed) {
  unsigned char *out = mu->copy ? dup_array(mu, xs, n, elem) : xs;
  unsigned char tmp[sizeof(KwArg)]; /* the largest element */
  for (int i = 0; i < n; i++) {
    if (!fn(mu, (unsigned char *)xs + elem * (size_t)i, tmp)) continue;
    if (out == xs) out = dup_array(mu, xs, n, elem);
    memcpy(out + elem * (size_t)i, tmp, elem);
    *changed = true;
  }
  return out;
}

/* Pointer elements: x replaced by `with`. */
#define ELEM_PTR(name, T, with)                                \
  static bool name(IRMutator *mu, const void *in, void *out) { \
    T *x = *(T *const *)in, *r = (with);                       \
    memcpy(out, &r, sizeof r);                                 \
    return r != x;                                             \
  }
ELEM_PTR(elem_expr, Expr, tirx_mutate_expr(mu, x))
ELEM_PTR(elem_stmt, Stmt, tirx_mutate_stmt(mu, x))
ELEM_PTR(elem_def, Var, mu->def ? mu->def(mu, x) : x)
#undef ELEM_PTR

static bool elem_kw(IRMutator *mu, const void *in, void *out) {
  KwArg k = *(const KwArg *)in;
  Expr *r = tirx_mutate_expr(mu, k.value);
  bool ch = r != k.value;
  k.value = r;
  memcpy(out, &k, sizeof k);
  return ch;
}

#define MUTATE_ARRAY(a, n, fn)                                           \
  {                                                                      \
    _Static_assert(sizeof *t.u.a <= sizeof(KwArg), "element too large"); \
    t.u.a = mutate_array(mu, t.u.a, t.u.n, sizeof *t.u.a, fn, &ch);      \
  }

/* The mutating descriptors work on the copy `t` and set `ch`. */
#define REPLACE(slot, with)     \
  do {                          \
    void *r_ = (void *)(with);  \
    if (r_ != (void *)(slot)) { \
      (slot) = r_;              \
      ch = true;                \
    }                           \
  } while (0);
#define EXPR(f) REPLACE(t.u.f, tirx_mutate_expr(mu, t.u.f))
#define EXPRS(a, n) MUTATE_ARRAY(a, n, elem_expr)
#define KWARGS(a, n) MUTATE_ARRAY(a, n, elem_kw)
#define STMT(f) REPLACE(t.u.f, tirx_mutate_stmt(mu, t.u.f))
#define STMTS(a, n) MUTATE_ARRAY(a, n, elem_stmt)
#define USE(f) /* an E_VAR: the expr callback replaces it */
#define DEF(f) \
  if (mu->def) REPLACE(t.u.f, mu->def(mu, t.u.f))
#define DEFS(a, n) MUTATE_ARRAY(a, n, elem_def)
#define BUF(f) \
  if (mu->buf) REPLACE(t.u.f, mu->buf(mu, t.u.f))
#define DECL(f) \
  if (mu->decl) REPLACE(t.u.f, mu->decl(mu, t.u.f))
#define DATA(f)
#define DTYPE(f)
#define FP(f)
#define BYTES(p, n)
#define NAME(f)
#define OP(f)
#define REF(f)
#define SPELL(f)

Expr *tirx_mutate_expr(IRMutator *mu, Expr *e) {
  if (!e) return NULL;
  Expr t = *e;
  bool ch = false;
  switch ((ExprKind)e->kind) {
    /* clang-format 14 would fold the #include into the macro: */
    /* clang-format off */
#define X(K, name, payload, children) case K: children break;
#include "tirx/internal/expr.def"
    /* clang-format on */
#undef X
  case E_COUNT: break;
  }
  Expr *r = e;
  if (ch || mu->copy) {
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
    /* clang-format 14 would fold the #include into the macro: */
    /* clang-format off */
#define X(K, name, payload, children) case K: children break;
#include "tirx/internal/stmt.def"
    /* clang-format on */
#undef X
  case S_COUNT: break;
  }
  Stmt *r = s;
  if ((ch || mu->copy) && s->kind == S_SEQ) {
    r = tirx_seq(mu->m, t.u.seq.items, t.u.seq.n, s->loc); /* re-flattens */
  } else if (ch || mu->copy) {
    r = TIRX_NEW(mu->m, Stmt);
    *r = t;
  }
  if (mu->stmt) r = mu->stmt(mu, r);
  return r;
}
#include "tirx/internal/ir_walk_end.h"
#undef MUTATE_ARRAY
