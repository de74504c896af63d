/* Structural equality and hashing.  Variables and buffers are matched by
 * position of first occurrence (definitions or first use of a free var), so
 * renamed IR compares equal; source locations are ignored. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tirx/intrin.h"
#include "tirx/ir.h"

typedef struct {
  const void **keys;
  const void **vals;
  size_t cap, n;
} PtrMap;

static size_t ph(const void *p) { return ((uintptr_t)p >> 4) * 0x9E3779B97F4A7C15ull; }

static const void *pm_get(PtrMap *m, const void *k) {
  if (!m->cap) return NULL;
  size_t j = ph(k) & (m->cap - 1);
  while (m->keys[j]) {
    if (m->keys[j] == k) return m->vals[j];
    j = (j + 1) & (m->cap - 1);
  }
  return NULL;
}

static void pm_put(PtrMap *m, const void *k, const void *v);
static void pm_grow(PtrMap *m) {
  PtrMap n = {0};
  n.cap = m->cap ? m->cap * 2 : 64;
  n.keys = calloc(n.cap, sizeof *n.keys);
  n.vals = calloc(n.cap, sizeof *n.vals);
  for (size_t i = 0; i < m->cap; i++)
    if (m->keys[i]) pm_put(&n, m->keys[i], m->vals[i]);
  free(m->keys);
  free(m->vals);
  *m = n;
}

static void pm_put(PtrMap *m, const void *k, const void *v) {
  if ((m->n + 1) * 2 > m->cap) pm_grow(m);
  size_t j = ph(k) & (m->cap - 1);
  while (m->keys[j] && m->keys[j] != k) j = (j + 1) & (m->cap - 1);
  if (!m->keys[j]) m->n++;
  m->keys[j] = k;
  m->vals[j] = v;
}

static void pm_free(PtrMap *m) {
  free(m->keys);
  free(m->vals);
}

typedef struct {
  PtrMap a2b, b2a;
  const char *why;
} Eq;

#define FAIL(msg) do { if (!q->why) q->why = (msg); return false; } while (0)

static bool eq_expr(Eq *q, const Expr *a, const Expr *b);
static bool eq_buf(Eq *q, const Buffer *a, const Buffer *b);

static bool eq_dtype(DType a, DType b) { return tirx_dtype_eq(a, b); }

static bool eq_var(Eq *q, const Var *a, const Var *b) {
  if (a == b && !pm_get(&q->a2b, a)) return true;
  const void *ma = pm_get(&q->a2b, a), *mb = pm_get(&q->b2a, b);
  if (ma || mb) {
    if (ma != b || mb != a) FAIL("variables bound differently");
    return true;
  }
  if (!eq_dtype(a->dtype, b->dtype)) FAIL("variable dtypes differ");
  if (a->ptr_typed != b->ptr_typed || a->is_tensormap != b->is_tensormap) FAIL("pointer types differ");
  if (a->ptr_typed && (!eq_dtype(a->ptr_elem, b->ptr_elem) || strcmp(a->ptr_scope, b->ptr_scope)))
    FAIL("pointer types differ");
  if (a->kind != b->kind) FAIL("variable kinds differ");
  if (a->kind == VAR_BUFDATA) {
    if (!eq_buf(q, a->buffer, b->buffer)) return false;
  }
  pm_put(&q->a2b, a, b);
  pm_put(&q->b2a, b, a);
  return true;
}

static bool eq_opt(Eq *q, const Expr *a, const Expr *b) {
  if (!a || !b) {
    if (a != b) FAIL("optional field present on one side only");
    return true;
  }
  return eq_expr(q, a, b);
}

static bool eq_list(Eq *q, Expr *const *a, int na, Expr *const *b, int nb) {
  if (na != nb) FAIL("list lengths differ");
  for (int i = 0; i < na; i++)
    if (!eq_opt(q, a[i], b[i])) return false;
  return true;
}

static bool eq_buf(Eq *q, const Buffer *a, const Buffer *b) {
  const void *ma = pm_get(&q->a2b, a);
  if (ma) {
    if (ma != b) FAIL("buffers bound differently");
    return true;
  }
  if (pm_get(&q->b2a, b)) FAIL("buffers bound differently");
  pm_put(&q->a2b, a, b);
  pm_put(&q->b2a, b, a);
  if (!eq_dtype(a->dtype, b->dtype)) FAIL("buffer dtypes differ");
  if (strcmp(a->scope, b->scope)) FAIL("buffer scopes differ");
  int aa = a->align > 0 ? a->align : 64, ba = b->align > 0 ? b->align : 64;
  if (aa != ba) FAIL("buffer alignments differ");
  int af = a->offset_factor > 0 ? a->offset_factor : 1, bf = b->offset_factor > 0 ? b->offset_factor : 1;
  if (af != bf) FAIL("buffer offset factors differ");
  if (!eq_list(q, a->shape, a->ndim, b->shape, b->ndim)) return false;
  if (!eq_list(q, a->strides, a->nstrides, b->strides, b->nstrides)) return false;
  int64_t v;
  bool az = !a->elem_offset || (tirx_expr_is_const_int(a->elem_offset, &v) && v == 0);
  bool bz = !b->elem_offset || (tirx_expr_is_const_int(b->elem_offset, &v) && v == 0);
  if (az != bz) FAIL("buffer elem_offset differs");
  if (!az && !eq_expr(q, a->elem_offset, b->elem_offset)) return false;
  if (!eq_opt(q, a->layout, b->layout)) return false;
  if (!eq_opt(q, a->allocated_addr, b->allocated_addr)) return false;
  if (!eq_opt(q, a->decl_data, b->decl_data)) return false;
  if (!eq_opt(q, a->annotations, b->annotations)) return false;
  return eq_var(q, a->data, b->data);
}

static bool eq_expr(Eq *q, const Expr *a, const Expr *b) {
  if (a->kind != b->kind) FAIL("expression kinds differ");
  if (!eq_dtype(a->dtype, b->dtype)) FAIL("expression dtypes differ");
  switch ((ExprKind)a->kind) {
  case E_INT:
    if (a->u.i.v != b->u.i.v || a->u.i.pod != b->u.i.pod) FAIL("integer constants differ");
    return true;
  case E_FLOAT:
    if (!(a->u.f.v == b->u.f.v || (isnan(a->u.f.v) && isnan(b->u.f.v))) || a->u.f.pod != b->u.f.pod)
      FAIL("float constants differ");
    if (a->u.f.v == 0 && signbit(a->u.f.v) != signbit(b->u.f.v)) FAIL("float constants differ");
    return true;
  case E_STR:
    if (a->u.s.len != b->u.s.len || memcmp(a->u.s.p, b->u.s.p, a->u.s.len)) FAIL("strings differ");
    return true;
  case E_NONE: case E_DTYPE: return true;
  case E_VAR: return eq_var(q, a->u.var, b->u.var);
  case E_ADD: case E_SUB: case E_MUL: case E_DIV: case E_MOD: case E_FLOORDIV: case E_FLOORMOD:
  case E_MIN: case E_MAX: case E_EQ: case E_NE: case E_LT: case E_LE: case E_GT: case E_GE:
  case E_AND: case E_OR:
    return eq_expr(q, a->u.bin.a, b->u.bin.a) && eq_expr(q, a->u.bin.b, b->u.bin.b);
  case E_NOT: case E_CAST: return eq_expr(q, a->u.un.a, b->u.un.a);
  case E_SELECT:
    return eq_expr(q, a->u.sel.c, b->u.sel.c) && eq_expr(q, a->u.sel.t, b->u.sel.t) &&
           eq_expr(q, a->u.sel.f, b->u.sel.f);
  case E_LOAD:
    return eq_buf(q, a->u.load.buf, b->u.load.buf) &&
           eq_list(q, a->u.load.idx, a->u.load.n, b->u.load.idx, b->u.load.n) &&
           eq_opt(q, a->u.load.pred, b->u.load.pred);
  case E_RAMP:
    if (a->u.ramp.lanes != b->u.ramp.lanes) FAIL("ramp lanes differ");
    return eq_expr(q, a->u.ramp.base, b->u.ramp.base) && eq_expr(q, a->u.ramp.stride, b->u.ramp.stride);
  case E_BCAST:
    if (a->u.bcast.lanes != b->u.bcast.lanes) FAIL("broadcast lanes differ");
    return eq_expr(q, a->u.bcast.value, b->u.bcast.value);
  case E_CALL: case E_LAYOUT:
    if (a->u.call.op != b->u.call.op) FAIL("called intrinsics differ");
    if ((a->u.call.name == NULL) != (b->u.call.name == NULL) ||
        (a->u.call.name && strcmp(a->u.call.name, b->u.call.name)))
      FAIL("callee names differ");
    if (a->u.call.nkw != b->u.call.nkw) FAIL("keyword arguments differ");
    for (int i = 0; i < a->u.call.nkw; i++) {
      if (strcmp(a->u.call.kw[i].name, b->u.call.kw[i].name)) FAIL("keyword names differ");
      if (!eq_opt(q, a->u.call.kw[i].value, b->u.call.kw[i].value)) return false;
    }
    return eq_list(q, a->u.call.args, a->u.call.n, b->u.call.args, b->u.call.n);
  case E_LET:
    if (!eq_expr(q, a->u.let.value, b->u.let.value)) return false;
    if (!eq_var(q, a->u.let.var, b->u.let.var)) return false;
    return eq_expr(q, a->u.let.body, b->u.let.body);
  case E_REGION:
    return eq_buf(q, a->u.region.buf, b->u.region.buf) &&
           eq_list(q, a->u.region.min, a->u.region.n, b->u.region.min, b->u.region.n) &&
           eq_list(q, a->u.region.ext, a->u.region.n, b->u.region.ext, b->u.region.n);
  case E_TUPLE: case E_LIST:
    return eq_list(q, a->u.list.items, a->u.list.n, b->u.list.items, b->u.list.n);
  case E_DICT:
    return eq_list(q, a->u.dict.keys, a->u.dict.n, b->u.dict.keys, b->u.dict.n) &&
           eq_list(q, a->u.dict.vals, a->u.dict.n, b->u.dict.vals, b->u.dict.n);
  case E_BUFREF: return eq_buf(q, a->u.bufref, b->u.bufref);
  case E_COUNT: break;
  }
  return true;
}

static bool eq_stmt(Eq *q, const Stmt *a, const Stmt *b);

static bool eq_sopt(Eq *q, const Stmt *a, const Stmt *b) {
  if (!a || !b) {
    if (a != b) FAIL("optional statement present on one side only");
    return true;
  }
  return eq_stmt(q, a, b);
}

static bool eq_kw(Eq *q, const KwArg *a, int na, const KwArg *b, int nb) {
  if (na != nb) FAIL("keyword arguments differ");
  for (int i = 0; i < na; i++) {
    if (strcmp(a[i].name, b[i].name)) FAIL("keyword names differ");
    if (!eq_opt(q, a[i].value, b[i].value)) return false;
  }
  return true;
}

static bool eq_stmt(Eq *q, const Stmt *a, const Stmt *b) {
  if (a->kind != b->kind) FAIL("statement kinds differ");
  switch ((StmtKind)a->kind) {
  case S_SEQ:
    if (a->u.seq.n != b->u.seq.n) FAIL("sequence lengths differ");
    for (int i = 0; i < a->u.seq.n; i++)
      if (!eq_stmt(q, a->u.seq.items[i], b->u.seq.items[i])) return false;
    return true;
  case S_EVAL: return eq_expr(q, a->u.eval.e, b->u.eval.e);
  case S_STORE:
    return eq_buf(q, a->u.store.buf, b->u.store.buf) &&
           eq_list(q, a->u.store.idx, a->u.store.n, b->u.store.idx, b->u.store.n) &&
           eq_expr(q, a->u.store.value, b->u.store.value) &&
           eq_opt(q, a->u.store.pred, b->u.store.pred);
  case S_BIND:
    return eq_expr(q, a->u.bind.value, b->u.bind.value) && eq_var(q, a->u.bind.var, b->u.bind.var);
  case S_ALLOC: case S_DECL: return eq_buf(q, a->u.alloc.buf, b->u.alloc.buf);
  case S_FOR:
    if (a->u.for_.kind != b->u.for_.kind) FAIL("loop kinds differ");
    if ((a->u.for_.thread == NULL) != (b->u.for_.thread == NULL) ||
        (a->u.for_.thread && strcmp(a->u.for_.thread, b->u.for_.thread)))
      FAIL("loop thread tags differ");
    return eq_expr(q, a->u.for_.min, b->u.for_.min) &&
           eq_expr(q, a->u.for_.extent, b->u.for_.extent) &&
           eq_opt(q, a->u.for_.step, b->u.for_.step) &&
           eq_opt(q, a->u.for_.annotations, b->u.for_.annotations) &&
           eq_var(q, a->u.for_.var, b->u.for_.var) && eq_stmt(q, a->u.for_.body, b->u.for_.body);
  case S_WHILE:
    return eq_expr(q, a->u.while_.cond, b->u.while_.cond) &&
           eq_stmt(q, a->u.while_.body, b->u.while_.body);
  case S_IF:
    return eq_expr(q, a->u.if_.cond, b->u.if_.cond) && eq_stmt(q, a->u.if_.then_, b->u.if_.then_) &&
           eq_sopt(q, a->u.if_.else_, b->u.if_.else_);
  case S_ATTR:
    if (strcmp(a->u.attr.key, b->u.attr.key)) FAIL("attribute keys differ");
    return eq_opt(q, a->u.attr.node, b->u.attr.node) &&
           eq_opt(q, a->u.attr.value, b->u.attr.value) && eq_stmt(q, a->u.attr.body, b->u.attr.body);
  case S_HINT:
    return eq_opt(q, a->u.hint.message, b->u.hint.message) &&
           eq_kw(q, a->u.hint.kw, a->u.hint.nkw, b->u.hint.kw, b->u.hint.nkw) &&
           eq_stmt(q, a->u.hint.body, b->u.hint.body);
  case S_SCOPEID:
    if (a->u.scopeid.sid != b->u.scopeid.sid || a->u.scopeid.nvars != b->u.scopeid.nvars)
      FAIL("scope ids differ");
    if (!eq_dtype(a->u.scopeid.dtype, b->u.scopeid.dtype)) FAIL("scope id dtypes differ");
    if (!eq_list(q, a->u.scopeid.extents, a->u.scopeid.next, b->u.scopeid.extents, b->u.scopeid.next))
      return false;
    if (!eq_list(q, a->u.scopeid.preferred, a->u.scopeid.npref, b->u.scopeid.preferred,
                 b->u.scopeid.npref))
      return false;
    for (int i = 0; i < a->u.scopeid.nvars; i++)
      if (!eq_var(q, a->u.scopeid.vars[i], b->u.scopeid.vars[i])) return false;
    return true;
  case S_ASSERT:
    return eq_expr(q, a->u.assert_.cond, b->u.assert_.cond) &&
           eq_opt(q, a->u.assert_.kind, b->u.assert_.kind) &&
           eq_opt(q, a->u.assert_.parts, b->u.assert_.parts);
  case S_RETURN: return eq_opt(q, a->u.ret.value, b->u.ret.value);
  case S_BREAK: case S_CONTINUE: return true;
  case S_LAUNCH:
    if (strcmp(a->u.launch.tag, b->u.launch.tag)) FAIL("launch tags differ");
    return eq_expr(q, a->u.launch.extent, b->u.launch.extent) &&
           eq_var(q, a->u.launch.var, b->u.launch.var) &&
           eq_stmt(q, a->u.launch.body, b->u.launch.body);
  case S_COUNT: break;
  }
  return true;
}

static bool eq_func(Eq *q, const PrimFunc *a, const PrimFunc *b) {
  if (a->nparams != b->nparams) FAIL("parameter counts differ");
  if (a->private_ != b->private_ || a->persistent != b->persistent || a->s_tir != b->s_tir)
    FAIL("function flags differ");
  if (a->has_ret != b->has_ret || (a->has_ret && !eq_dtype(a->ret, b->ret))) FAIL("return types differ");
  for (int i = 0; i < a->nparams; i++) {
    if (!eq_var(q, a->params[i].var, b->params[i].var)) return false;
    if ((a->params[i].buf == NULL) != (b->params[i].buf == NULL)) FAIL("parameter kinds differ");
    if (a->params[i].buf && !eq_buf(q, a->params[i].buf, b->params[i].buf)) return false;
  }
  if (!eq_opt(q, a->attrs, b->attrs)) return false;
  return eq_stmt(q, a->body, b->body);
}

bool tirx_func_equal(const PrimFunc *a, const PrimFunc *b, const char **why) {
  Eq q = {0};
  bool ok = eq_func(&q, a, b);
  if (why) *why = q.why;
  pm_free(&q.a2b);
  pm_free(&q.b2a);
  return ok;
}

bool tirx_module_equal(const Module *a, const Module *b, const char **why) {
  if (a->nfuncs != b->nfuncs) {
    if (why) *why = "function counts differ";
    return false;
  }
  /* functions are matched by name: printing sorts them */
  for (int i = 0; i < a->nfuncs; i++) {
    const PrimFunc *fb = NULL;
    for (int j = 0; j < b->nfuncs && !fb; j++)
      if (strcmp(a->funcs[i]->name, b->funcs[j]->name) == 0) fb = b->funcs[j];
    if (!fb) {
      if (why) *why = "function names differ";
      return false;
    }
    if (!tirx_func_equal(a->funcs[i], fb, why)) return false;
  }
  return true;
}

