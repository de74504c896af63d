/* Helpers shared by the passes: errors, constant evaluation, structural
 * queries, and the substitution/cloning rewriter (see xform.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Support/strbuf.h"
#include "Transforms/xform.h"

void xf_error(TirxDiag *d, Loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  tirx_diag_vadd(d, DIAG_ERROR, loc.line, loc.col, fmt, ap);
  va_end(ap);
}

/* ---- constants ------------------------------------------------------------ */

Loc xf_noloc(void) { return (Loc){0, 0}; }
DType xf_i32(void) { return tirx_dtype(DT_INT32); }
DType xf_bool(void) { return tirx_dtype(DT_BOOL); }

int64_t xf_wrap_int(DType t, int64_t v) {
  DTypeCode c = tirx_dtype_code(t);
  int bits = tirx_dtype_bits(t);
  if (c == DTC_BOOL) return v != 0;
  if (bits >= 64) return v;
  uint64_t mask = (1ull << bits) - 1;
  uint64_t u = (uint64_t)v & mask;
  if (c == DTC_INT && (u >> (bits - 1)) & 1) u |= ~mask;
  return (int64_t)u;
}

int64_t xf_floordiv(int64_t a, int64_t b) {
  if (b == -1) return (int64_t)(0 - (uint64_t)a); /* avoids INT64_MIN / -1 */
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
  return q;
}

