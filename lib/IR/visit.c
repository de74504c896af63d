/* Generic pre-order visitor and post-order mutator over expressions and
 * statements.  Buffers' shapes are not visited (they are declarations). */
#include <string.h>

#include "tirx/ir.h"

void tirx_visit_expr(IRVisitor *v, Expr *e) {
  if (!e) return;
  if (v->expr && !v->expr(v, e)) return;
  switch ((ExprKind)e->kind) {
  case E_INT: case E_FLOAT: case E_STR: case E_NONE: case E_VAR: case E_BUFREF: case E_DTYPE:
    break;
  case E_ADD: case E_SUB: case E_MUL: case E_DIV: case E_MOD: case E_FLOORDIV: case E_FLOORMOD:
  case E_MIN: case E_MAX: case E_EQ: case E_NE: case E_LT: case E_LE: case E_GT: case E_GE:
  case E_AND: case E_OR:
    tirx_visit_expr(v, e->u.bin.a);
    tirx_visit_expr(v, e->u.bin.b);
    break;
  case E_NOT: case E_CAST:
    tirx_visit_expr(v, e->u.un.a);
    break;
  case E_SELECT:
    tirx_visit_expr(v, e->u.sel.c);
    tirx_visit_expr(v, e->u.sel.t);
    tirx_visit_expr(v, e->u.sel.f);
    break;
  case E_LOAD:
    for (int i = 0; i < e->u.load.n; i++) tirx_visit_expr(v, e->u.load.idx[i]);
    tirx_visit_expr(v, e->u.load.pred);
    break;
  case E_RAMP:
    tirx_visit_expr(v, e->u.ramp.base);
    tirx_visit_expr(v, e->u.ramp.stride);
    break;
  case E_BCAST:
    tirx_visit_expr(v, e->u.bcast.value);
    break;
  case E_CALL: case E_LAYOUT:
    for (int i = 0; i < e->u.call.n; i++) tirx_visit_expr(v, e->u.call.args[i]);
    for (int i = 0; i < e->u.call.nkw; i++) tirx_visit_expr(v, e->u.call.kw[i].value);
    break;
  case E_LET:
    tirx_visit_expr(v, e->u.let.value);
    tirx_visit_expr(v, e->u.let.body);
    break;
  case E_REGION:
    for (int i = 0; i < e->u.region.n; i++) {
      tirx_visit_expr(v, e->u.region.min[i]);
      tirx_visit_expr(v, e->u.region.ext[i]);
    }
    break;
  case E_TUPLE: case E_LIST:
    for (int i = 0; i < e->u.list.n; i++) tirx_visit_expr(v, e->u.list.items[i]);
    break;
  case E_DICT:
    for (int i = 0; i < e->u.dict.n; i++) {
      tirx_visit_expr(v, e->u.dict.keys[i]);
      tirx_visit_expr(v, e->u.dict.vals[i]);
    }
    break;
  case E_COUNT:
    break;
  }
}