/* ---- hashing: kinds, dtypes and constants, with vars numbered by first
 * occurrence (consistent with equality). ---------------------------------- */

typedef struct {
  IRVisitor v;
  uint64_t h;
  PtrMap ids;
  uint64_t next;
} Hasher;

static void mix(Hasher *h, uint64_t x) { h->h = (h->h ^ x) * 0x100000001b3ull + (h->h >> 29); }

static void mix_var(Hasher *h, const void *p) {
  uintptr_t id = (uintptr_t)pm_get(&h->ids, p);
  if (!id) {
    id = (uintptr_t)++h->next;
    pm_put(&h->ids, p, (const void *)id);
  }
  mix(h, id);
}

static bool hash_expr(IRVisitor *v, Expr *e) {
  Hasher *h = (Hasher *)v;
  mix(h, e->kind);
  mix(h, (uint64_t)e->dtype.id << 16 | e->dtype.lanes);
  switch (e->kind) {
  case E_INT: mix(h, (uint64_t)e->u.i.v); break;
  case E_FLOAT: {
    uint64_t bits;
    double d = e->u.f.v;
    memcpy(&bits, &d, sizeof bits);
    mix(h, bits);
    break;
  }
  case E_STR:
    for (size_t i = 0; i < e->u.s.len; i++) mix(h, (unsigned char)e->u.s.p[i]);
    break;
  case E_VAR: mix_var(h, e->u.var); break;
  case E_LOAD: mix_var(h, e->u.load.buf); break;
  case E_CALL: mix(h, (uint64_t)e->u.call.op->id); break;
  default: break;
  }
  return true;
}

