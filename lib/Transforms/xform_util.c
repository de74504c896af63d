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
  case E_INT: *out = e->u.i.v; return true;
  case E_CAST:
    if (!tirx_dtype_is_int(e->dtype) || !xf_const_int(e->u.un.a, &a)) return false;
    if (!tirx_dtype_is_int(e->u.un.a->dtype) && !tirx_dtype_is_bool(e->u.un.a->dtype)) return false;
    *out = xf_wrap_int(e->dtype, a);
    return true;
  case E_ADD:
  case E_SUB:
  case E_MUL:
  case E_FLOORDIV:
  case E_FLOORMOD:
  case E_MIN:
  case E_MAX:
    if (!tirx_dtype_is_int(e->dtype)) return false;
    if (!xf_const_int(e->u.bin.a, &a) || !xf_const_int(e->u.bin.b, &b)) return false;
    switch ((ExprKind)e->kind) {
    case E_ADD: *out = (int64_t)((uint64_t)a + (uint64_t)b); break;
    case E_SUB: *out = (int64_t)((uint64_t)a - (uint64_t)b); break;
    case E_MUL: *out = (int64_t)((uint64_t)a * (uint64_t)b); break;
    case E_FLOORDIV:
      if (!b) return false;
      *out = xf_floordiv(a, b);
      break;
    case E_FLOORMOD:
      if (!b) return false;
      *out = xf_floormod(a, b);
      break;
    case E_MIN: *out = a < b ? a : b; break;
    default: *out = a > b ? a : b; break;
    }
    *out = xf_wrap_int(e->dtype, *out);
    return true;
  default: return false;
  }
}

Expr *xf_int(Module *m, DType t, int64_t v) {
  return tirx_int(m, t, xf_wrap_int(t, v), xf_noloc());
}

/* ---- structure queries ---------------------------------------------------- */

bool xf_expr_equal(const Expr *a, const Expr *b) { return tirx_expr_identical(a, b); }

static bool impure_cb(IRVisitor *v, Expr *e) {
  if (e->kind == E_CALL && !(e->u.call.op->flags & INTRIN_PURE)) *(bool *)v->ctx = true;
  return true;
}

bool xf_expr_pure(const Expr *e) {
  bool impure = false;
  IRVisitor v = {&impure, impure_cb, NULL};
  tirx_visit_expr_ro(&v, e);
  return !impure;
}

typedef struct UsesCtx {
  const Var *var;
  bool found;
  PtrSet seen; /* buffers whose shapes were scanned */
} UsesCtx;

/* The IRChildFns callbacks below get the IRVisitor as their context: they
 * see the references of one node (tirx_*_children), the visitor walks. */
static void uses_buffer(void *iv, Buffer *b) {
  IRVisitor *v = iv;
  UsesCtx *c = v->ctx;
  if (!b || !ptrset_add(&c->seen, b)) return;
  for (int i = 0; i < b->ndim; i++) tirx_visit_expr(v, b->shape[i]);
  for (int i = 0; i < b->nstrides; i++) tirx_visit_expr(v, b->strides[i]);
  tirx_visit_expr(v, b->elem_offset);
  tirx_visit_expr(v, b->decl_data);
  tirx_visit_expr(v, b->allocated_addr);
  tirx_visit_expr(v, b->layout);
}

static void uses_var(void *iv, Var *var, Expr *at) {
  UsesCtx *c = ((IRVisitor *)iv)->ctx;
  (void)at;
  if (var == c->var) c->found = true;
  if (var->kind == VAR_BUFDATA) uses_buffer(iv, var->buffer);
}

static void uses_def(void *iv, Var *var) {
  UsesCtx *c = ((IRVisitor *)iv)->ctx;
  if (var == c->var) c->found = true;
}

static const IRChildFns uses_refs = {NULL, NULL, uses_var, uses_def, uses_buffer, uses_buffer};

static bool uses_expr_cb(IRVisitor *v, Expr *e) {
  UsesCtx *c = v->ctx;
  if (c->found) return false;
  tirx_expr_children(e, &uses_refs, v);
  return !c->found;
}

static bool uses_stmt_cb(IRVisitor *v, Stmt *s) {
  UsesCtx *c = v->ctx;
  if (c->found) return false;
  tirx_stmt_children(s, &uses_refs, v);
  return !c->found;
}

bool xf_expr_uses_var(Expr *e, const Var *var) {
  UsesCtx c = {.var = var};
  IRVisitor v = {&c, uses_expr_cb, uses_stmt_cb};
  tirx_visit_expr(&v, e);
  ptrset_free(&c.seen);
  return c.found;
}