void tirx_visit_stmt(IRVisitor *v, Stmt *s) {
  if (!s) return;
  if (v->stmt && !v->stmt(v, s)) return;
  switch ((StmtKind)s->kind) {
  case S_SEQ:
    for (int i = 0; i < s->u.seq.n; i++) tirx_visit_stmt(v, s->u.seq.items[i]);
    break;
  case S_EVAL: tirx_visit_expr(v, s->u.eval.e); break;
  case S_STORE:
    for (int i = 0; i < s->u.store.n; i++) tirx_visit_expr(v, s->u.store.idx[i]);
    tirx_visit_expr(v, s->u.store.value);
    tirx_visit_expr(v, s->u.store.pred);
    break;
  case S_BIND: tirx_visit_expr(v, s->u.bind.value); break;
  case S_ALLOC: case S_DECL:
    tirx_visit_expr(v, s->u.alloc.buf->decl_data);
    break;
  case S_FOR:
    tirx_visit_expr(v, s->u.for_.min);
    tirx_visit_expr(v, s->u.for_.extent);
    tirx_visit_expr(v, s->u.for_.step);
    tirx_visit_stmt(v, s->u.for_.body);
    break;
  case S_WHILE:
    tirx_visit_expr(v, s->u.while_.cond);
    tirx_visit_stmt(v, s->u.while_.body);
    break;
  case S_IF:
    tirx_visit_expr(v, s->u.if_.cond);
    tirx_visit_stmt(v, s->u.if_.then_);
    tirx_visit_stmt(v, s->u.if_.else_);
    break;
  case S_ATTR:
    tirx_visit_expr(v, s->u.attr.node);
    tirx_visit_expr(v, s->u.attr.value);
    tirx_visit_stmt(v, s->u.attr.body);
    break;
  case S_HINT:
    for (int i = 0; i < s->u.hint.nkw; i++) tirx_visit_expr(v, s->u.hint.kw[i].value);
    tirx_visit_stmt(v, s->u.hint.body);
    break;
  case S_SCOPEID:
    for (int i = 0; i < s->u.scopeid.next; i++) tirx_visit_expr(v, s->u.scopeid.extents[i]);
    for (int i = 0; i < s->u.scopeid.npref; i++) tirx_visit_expr(v, s->u.scopeid.preferred[i]);
    break;
  case S_ASSERT: tirx_visit_expr(v, s->u.assert_.cond); break;
  case S_RETURN: tirx_visit_expr(v, s->u.ret.value); break;
  case S_BREAK: case S_CONTINUE: break;
  case S_LAUNCH:
    tirx_visit_expr(v, s->u.launch.extent);
    tirx_visit_stmt(v, s->u.launch.body);
    break;
  case S_COUNT: break;
  }
}

/* ---- mutator ------------------------------------------------------------- */

static Expr *copy_expr(IRMutator *mu, const Expr *e) {
  Expr *n = TIRX_NEW(mu->m, Expr);
  *n = *e;
  return n;
}

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

#define MUT(field)                                  \
  do {                                              \
    Expr *r_ = tirx_mutate_expr(mu, (field));       \
    if (r_ != (field)) { (field) = r_; ch = true; } \
  } while (0)

Expr *tirx_mutate_expr(IRMutator *mu, Expr *e) {
  if (!e) return NULL;
  Expr t = *e;
  bool ch = false;
  switch ((ExprKind)e->kind) {
  case E_INT: case E_FLOAT: case E_STR: case E_NONE: case E_VAR: case E_BUFREF: case E_DTYPE:
    break;
  case E_ADD: case E_SUB: case E_MUL: case E_DIV: case E_MOD: case E_FLOORDIV: case E_FLOORMOD:
  case E_MIN: case E_MAX: case E_EQ: case E_NE: case E_LT: case E_LE: case E_GT: case E_GE:
  case E_AND: case E_OR:
    MUT(t.u.bin.a);
    MUT(t.u.bin.b);
    break;
  case E_NOT: case E_CAST: MUT(t.u.un.a); break;
  case E_SELECT:
    MUT(t.u.sel.c);
    MUT(t.u.sel.t);
    MUT(t.u.sel.f);
    break;
  case E_LOAD:
    t.u.load.idx = mutate_list(mu, t.u.load.idx, t.u.load.n, &ch);
    MUT(t.u.load.pred);
    break;
  case E_RAMP:
    MUT(t.u.ramp.base);
    MUT(t.u.ramp.stride);
    break;
  case E_BCAST: MUT(t.u.bcast.value); break;
  case E_CALL: case E_LAYOUT:
    t.u.call.args = mutate_list(mu, t.u.call.args, t.u.call.n, &ch);
    if (t.u.call.nkw) {
      KwArg *kw = t.u.call.kw;
      for (int i = 0; i < t.u.call.nkw; i++) {
        Expr *r = tirx_mutate_expr(mu, kw[i].value);
        if (r != kw[i].value) {
          if (kw == e->u.call.kw) {
            kw = TIRX_NEWN(mu->m, KwArg, t.u.call.nkw);
            memcpy(kw, e->u.call.kw, sizeof *kw * (size_t)t.u.call.nkw);
          }
          kw[i].value = r;
          ch = true;
        }
      }
      t.u.call.kw = kw;
    }
    break;
  case E_LET:
    MUT(t.u.let.value);
    MUT(t.u.let.body);
    break;
  case E_REGION:
    t.u.region.min = mutate_list(mu, t.u.region.min, t.u.region.n, &ch);
    t.u.region.ext = mutate_list(mu, t.u.region.ext, t.u.region.n, &ch);
    break;
  case E_TUPLE: case E_LIST:
    t.u.list.items = mutate_list(mu, t.u.list.items, t.u.list.n, &ch);
    break;
  case E_DICT:
    t.u.dict.vals = mutate_list(mu, t.u.dict.vals, t.u.dict.n, &ch);
    break;
  case E_COUNT: break;
  }
  Expr *r = e;
  if (ch) {
    r = copy_expr(mu, &t);
  }
  if (mu->expr) r = mu->expr(mu, r);
  return r;
}