static bool hash_stmt(IRVisitor *v, Stmt *s) {
  Hasher *h = (Hasher *)v;
  mix(h, 1000u + s->kind);
  if (s->kind == S_STORE) mix_var(h, s->u.store.buf);
  if (s->kind == S_FOR) mix_var(h, s->u.for_.var);
  if (s->kind == S_BIND) mix_var(h, s->u.bind.var);
  if (s->kind == S_ALLOC || s->kind == S_DECL) mix_var(h, s->u.alloc.buf);
  return true;
}

uint64_t tirx_func_hash(const PrimFunc *f) {
  Hasher h = {{0}, 1469598103934665603ull, {0}, 0};
  h.v.expr = hash_expr;
  h.v.stmt = hash_stmt;
  mix(&h, (uint64_t)f->nparams);
  for (int i = 0; i < f->nparams; i++) mix_var(&h, f->params[i].var);
  tirx_visit_stmt(&h.v, f->body);
  pm_free(&h.ids);
  return h.h;
}

/* Order-independent over functions, like tirx_module_equal (which matches
 * them by name): printing sorts an IRModule's functions. */
uint64_t tirx_module_hash(const Module *m) {
  uint64_t h = 7;
  for (int i = 0; i < m->nfuncs; i++) {
    uint64_t nh = 1469598103934665603ull;
    for (const char *c = m->funcs[i]->name; *c; c++) nh = (nh ^ (unsigned char)*c) * 1099511628211ull;
    h += (nh ^ tirx_func_hash(m->funcs[i])) * 0x9E3779B97F4A7C15ull;
  }
  return h;
}