int64_t xf_floormod(int64_t a, int64_t b) {
  if (b == -1) return 0;
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

bool xf_const_int(const Expr *e, int64_t *out) {
  if (!e) return false;
  int64_t a, b;
  switch ((ExprKind)e->kind) {
  case E_INT:
    *out = e->u.i.v;
    return true;
  case E_CAST:
    if (!tirx_dtype_is_int(e->dtype) || !xf_const_int(e->u.un.a, &a)) return false;
    if (!tirx_dtype_is_int(e->u.un.a->dtype) && !tirx_dtype_is_bool(e->u.un.a->dtype))
      return false;
    *out = xf_wrap_int(e->dtype, a);
    return true;
  case E_ADD: case E_SUB: case E_MUL: case E_FLOORDIV: case E_FLOORMOD: case E_MIN: case E_MAX:
    if (!tirx_dtype_is_int(e->dtype)) return false;
    if (!xf_const_int(e->u.bin.a, &a) || !xf_const_int(e->u.bin.b, &b)) return false;
    switch ((ExprKind)e->kind) {
    case E_ADD: *out = (int64_t)((uint64_t)a + (uint64_t)b); break;
    case E_SUB: *out = (int64_t)((uint64_t)a - (uint64_t)b); break;
    case E_MUL: *out = (int64_t)((uint64_t)a * (uint64_t)b); break;
    case E_FLOORDIV: if (!b) return false; *out = xf_floordiv(a, b); break;
    case E_FLOORMOD: if (!b) return false; *out = xf_floormod(a, b); break;
    case E_MIN: *out = a < b ? a : b; break;
    default: *out = a > b ? a : b; break;
    }
    *out = xf_wrap_int(e->dtype, *out);
    return true;
  default:
    return false;
  }
}

Expr *xf_int(Module *m, DType t, int64_t v) { return tirx_int(m, t, xf_wrap_int(t, v), xf_noloc()); }

/* ---- structure queries ---------------------------------------------------- */

static bool list_equal(Expr *const *a, int na, Expr *const *b, int nb) {
  if (na != nb) return false;
  for (int i = 0; i < na; i++)
    if (!xf_expr_equal(a[i], b[i])) return false;
  return true;
}

static bool kw_equal(const KwArg *a, const KwArg *b, int n) {
  for (int i = 0; i < n; i++)
    if (a[i].name != b[i].name || !xf_expr_equal(a[i].value, b[i].value)) return false;
  return true;
}

/* Generated from expr.def's children column: variables and buffers by
 * identity (unlike tirx_func_equal, which matches them up to renaming). */
bool xf_expr_equal(const Expr *a, const Expr *b) {
  if (a == b) return true;
  if (!a || !b || a->kind != b->kind || !tirx_dtype_eq(a->dtype, b->dtype)) return false;
#define EXPR(f) if (!xf_expr_equal(a->u.f, b->u.f)) return false;
#define EXPRS(x, n) if (!list_equal(a->u.x, a->u.n, b->u.x, b->u.n)) return false;
#define KWARGS(x, n) if (a->u.n != b->u.n || !kw_equal(a->u.x, b->u.x, a->u.n)) return false;
#define USE(f) if (a->u.f != b->u.f) return false;
#define DEF(f) USE(f)
#define BUF(f) USE(f)
#define DATA(f) USE(f)
#define OP(f) USE(f)
#define REF(f) USE(f)
#define SPELL(f)
#define FP(f) if (!(a->u.f == b->u.f || (a->u.f != a->u.f && b->u.f != b->u.f))) return false;
#define BYTES(p, n) if (a->u.n != b->u.n || memcmp(a->u.p, b->u.p, a->u.n) != 0) return false;
#define NAME(f) \
  if (a->u.f != b->u.f && (!a->u.f || !b->u.f || strcmp(a->u.f, b->u.f) != 0)) return false;
  switch ((ExprKind)a->kind) {
#define X(K, name, payload, children) case K: children return true;
#include "tirx/expr.def"
  case E_COUNT: break;
  }
#include "tirx/ir_walk_end.h"
  return false;
}

static bool impure_cb(IRVisitor *v, Expr *e) {
  if (e->kind == E_CALL && !(e->u.call.op->flags & INTRIN_PURE)) *(bool *)v->ctx = true;
  return true;
}

bool xf_expr_pure(const Expr *e) {
  bool impure = false;
  IRVisitor v = {&impure, impure_cb, NULL};
  tirx_visit_expr(&v, (Expr *)e);
  return !impure;
}

typedef struct UsesCtx {
  const Var *var;
  bool found;
  XfPtrVec seen; /* buffers whose shapes were scanned */
} UsesCtx;

#define USE(f) if (h->use_var) h->use_var(v, x->u.f, x);
#define DEF(f) if (h->def_var) h->def_var(v, x->u.f);
#define DEFS(a, n) if (h->def_var) for (int i_ = 0; i_ < x->u.n; i_++) h->def_var(v, x->u.a[i_]);
#define BUF(f) if (h->use_buf) h->use_buf(v, x->u.f);
#define DECL(f) if (h->decl_buf) h->decl_buf(v, x->u.f);
#define EXPR(f)
#define EXPRS(a, n)
#define KWARGS(a, n)
#define STMT(f)
#define STMTS(a, n)
#define DATA(f)
#define DTYPE(f)
#define FP(f)
#define BYTES(p, n)
#define NAME(f)
#define OP(f)
#define REF(f)
#define SPELL(f)
void xf_expr_refs(IRVisitor *v, Expr *x, const XfRefHooks *h) {
  switch ((ExprKind)x->kind) {
#define X(K, name, payload, children) case K: children break;
#include "tirx/expr.def"
#undef X
  case E_COUNT: break;
  }
}

void xf_stmt_refs(IRVisitor *v, Stmt *x, const XfRefHooks *h) {
  switch ((StmtKind)x->kind) {
#define X(K, name, payload, children) case K: children break;
#include "tirx/stmt.def"
  case S_COUNT: break;
  }
}
#include "tirx/ir_walk_end.h"

static void uses_buffer(IRVisitor *v, Buffer *b) {
  UsesCtx *c = v->ctx;
  if (!b || xf_vec_has(&c->seen, b)) return;
  xf_vec_push(&c->seen, b);
  for (int i = 0; i < b->ndim; i++) tirx_visit_expr(v, b->shape[i]);
  for (int i = 0; i < b->nstrides; i++) tirx_visit_expr(v, b->strides[i]);
  tirx_visit_expr(v, b->elem_offset);
  tirx_visit_expr(v, b->decl_data);
  tirx_visit_expr(v, b->allocated_addr);
  tirx_visit_expr(v, b->layout);
}

static void uses_var(IRVisitor *v, Var *var, Expr *at) {
  UsesCtx *c = v->ctx;
  (void)at;
  if (var == c->var) c->found = true;
  if (var->kind == VAR_BUFDATA) uses_buffer(v, var->buffer);
}

static void uses_def(IRVisitor *v, Var *var) {
  UsesCtx *c = v->ctx;
  if (var == c->var) c->found = true;
}

static const XfRefHooks uses_hooks = {uses_var, uses_def, uses_buffer, uses_buffer};

static bool uses_expr_cb(IRVisitor *v, Expr *e) {
  UsesCtx *c = v->ctx;
  if (c->found) return false;
  xf_expr_refs(v, e, &uses_hooks);
  return !c->found;
}

static bool uses_stmt_cb(IRVisitor *v, Stmt *s) {
  UsesCtx *c = v->ctx;
  if (c->found) return false;
  xf_stmt_refs(v, s, &uses_hooks);
  return !c->found;
}

bool xf_expr_uses_var(Expr *e, const Var *var) {
  UsesCtx c = {var, false, {0}};
  IRVisitor v = {&c, uses_expr_cb, uses_stmt_cb};
  tirx_visit_expr(&v, e);
  xf_vec_free(&c.seen);
  return c.found;
}

bool xf_stmt_uses_var(Stmt *s, const Var *var) {
  UsesCtx c = {var, false, {0}};
  IRVisitor v = {&c, uses_expr_cb, uses_stmt_cb};
  tirx_visit_stmt(&v, s);
  xf_vec_free(&c.seen);
  return c.found;
}


static void expr_str(StrBuf *b, const Expr *e, bool paren) {
  if (!e) {
    strbuf_puts(b, "None");
    return;
  }
  /* integer Div reads as T.truncdiv below; the rest print as operators */
  const char *op = e->kind == E_DIV ? NULL : tirx_expr_op_text((ExprKind)e->kind);
  if (op) {
    if (paren) strbuf_puts(b, "(");
    expr_str(b, e->u.bin.a, true);
    strbuf_puts(b, op);
    expr_str(b, e->u.bin.b, true);
    if (paren) strbuf_puts(b, ")");
    return;
  }
  switch ((ExprKind)e->kind) {
  case E_INT: strbuf_printf(b, "%lld", (long long)e->u.i.v); break;
  case E_FLOAT: strbuf_printf(b, "%g", e->u.f.v); break;
  case E_VAR: strbuf_puts(b, e->u.var->name[0] ? e->u.var->name : "v"); break;
  case E_CAST: expr_str(b, e->u.un.a, paren); break;
  case E_MIN: case E_MAX: case E_DIV: case E_MOD:
    strbuf_puts(b, e->kind == E_MIN ? "T.min(" : e->kind == E_MAX ? "T.max(" :
                   e->kind == E_DIV ? "T.truncdiv(" : "T.truncmod(");
    expr_str(b, e->u.bin.a, false);
    strbuf_puts(b, ", ");
    expr_str(b, e->u.bin.b, false);
    strbuf_puts(b, ")");
    break;
  default: strbuf_puts(b, "..."); break; /* a message, not the printer */
  }
}

char *xf_expr_str(const Expr *e, char *buf, size_t n) {
  StrBuf b = {0};
  expr_str(&b, e, false);
  if (n) snprintf(buf, n, "%s", strbuf_str(&b));
  strbuf_free(&b);
  return buf;
}

Stmt *xf_attr(Module *m, TirxAttrKey key, Expr *value, Stmt *body, Loc loc) {
  Stmt *s = tirx_stmt_new(m, S_ATTR, loc);
  s->u.attr.node = NULL;
  s->u.attr.key = tirx_intern0(m, tirx_attr_name(key));
  s->u.attr.value = value;
  s->u.attr.body = body;
  return s;
}

bool xf_is_attr(const Stmt *s, TirxAttrKey key) {
  return s && s->kind == S_ATTR && tirx_attr_is(s->u.attr.key, key);
}

bool xf_is_device_entry(const Stmt *s) { return xf_is_attr(s, ATTR_DEVICE_ENTRY); }

/* ---- substitution / cloning ------------------------------------------------- */

void xf_map_init(XfMap *map, Module *m, bool fresh_defs) {
  memset(map, 0, sizeof *map);
  map->m = m;
  map->fresh_defs = fresh_defs;
}

void xf_map_free(XfMap *map) {
  xf_vec_free(&map->vkeys);
  xf_vec_free(&map->vvals);
  xf_vec_free(&map->bkeys);
  xf_vec_free(&map->bvals);
}

void xf_map_var(XfMap *map, const Var *v, Expr *to) {
  xf_vec_push(&map->vkeys, (void *)v);
  xf_vec_push(&map->vvals, to);
}

void xf_map_buf(XfMap *map, const Buffer *b, Buffer *to) {
  xf_vec_push(&map->bkeys, (void *)b);
  xf_vec_push(&map->bvals, to);
}

Expr *xf_map_lookup_var(const XfMap *map, const Var *v) {
  int i = xf_vec_index(&map->vkeys, v);
  return i < 0 ? NULL : map->vvals.items[i];
}

Buffer *xf_map_lookup_buf(const XfMap *map, const Buffer *b) {
  int i = xf_vec_index(&map->bkeys, b);
  return i < 0 ? NULL : map->bvals.items[i];
}

Var *xf_var_copy(Module *m, const Var *v) {
  Var *n = TIRX_NEW(m, Var);
  *n = *v;
  n->id = m->next_id++;
  return n;
}

/* A fresh copy of a defined var, recorded in the map. */
static Var *fresh_var(XfMap *map, Var *v) {
  if (!map->fresh_defs || !v) return v;
  Var *n = xf_var_copy(map->m, v);
  xf_map_var(map, v, tirx_varref(map->m, n, v->loc));
  return n;
}

static Expr **rewrite_list(XfMap *map, Expr **xs, int n, bool *changed) {
  Expr **out = xs;
  for (int i = 0; i < n; i++) {
    Expr *r = xf_rewrite_expr(map, xs[i]);
    if (r != xs[i] || (map->fresh_defs && out == xs)) {
      if (out == xs) {
        out = TIRX_NEWN(map->m, Expr *, n > 0 ? n : 1);
        memcpy(out, xs, sizeof *out * (size_t)n);
      }
      out[i] = r;
      if (r != xs[i]) *changed = true;
    }
  }
  return out;
}

static KwArg *rewrite_kw(XfMap *map, KwArg *kw, int n, bool *changed) {
  KwArg *out = kw;
  for (int i = 0; i < n; i++) {
    Expr *r = xf_rewrite_expr(map, kw[i].value);
    if (r == kw[i].value) continue;
    if (out == kw) {
      out = TIRX_NEWN(map->m, KwArg, n);
      memcpy(out, kw, sizeof *out * (size_t)n);
    }
    out[i].value = r;
    *changed = true;
  }
  return out;
}

static Buffer *rewrite_bufref(XfMap *map, Buffer *b) {
  Buffer *r = b ? xf_map_lookup_buf(map, b) : NULL;
  return r ? r : b;
}

Buffer *xf_buffer_copy(XfMap *map, const Buffer *b) {
  Module *m = map->m;
  Buffer *n = TIRX_NEW(m, Buffer);
  *n = *b;
  n->id = m->next_id++;
  bool ch = false;
  n->shape = TIRX_NEWN(m, Expr *, b->ndim > 0 ? b->ndim : 1);
  for (int i = 0; i < b->ndim; i++) n->shape[i] = xf_rewrite_expr(map, b->shape[i]);
  if (b->nstrides) n->strides = rewrite_list(map, b->strides, b->nstrides, &ch);
  n->elem_offset = xf_rewrite_expr(map, b->elem_offset);
  n->decl_data = xf_rewrite_expr(map, b->decl_data);
  n->allocated_addr = xf_rewrite_expr(map, b->allocated_addr);
  n->layout = xf_rewrite_expr(map, b->layout);
  n->data = xf_var_copy(m, b->data);
  n->data->buffer = n;
  return n;
}

static Buffer *fresh_buffer(XfMap *map, Buffer *b) {
  Buffer *n = xf_buffer_copy(map, b);
  xf_map_buf(map, b, n);
  return n;
}

static Stmt **rewrite_stmts(XfMap *map, Stmt **xs, int n, bool *changed) {
  Stmt **out = TIRX_NEWN(map->m, Stmt *, n > 0 ? n : 1);
  for (int i = 0; i < n; i++) {
    out[i] = xf_rewrite_stmt(map, xs[i]);
    if (out[i] != xs[i]) *changed = true;
  }
  return out;
}

static Var **fresh_vars(XfMap *map, Var **vs, int n) {
  if (!map->fresh_defs) return vs;
  Var **out = TIRX_NEWN(map->m, Var *, n > 0 ? n : 1);
  for (int i = 0; i < n; i++) out[i] = fresh_var(map, vs[i]);
  return out;
}

/* A declared buffer: a fresh copy when cloning; otherwise the mapped one,
 * or a rewritten copy when its shape or aliased pointer mentions a
 * substituted var. */
static Buffer *rewrite_decl(XfMap *map, Buffer *b) {
  if (map->fresh_defs) return fresh_buffer(map, b);
  Buffer *nb = rewrite_bufref(map, b);
  if (nb != b) return nb;
  Buffer *c = xf_buffer_copy(map, b);
  bool differs = !xf_expr_equal(c->decl_data, b->decl_data) ||
                 !xf_expr_equal(c->elem_offset, b->elem_offset);
  for (int i = 0; i < b->ndim && !differs; i++) differs = !xf_expr_equal(c->shape[i], b->shape[i]);
  for (int i = 0; i < b->nstrides && !differs; i++)
    differs = !xf_expr_equal(c->strides[i], b->strides[i]);
  if (!differs) return b;
  xf_map_buf(map, b, c);
  return c;
}

/* A used variable: its substitute (a fresh node for vars and constants,
 * so locations stay the use's), or the data var of a remapped buffer. */
static Expr *rewrite_var(XfMap *map, Expr *e) {
  Expr *to = xf_map_lookup_var(map, e->u.var);
  if (to) {
    if (to->kind != E_VAR && to->kind != E_INT) return to;
    Expr *c = TIRX_NEW(map->m, Expr);
    *c = *to;
    c->loc = e->loc;
    return c;
  }
  if (e->u.var->kind == VAR_BUFDATA) {
    Buffer *nb = xf_map_lookup_buf(map, e->u.var->buffer);
    if (nb && nb->data != e->u.var) {
      Expr *c = TIRX_NEW(map->m, Expr);
      *c = *e;
      c->u.var = nb->data;
      return c;
    }
  }
  if (!map->fresh_defs) return e;
  Expr *c = TIRX_NEW(map->m, Expr);
  *c = *e;
  return c;
}

/* The rewriting descriptors, generated from the children column, work on
 * the copy `t` and set `ch`. */
#define EXPR(f)                                   \
  do {                                            \
    Expr *r_ = xf_rewrite_expr(map, t.u.f);       \
    if (r_ != t.u.f) { t.u.f = r_; ch = true; }   \
  } while (0);
#define EXPRS(a, n) t.u.a = rewrite_list(map, t.u.a, t.u.n, &ch);
#define KWARGS(a, n) t.u.a = rewrite_kw(map, t.u.a, t.u.n, &ch);
#define USE(f) /* E_VAR: rewrite_var */
#define DEF(f)                                    \
  do {                                            \
    Var *v_ = fresh_var(map, t.u.f);              \
    if (v_ != t.u.f) { t.u.f = v_; ch = true; }   \
  } while (0);
#define DEFS(a, n) t.u.a = fresh_vars(map, t.u.a, t.u.n);
#define BUF(f)                                    \
  do {                                            \
    Buffer *b_ = rewrite_bufref(map, t.u.f);      \
    if (b_ != t.u.f) { t.u.f = b_; ch = true; }   \
  } while (0);
#define DECL(f)                                   \
  do {                                            \
    Buffer *b_ = rewrite_decl(map, t.u.f);        \
    if (b_ != t.u.f) { t.u.f = b_; ch = true; }   \
  } while (0);
#define STMT(f)                                   \
  do {                                            \
    Stmt *r_ = xf_rewrite_stmt(map, t.u.f);       \
    if (r_ != t.u.f) { t.u.f = r_; ch = true; }   \
  } while (0);
#define STMTS(a, n) t.u.a = rewrite_stmts(map, t.u.a, t.u.n, &ch);
#define DATA(f)
#define DTYPE(f)
#define FP(f)
#define BYTES(p, n)
#define NAME(f)
#define OP(f)
#define REF(f)
#define SPELL(f)

Expr *xf_rewrite_expr(XfMap *map, Expr *e) {
  if (!e) return NULL;
  if (e->kind == E_VAR) return rewrite_var(map, e);
  Expr t = *e;
  bool ch = false;
  switch ((ExprKind)e->kind) {
#define X(K, name, payload, children) case K: children break;
#include "tirx/expr.def"
#undef X
  case E_COUNT: break;
  }
  if (!ch && !map->fresh_defs) return e;
  Expr *n = TIRX_NEW(map->m, Expr);
  *n = t;
  return n;
}

Stmt *xf_rewrite_stmt(XfMap *map, Stmt *s) {
  if (!s) return NULL;
  Stmt t = *s;
  bool ch = false;
  switch ((StmtKind)s->kind) {
#define X(K, name, payload, children) case K: children break;
#include "tirx/stmt.def"
  case S_COUNT: break;
  }
  if (!ch && !map->fresh_defs) return s;
  if (s->kind == S_SEQ) return tirx_seq(map->m, t.u.seq.items, t.u.seq.n, s->loc);
  Stmt *n = TIRX_NEW(map->m, Stmt);
  *n = t;
  return n;
}
#include "tirx/ir_walk_end.h"

/* ---- buffer collection ---------------------------------------------------- */

static void add_buf(XfPtrVec *out, Buffer *b) {
  if (b && !xf_vec_has(out, b)) xf_vec_push(out, b);
}

static void coll_buf(IRVisitor *v, Buffer *b) { add_buf(v->ctx, b); }

static void coll_var(IRVisitor *v, Var *var, Expr *at) {
  (void)at;
  if (var->kind == VAR_BUFDATA) add_buf(v->ctx, var->buffer);
}

static const XfRefHooks coll_hooks = {coll_var, NULL, coll_buf, coll_buf};

static bool coll_expr(IRVisitor *v, Expr *e) {
  xf_expr_refs(v, e, &coll_hooks);
  return true;
}

static bool coll_stmt(IRVisitor *v, Stmt *s) {
  xf_stmt_refs(v, s, &coll_hooks);
  return true;
}

void xf_collect_buffers(Stmt *s, XfPtrVec *out) {
  IRVisitor v = {out, coll_expr, coll_stmt};
  tirx_visit_stmt(&v, s);
}

/* Loops own their jumps; every other statement has those of its child
 * statements (generated from stmt.def's children column). */
bool xf_has_own_jump(const Stmt *s) {
  if (!s) return false;
  if (s->kind == S_BREAK || s->kind == S_CONTINUE) return true;
  if (s->kind == S_FOR || s->kind == S_WHILE) return false;
#define STMT(f) if (xf_has_own_jump(s->u.f)) return true;
#define STMTS(a, n) for (int i_ = 0; i_ < s->u.n; i_++) if (xf_has_own_jump(s->u.a[i_])) return true;
#define EXPR(f)
#define EXPRS(a, n)
#define KWARGS(a, n)
#define USE(f)
#define DEF(f)
#define DEFS(a, n)
#define BUF(f)
#define DECL(f)
#define DATA(f)
#define DTYPE(f)
#define FP(f)
#define BYTES(p, n)
#define NAME(f)
#define OP(f)
#define REF(f)
#define SPELL(f)
  switch ((StmtKind)s->kind) {
#define X(K, name, payload, children) case K: children break;
#include "tirx/stmt.def"
  case S_COUNT: break;
  }
#include "tirx/ir_walk_end.h"
  return false;
}

Stmt *xf_insert_decls(Module *m, Stmt *body, Stmt **decls, int n) {
  if (n == 0) return body;
  if (body->kind == S_ATTR && body->u.attr.node == NULL) {
    Stmt *r = tirx_stmt_new(m, S_ATTR, body->loc);
    *r = *body;
    r->u.attr.body = xf_insert_decls(m, body->u.attr.body, decls, n);
    return r;
  }
  if (body->kind == S_LAUNCH) {
    Stmt *r = tirx_stmt_new(m, S_LAUNCH, body->loc);
    *r = *body;
    r->u.launch.body = xf_insert_decls(m, body->u.launch.body, decls, n);
    return r;
  }
  Stmt **items = TIRX_NEWN(m, Stmt *, n + 1);
  memcpy(items, decls, sizeof *items * (size_t)n);
  items[n] = body;
  return tirx_seq(m, items, n + 1, body->loc);
}