bool xf_stmt_uses_var(Stmt *s, const Var *var) {
  UsesCtx c = {.var = var};
  IRVisitor v = {&c, uses_expr_cb, uses_stmt_cb};
  tirx_visit_stmt(&v, s);
  ptrset_free(&c.seen);
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
  case E_MIN:
  case E_MAX:
  case E_DIV:
  case E_MOD:
    strbuf_puts(b, e->kind == E_MIN   ? "T.min("
                   : e->kind == E_MAX ? "T.max("
                   : e->kind == E_DIV ? "T.truncdiv("
                                      : "T.truncmod(");
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

void xf_map_var(XfMap *map, Var *v, Expr *to) {
  xf_vec_push(&map->vkeys, v);
  xf_vec_push(&map->vvals, to);
}

void xf_map_buf(XfMap *map, Buffer *b, Buffer *to) {
  xf_vec_push(&map->bkeys, b);
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

static Buffer *rewrite_bufref(XfMap *map, Buffer *b) {
  Buffer *r = b ? xf_map_lookup_buf(map, b) : NULL;
  return r ? r : b;
}

Buffer *xf_buffer_copy(XfMap *map, const Buffer *b) {
  Module *m = map->m;
  Buffer *n = TIRX_NEW(m, Buffer);
  *n = *b;
  n->id = m->next_id++;
  n->shape = TIRX_NEWN(m, Expr *, b->ndim > 0 ? b->ndim : 1);
  for (int i = 0; i < b->ndim; i++) n->shape[i] = xf_rewrite_expr(map, b->shape[i]);
  if (b->nstrides) {
    n->strides = TIRX_NEWN(m, Expr *, b->nstrides);
    for (int i = 0; i < b->nstrides; i++) n->strides[i] = xf_rewrite_expr(map, b->strides[i]);
  }
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

/* A declared buffer: a fresh copy when cloning; otherwise the mapped one,
 * or a rewritten copy when its shape or aliased pointer mentions a
 * substituted var. */
static Buffer *rewrite_decl(XfMap *map, Buffer *b) {
  if (map->fresh_defs) return fresh_buffer(map, b);
  Buffer *nb = rewrite_bufref(map, b);
  if (nb != b) return nb;
  Buffer *c = xf_buffer_copy(map, b);
  bool differs =
      !xf_expr_equal(c->decl_data, b->decl_data) || !xf_expr_equal(c->elem_offset, b->elem_offset);
  for (int i = 0; i < b->ndim && !differs; i++) differs = !xf_expr_equal(c->shape[i], b->shape[i]);
  for (int i = 0; i < b->nstrides && !differs; i++)
    differs = !xf_expr_equal(c->strides[i], b->strides[i]);
  if (!differs) return b;
  xf_map_buf(map, b, c);
  return c;
}

/* The mutator hooks: a used variable becomes its substitute (a fresh node
 * for vars and constants, so locations stay the use's) or the data var of a
 * remapped buffer; definitions and declared buffers get fresh copies when
 * cloning. */
static Expr *rw_expr(IRMutator *mu, Expr *e) {
  XfMap *map = mu->ctx;
  if (e->kind != E_VAR) return e;
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
  return e;
}

static Var *rw_def(IRMutator *mu, Var *v) { return fresh_var(mu->ctx, v); }
static Buffer *rw_buf(IRMutator *mu, Buffer *b) { return rewrite_bufref(mu->ctx, b); }
static Buffer *rw_decl(IRMutator *mu, Buffer *b) { return rewrite_decl(mu->ctx, b); }

static IRMutator rewriter(XfMap *map) {
  return (IRMutator){.ctx = map,
                     .m = map->m,
                     .expr = rw_expr,
                     .def = rw_def,
                     .buf = rw_buf,
                     .decl = rw_decl,
                     .copy = map->fresh_defs};
}

Expr *xf_rewrite_expr(XfMap *map, Expr *e) {
  IRMutator mu = rewriter(map);
  return tirx_mutate_expr(&mu, e);
}

Stmt *xf_rewrite_stmt(XfMap *map, Stmt *s) {
  IRMutator mu = rewriter(map);
  return tirx_mutate_stmt(&mu, s);
}

/* ---- buffer collection ---------------------------------------------------- */

static void add_buf(XfPtrVec *out, Buffer *b) {
  if (b && !xf_vec_has(out, b)) xf_vec_push(out, b);
}

static void coll_buf(void *out, Buffer *b) { add_buf(out, b); }

static void coll_var(void *out, Var *var, Expr *at) {
  (void)at;
  if (var->kind == VAR_BUFDATA) add_buf(out, var->buffer);
}

static const IRChildFns coll_refs = {NULL, NULL, coll_var, NULL, coll_buf, coll_buf};

static bool coll_expr(IRVisitor *v, Expr *e) {
  tirx_expr_children(e, &coll_refs, v->ctx);
  return true;
}

static bool coll_stmt(IRVisitor *v, Stmt *s) {
  tirx_stmt_children(s, &coll_refs, v->ctx);
  return true;
}

void xf_collect_buffers(Stmt *s, XfPtrVec *out) {
  IRVisitor v = {out, coll_expr, coll_stmt};
  tirx_visit_stmt(&v, s);
}

/* Loops own their jumps; every other statement has those of its child
 * statements. */
static void own_jump(void *found, Stmt *s) {
  if (xf_has_own_jump(s)) *(bool *)found = true;
}

bool xf_has_own_jump(const Stmt *s) {
  if (!s) return false;
  if (s->kind == S_BREAK || s->kind == S_CONTINUE) return true;
  if (s->kind == S_FOR || s->kind == S_WHILE) return false;
  bool found = false;
  IRChildFns fns = {.stmt = own_jump};
  tirx_stmt_children_ro(s, &fns, &found);
  return found;
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