static Stmt *copy_stmt(IRMutator *mu, const Stmt *s) {
  Stmt *n = TIRX_NEW(mu->m, Stmt);
  *n = *s;
  return n;
}

#define MUTS(field)                                 \
  do {                                              \
    Stmt *r_ = tirx_mutate_stmt(mu, (field));       \
    if (r_ != (field)) { (field) = r_; ch = true; } \
  } while (0)

Stmt *tirx_mutate_stmt(IRMutator *mu, Stmt *s) {
  if (!s) return NULL;
  Stmt t = *s;
  bool ch = false;
  switch ((StmtKind)s->kind) {
  case S_SEQ: {
    Stmt **items = t.u.seq.items;
    for (int i = 0; i < t.u.seq.n; i++) {
      Stmt *r = tirx_mutate_stmt(mu, items[i]);
      if (r != items[i]) {
        if (items == s->u.seq.items) {
          items = TIRX_NEWN(mu->m, Stmt *, t.u.seq.n);
          memcpy(items, s->u.seq.items, sizeof *items * (size_t)t.u.seq.n);
        }
        items[i] = r;
        ch = true;
      }
    }
    if (ch) {
      Stmt *r = tirx_seq(mu->m, items, t.u.seq.n, s->loc);
      return mu->stmt ? mu->stmt(mu, r) : r;
    }
    break;
  }
  case S_EVAL: MUT(t.u.eval.e); break;
  case S_STORE:
    t.u.store.idx = mutate_list(mu, t.u.store.idx, t.u.store.n, &ch);
    MUT(t.u.store.value);
    MUT(t.u.store.pred);
    break;
  case S_BIND: MUT(t.u.bind.value); break;
  case S_ALLOC: case S_DECL: break;
  case S_FOR:
    MUT(t.u.for_.min);
    MUT(t.u.for_.extent);
    MUT(t.u.for_.step);
    MUTS(t.u.for_.body);
    break;
  case S_WHILE:
    MUT(t.u.while_.cond);
    MUTS(t.u.while_.body);
    break;
  case S_IF:
    MUT(t.u.if_.cond);
    MUTS(t.u.if_.then_);
    MUTS(t.u.if_.else_);
    break;
  case S_ATTR:
    MUT(t.u.attr.value);
    MUTS(t.u.attr.body);
    break;
  case S_HINT: MUTS(t.u.hint.body); break;
  case S_SCOPEID:
    t.u.scopeid.extents = mutate_list(mu, t.u.scopeid.extents, t.u.scopeid.next, &ch);
    break;
  case S_ASSERT: MUT(t.u.assert_.cond); break;
  case S_RETURN: MUT(t.u.ret.value); break;
  case S_BREAK: case S_CONTINUE: break;
  case S_LAUNCH:
    MUT(t.u.launch.extent);
    MUTS(t.u.launch.body);
    break;
  case S_COUNT: break;
  }
  Stmt *r = ch ? copy_stmt(mu, &t) : s;
  if (mu->stmt) r = mu->stmt(mu, r);
  return r;
}
