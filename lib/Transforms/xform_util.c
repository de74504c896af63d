/* Helpers shared by the passes: errors, constant evaluation, structural
 * queries, and the substitution/cloning rewriter (see xform.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Transforms/xform.h"

void xf_error(TirxDiag *d, Loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  tirx_diag_vadd(d, DIAG_ERROR, loc.line, loc.col, fmt, ap);
  va_end(ap);
}

/* ---- vectors ------------------------------------------------------------- */

void xf_vec_push(XfPtrVec *v, void *p) {
  if (v->n == v->cap) {
    int cap = v->cap ? v->cap * 2 : 8;
    void **items = realloc(v->items, sizeof *items * (size_t)cap);
    if (!items) abort();
    v->items = items;
    v->cap = cap;
  }
  v->items[v->n++] = p;
}

int xf_vec_index(const XfPtrVec *v, const void *p) {
  for (int i = v->n - 1; i >= 0; i--)
    if (v->items[i] == p) return i;
  return -1;
}

bool xf_vec_has(const XfPtrVec *v, const void *p) { return xf_vec_index(v, p) >= 0; }

void xf_vec_free(XfPtrVec *v) {
  free(v->items);
  v->items = NULL;
  v->n = v->cap = 0;
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

bool xf_expr_equal(const Expr *a, const Expr *b) {
  if (a == b) return true;
  if (!a || !b || a->kind != b->kind || !tirx_dtype_eq(a->dtype, b->dtype)) return false;
  switch ((ExprKind)a->kind) {
  case E_INT: return a->u.i.v == b->u.i.v;
  case E_FLOAT: return a->u.f.v == b->u.f.v || (a->u.f.v != a->u.f.v && b->u.f.v != b->u.f.v);
  case E_STR: return a->u.s.len == b->u.s.len && memcmp(a->u.s.p, b->u.s.p, a->u.s.len) == 0;
  case E_NONE: case E_DTYPE: return true;
  case E_VAR: return a->u.var == b->u.var;
  case E_BUFREF: return a->u.bufref == b->u.bufref;
  case E_ADD: case E_SUB: case E_MUL: case E_DIV: case E_MOD: case E_FLOORDIV: case E_FLOORMOD:
  case E_MIN: case E_MAX: case E_EQ: case E_NE: case E_LT: case E_LE: case E_GT: case E_GE:
  case E_AND: case E_OR:
    return xf_expr_equal(a->u.bin.a, b->u.bin.a) && xf_expr_equal(a->u.bin.b, b->u.bin.b);
  case E_NOT: case E_CAST: return xf_expr_equal(a->u.un.a, b->u.un.a);
  case E_SELECT:
    return xf_expr_equal(a->u.sel.c, b->u.sel.c) && xf_expr_equal(a->u.sel.t, b->u.sel.t) &&
           xf_expr_equal(a->u.sel.f, b->u.sel.f);
  case E_LOAD:
    return a->u.load.buf == b->u.load.buf &&
           list_equal(a->u.load.idx, a->u.load.n, b->u.load.idx, b->u.load.n) &&
           xf_expr_equal(a->u.load.pred, b->u.load.pred);
  case E_RAMP:
    return a->u.ramp.lanes == b->u.ramp.lanes && xf_expr_equal(a->u.ramp.base, b->u.ramp.base) &&
           xf_expr_equal(a->u.ramp.stride, b->u.ramp.stride);
  case E_BCAST:
    return a->u.bcast.lanes == b->u.bcast.lanes && xf_expr_equal(a->u.bcast.value, b->u.bcast.value);
  case E_CALL: case E_LAYOUT:
    if (a->u.call.op != b->u.call.op || a->u.call.nkw != b->u.call.nkw) return false;
    if ((a->u.call.name == NULL) != (b->u.call.name == NULL)) return false;
    if (a->u.call.name && strcmp(a->u.call.name, b->u.call.name) != 0) return false;
    for (int i = 0; i < a->u.call.nkw; i++)
      if (a->u.call.kw[i].name != b->u.call.kw[i].name ||
          !xf_expr_equal(a->u.call.kw[i].value, b->u.call.kw[i].value))
        return false;
    return list_equal(a->u.call.args, a->u.call.n, b->u.call.args, b->u.call.n);
  case E_LET:
    return a->u.let.var == b->u.let.var && xf_expr_equal(a->u.let.value, b->u.let.value) &&
           xf_expr_equal(a->u.let.body, b->u.let.body);
  case E_REGION:
    return a->u.region.buf == b->u.region.buf &&
           list_equal(a->u.region.min, a->u.region.n, b->u.region.min, b->u.region.n) &&
           list_equal(a->u.region.ext, a->u.region.n, b->u.region.ext, b->u.region.n);
  case E_TUPLE: case E_LIST:
    return list_equal(a->u.list.items, a->u.list.n, b->u.list.items, b->u.list.n);
  case E_DICT:
    return list_equal(a->u.dict.keys, a->u.dict.n, b->u.dict.keys, b->u.dict.n) &&
           list_equal(a->u.dict.vals, a->u.dict.n, b->u.dict.vals, b->u.dict.n);
  case E_COUNT: break;
  }
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

static bool uses_expr_cb(IRVisitor *v, Expr *e);

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

static bool uses_expr_cb(IRVisitor *v, Expr *e) {
  UsesCtx *c = v->ctx;
  if (c->found) return false;
  switch ((ExprKind)e->kind) {
  case E_VAR:
    if (e->u.var == c->var) c->found = true;
    if (e->u.var->kind == VAR_BUFDATA) uses_buffer(v, e->u.var->buffer);
    break;
  case E_LOAD: uses_buffer(v, e->u.load.buf); break;
  case E_REGION: uses_buffer(v, e->u.region.buf); break;
  case E_BUFREF: uses_buffer(v, e->u.bufref); break;
  case E_LET: if (e->u.let.var == c->var) c->found = true; break;
  default: break;
  }
  return !c->found;
}

static bool uses_stmt_cb(IRVisitor *v, Stmt *s) {
  UsesCtx *c = v->ctx;
  if (c->found) return false;
  switch ((StmtKind)s->kind) {
  case S_STORE: uses_buffer(v, s->u.store.buf); break;
  case S_ALLOC: case S_DECL: uses_buffer(v, s->u.alloc.buf); break;
  case S_BIND: if (s->u.bind.var == c->var) c->found = true; break;
  case S_FOR: if (s->u.for_.var == c->var) c->found = true; break;
  case S_LAUNCH: if (s->u.launch.var == c->var) c->found = true; break;
  case S_SCOPEID:
    for (int i = 0; i < s->u.scopeid.nvars; i++)
      if (s->u.scopeid.vars[i] == c->var) c->found = true;
    break;
  default: break;
  }
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


static void sappend(char *buf, size_t n, size_t *pos, const char *s) {
  size_t l = strlen(s);
  if (*pos + 1 >= n) return;
  if (l > n - 1 - *pos) l = n - 1 - *pos;
  memcpy(buf + *pos, s, l);
  *pos += l;
  buf[*pos] = '\0';
}

static void expr_str(const Expr *e, char *buf, size_t n, size_t *pos, bool paren) {
  char tmp[64];
  if (!e) {
    sappend(buf, n, pos, "None");
    return;
  }
  /* integer Div reads as T.truncdiv below; the rest print as operators */
  const char *op = e->kind == E_DIV ? NULL : tirx_expr_op_text((ExprKind)e->kind);
  if (op) {
    if (paren) sappend(buf, n, pos, "(");
    expr_str(e->u.bin.a, buf, n, pos, true);
    sappend(buf, n, pos, op);
    expr_str(e->u.bin.b, buf, n, pos, true);
    if (paren) sappend(buf, n, pos, ")");
    return;
  }
  switch ((ExprKind)e->kind) {
  case E_INT:
    snprintf(tmp, sizeof tmp, "%lld", (long long)e->u.i.v);
    sappend(buf, n, pos, tmp);
    break;
  case E_FLOAT:
    snprintf(tmp, sizeof tmp, "%g", e->u.f.v);
    sappend(buf, n, pos, tmp);
    break;
  case E_VAR: sappend(buf, n, pos, e->u.var->name[0] ? e->u.var->name : "v"); break;
  case E_CAST: expr_str(e->u.un.a, buf, n, pos, paren); break;
  case E_MIN: case E_MAX: case E_DIV: case E_MOD:
    sappend(buf, n, pos, e->kind == E_MIN ? "T.min(" : e->kind == E_MAX ? "T.max(" :
                         e->kind == E_DIV ? "T.truncdiv(" : "T.truncmod(");
    expr_str(e->u.bin.a, buf, n, pos, false);
    sappend(buf, n, pos, ", ");
    expr_str(e->u.bin.b, buf, n, pos, false);
    sappend(buf, n, pos, ")");
    break;
  default: sappend(buf, n, pos, "..."); break;
  }
}

char *xf_expr_str(const Expr *e, char *buf, size_t n) {
  size_t pos = 0;
  if (n) buf[0] = '\0';
  expr_str(e, buf, n, &pos, false);
  return buf;
}

Stmt *xf_attr(Module *m, const char *key, Expr *value, Stmt *body, Loc loc) {
  Stmt *s = tirx_stmt_new(m, S_ATTR, loc);
  s->u.attr.node = NULL;
  s->u.attr.key = tirx_intern0(m, key);
  s->u.attr.value = value;
  s->u.attr.body = body;
  return s;
}

bool xf_is_attr(const Stmt *s, const char *key) {
  return s && s->kind == S_ATTR && s->u.attr.key && strcmp(s->u.attr.key, key) == 0;
}

bool xf_is_device_entry(const Stmt *s) { return xf_is_attr(s, "tirx.device_entry"); }

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

#define RW(field)                                   \
  do {                                              \
    Expr *r_ = xf_rewrite_expr(map, (field));       \
    if (r_ != (field)) { (field) = r_; ch = true; } \
  } while (0)

Expr *xf_rewrite_expr(XfMap *map, Expr *e) {
  if (!e) return NULL;
  Module *m = map->m;
  Expr t = *e;
  bool ch = false;
  switch ((ExprKind)e->kind) {
  case E_INT: case E_FLOAT: case E_STR: case E_NONE: case E_DTYPE:
    break;
  case E_VAR: {
    Expr *to = xf_map_lookup_var(map, e->u.var);
    if (to) {
      if (to->kind == E_VAR || to->kind == E_INT) {
        Expr *c = TIRX_NEW(m, Expr);
        *c = *to;
        c->loc = e->loc;
        return c;
      }
      return to;
    }
    if (e->u.var->kind == VAR_BUFDATA) {
      Buffer *nb = xf_map_lookup_buf(map, e->u.var->buffer);
      if (nb && nb->data != e->u.var) {
        t.u.var = nb->data;
        ch = true;
      }
    }
    break;
  }
  case E_BUFREF: {
    Buffer *nb = rewrite_bufref(map, t.u.bufref);
    if (nb != t.u.bufref) { t.u.bufref = nb; ch = true; }
    break;
  }
  case E_ADD: case E_SUB: case E_MUL: case E_DIV: case E_MOD: case E_FLOORDIV: case E_FLOORMOD:
  case E_MIN: case E_MAX: case E_EQ: case E_NE: case E_LT: case E_LE: case E_GT: case E_GE:
  case E_AND: case E_OR:
    RW(t.u.bin.a);
    RW(t.u.bin.b);
    break;
  case E_NOT: case E_CAST: RW(t.u.un.a); break;
  case E_SELECT:
    RW(t.u.sel.c);
    RW(t.u.sel.t);
    RW(t.u.sel.f);
    break;
  case E_LOAD: {
    Buffer *nb = rewrite_bufref(map, t.u.load.buf);
    if (nb != t.u.load.buf) { t.u.load.buf = nb; ch = true; }
    t.u.load.idx = rewrite_list(map, t.u.load.idx, t.u.load.n, &ch);
    RW(t.u.load.pred);
    break;
  }
  case E_RAMP:
    RW(t.u.ramp.base);
    RW(t.u.ramp.stride);
    break;
  case E_BCAST: RW(t.u.bcast.value); break;
  case E_CALL: case E_LAYOUT:
    t.u.call.args = rewrite_list(map, t.u.call.args, t.u.call.n, &ch);
    t.u.call.kw = rewrite_kw(map, t.u.call.kw, t.u.call.nkw, &ch);
    break;
  case E_LET: {
    RW(t.u.let.value);
    Var *nv = fresh_var(map, t.u.let.var);
    if (nv != t.u.let.var) { t.u.let.var = nv; ch = true; }
    RW(t.u.let.body);
    break;
  }
  case E_REGION: {
    Buffer *nb = rewrite_bufref(map, t.u.region.buf);
    if (nb != t.u.region.buf) { t.u.region.buf = nb; ch = true; }
    t.u.region.min = rewrite_list(map, t.u.region.min, t.u.region.n, &ch);
    t.u.region.ext = rewrite_list(map, t.u.region.ext, t.u.region.n, &ch);
    break;
  }
  case E_TUPLE: case E_LIST:
    t.u.list.items = rewrite_list(map, t.u.list.items, t.u.list.n, &ch);
    break;
  case E_DICT:
    t.u.dict.vals = rewrite_list(map, t.u.dict.vals, t.u.dict.n, &ch);
    break;
  case E_COUNT: break;
  }
  if (!ch && !map->fresh_defs) return e;
  Expr *n = TIRX_NEW(m, Expr);
  *n = t;
  return n;
}

#define RWS(field)                                  \
  do {                                              \
    Stmt *r_ = xf_rewrite_stmt(map, (field));       \
    if (r_ != (field)) { (field) = r_; ch = true; } \
  } while (0)

Stmt *xf_rewrite_stmt(XfMap *map, Stmt *s) {
  if (!s) return NULL;
  Module *m = map->m;
  Stmt t = *s;
  bool ch = false;
  switch ((StmtKind)s->kind) {
  case S_SEQ: {
    Stmt **items = TIRX_NEWN(m, Stmt *, s->u.seq.n);
    for (int i = 0; i < s->u.seq.n; i++) {
      items[i] = xf_rewrite_stmt(map, s->u.seq.items[i]);
      if (items[i] != s->u.seq.items[i]) ch = true;
    }
    if (!ch && !map->fresh_defs) return s;
    return tirx_seq(m, items, s->u.seq.n, s->loc);
  }
  case S_EVAL: RW(t.u.eval.e); break;
  case S_STORE: {
    Buffer *nb = rewrite_bufref(map, t.u.store.buf);
    if (nb != t.u.store.buf) { t.u.store.buf = nb; ch = true; }
    t.u.store.idx = rewrite_list(map, t.u.store.idx, t.u.store.n, &ch);
    RW(t.u.store.value);
    RW(t.u.store.pred);
    break;
  }
  case S_BIND: {
    RW(t.u.bind.value);
    Var *nv = fresh_var(map, t.u.bind.var);
    if (nv != t.u.bind.var) { t.u.bind.var = nv; ch = true; }
    break;
  }
  case S_ALLOC: case S_DECL: {
    Buffer *b = t.u.alloc.buf;
    Buffer *nb;
    if (map->fresh_defs)
      nb = fresh_buffer(map, b);
    else {
      nb = rewrite_bufref(map, b);
      /* A declared buffer whose shape or aliased pointer mentions a
       * substituted var gets a rewritten copy. */
      if (nb == b) {
        Buffer *c = xf_buffer_copy(map, b);
        bool differs = !xf_expr_equal(c->decl_data, b->decl_data) ||
                       !xf_expr_equal(c->elem_offset, b->elem_offset);
        for (int i = 0; i < b->ndim && !differs; i++)
          differs = !xf_expr_equal(c->shape[i], b->shape[i]);
        for (int i = 0; i < b->nstrides && !differs; i++)
          differs = !xf_expr_equal(c->strides[i], b->strides[i]);
        if (differs) {
          nb = c;
          xf_map_buf(map, b, nb);
        }
      }
    }
    if (nb != b) { t.u.alloc.buf = nb; ch = true; }
    break;
  }
  case S_FOR: {
    RW(t.u.for_.min);
    RW(t.u.for_.extent);
    RW(t.u.for_.step);
    RW(t.u.for_.annotations);
    Var *nv = fresh_var(map, t.u.for_.var);
    if (nv != t.u.for_.var) { t.u.for_.var = nv; ch = true; }
    RWS(t.u.for_.body);
    break;
  }
  case S_WHILE:
    RW(t.u.while_.cond);
    RWS(t.u.while_.body);
    break;
  case S_IF:
    RW(t.u.if_.cond);
    RWS(t.u.if_.then_);
    RWS(t.u.if_.else_);
    break;
  case S_ATTR:
    RW(t.u.attr.node);
    RW(t.u.attr.value);
    RWS(t.u.attr.body);
    break;
  case S_HINT:
    t.u.hint.kw = rewrite_kw(map, t.u.hint.kw, t.u.hint.nkw, &ch);
    RWS(t.u.hint.body);
    break;
  case S_SCOPEID: {
    t.u.scopeid.extents = rewrite_list(map, t.u.scopeid.extents, t.u.scopeid.next, &ch);
    t.u.scopeid.preferred = rewrite_list(map, t.u.scopeid.preferred, t.u.scopeid.npref, &ch);
    if (map->fresh_defs) {
      Var **vars = TIRX_NEWN(m, Var *, t.u.scopeid.nvars > 0 ? t.u.scopeid.nvars : 1);
      for (int i = 0; i < t.u.scopeid.nvars; i++) vars[i] = fresh_var(map, t.u.scopeid.vars[i]);
      t.u.scopeid.vars = vars;
    }
    break;
  }
  case S_ASSERT:
    RW(t.u.assert_.cond);
    break;
  case S_RETURN: RW(t.u.ret.value); break;
  case S_BREAK: case S_CONTINUE: break;
  case S_LAUNCH: {
    RW(t.u.launch.extent);
    Var *nv = fresh_var(map, t.u.launch.var);
    if (nv != t.u.launch.var) { t.u.launch.var = nv; ch = true; }
    RWS(t.u.launch.body);
    break;
  }
  case S_COUNT: break;
  }
  if (!ch && !map->fresh_defs) return s;
  Stmt *n = TIRX_NEW(m, Stmt);
  *n = t;
  return n;
}

/* ---- buffer collection ---------------------------------------------------- */

static void add_buf(XfPtrVec *out, Buffer *b) {
  if (b && !xf_vec_has(out, b)) xf_vec_push(out, b);
}

static bool coll_expr(IRVisitor *v, Expr *e) {
  XfPtrVec *out = v->ctx;
  switch ((ExprKind)e->kind) {
  case E_LOAD: add_buf(out, e->u.load.buf); break;
  case E_REGION: add_buf(out, e->u.region.buf); break;
  case E_BUFREF: add_buf(out, e->u.bufref); break;
  case E_VAR: if (e->u.var->kind == VAR_BUFDATA) add_buf(out, e->u.var->buffer); break;
  default: break;
  }
  return true;
}

static bool coll_stmt(IRVisitor *v, Stmt *s) {
  XfPtrVec *out = v->ctx;
  if (s->kind == S_STORE) add_buf(out, s->u.store.buf);
  if (s->kind == S_ALLOC || s->kind == S_DECL) add_buf(out, s->u.alloc.buf);
  return true;
}

void xf_collect_buffers(Stmt *s, XfPtrVec *out) {
  IRVisitor v = {out, coll_expr, coll_stmt};
  tirx_visit_stmt(&v, s);
}

bool xf_has_own_jump(const Stmt *s) {
  if (!s) return false;
  switch ((StmtKind)s->kind) {
  case S_BREAK: case S_CONTINUE: return true;
  case S_SEQ:
    for (int i = 0; i < s->u.seq.n; i++)
      if (xf_has_own_jump(s->u.seq.items[i])) return true;
    return false;
  case S_IF: return xf_has_own_jump(s->u.if_.then_) || xf_has_own_jump(s->u.if_.else_);
  case S_ATTR: return xf_has_own_jump(s->u.attr.body);
  case S_HINT: return xf_has_own_jump(s->u.hint.body);
  case S_LAUNCH: return xf_has_own_jump(s->u.launch.body);
  default: return false; /* loops own their jumps; leaves have none */
  }
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
