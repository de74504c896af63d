/* Structural equality and hashing.  Variables and buffers are matched by
 * position of first occurrence (definitions or first use of a free var), so
 * renamed IR compares equal; source locations are ignored. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tirx/internal/intrin.h"
#include "tirx/internal/ir.h"
#include "Support/ptrmap.h"

static const void *pm_get(const TxPtrMap *m, const void *k) { return txmap_get(m, k); }
static void pm_put(TxPtrMap *m, const void *k, const void *v) {
  txmap_put(m, k, (void *)(uintptr_t)v);
}

typedef struct {
  bool identity; /* variables and buffers compare by identity (tirx_expr_identical) */
  TxPtrMap a2b, b2a;
  const char *why;
} Eq;

#define FAIL(msg)                \
  do {                           \
    if (!q->why) q->why = (msg); \
    return false;                \
  } while (0)

static bool eq_expr(Eq *q, const Expr *a, const Expr *b);
static bool eq_buf(Eq *q, const Buffer *a, const Buffer *b);

static bool eq_dtype(DType a, DType b) { return tirx_dtype_eq(a, b); }

static bool eq_var(Eq *q, const Var *a, const Var *b) {
  if (q->identity) {
    if (a != b) FAIL("variables differ");
    return true;
  }
  if (a == b && !pm_get(&q->a2b, a)) return true;
  const void *ma = pm_get(&q->a2b, a), *mb = pm_get(&q->b2a, b);
  if (ma || mb) {
    if (ma != b || mb != a) FAIL("variables bound differently");
    return true;
  }
  if (!eq_dtype(a->dtype, b->dtype)) FAIL("variable dtypes differ");
  if (a->ptr_typed != b->ptr_typed || a->is_tensormap != b->is_tensormap)
    FAIL("pointer types differ");
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
  if (q->identity) {
    if (a != b) FAIL("buffers differ");
    return true;
  }
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
  int af = a->offset_factor > 0 ? a->offset_factor : 1,
      bf = b->offset_factor > 0 ? b->offset_factor : 1;
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

static bool eq_kw(Eq *q, const KwArg *a, int na, const KwArg *b, int nb) {
  if (na != nb) FAIL("keyword arguments differ");
  for (int i = 0; i < na; i++) {
    if (strcmp(a[i].name, b[i].name)) FAIL("keyword names differ");
    if (!eq_opt(q, a[i].value, b[i].value)) return false;
  }
  return true;
}

static bool eq_name(const char *a, const char *b) {
  return a == b || (a && b && strcmp(a, b) == 0);
}

static bool eq_float(double a, double b) {
  if (isnan(a) || isnan(b)) return isnan(a) && isnan(b);
  return a == b && signbit(a) == signbit(b);
}

static bool eq_stmt(Eq *q, const Stmt *a, const Stmt *b);

static bool eq_sopt(Eq *q, const Stmt *a, const Stmt *b) {
  if (!a || !b) {
    if (a != b) FAIL("optional statement present on one side only");
    return true;
  }
  return eq_stmt(q, a, b);
}

/* Field comparisons generated from the children column; a mismatch names
 * the payload field, e.g. "for_.kind differs". */
#define EXPR(f) \
  if (!eq_opt(q, a->u.f, b->u.f)) return false;
#define EXPRS(x, n) \
  if (!eq_list(q, a->u.x, a->u.n, b->u.x, b->u.n)) return false;
#define KWARGS(x, n) \
  if (!eq_kw(q, a->u.x, a->u.n, b->u.x, b->u.n)) return false;
#define USE(f) \
  if (!eq_var(q, a->u.f, b->u.f)) return false;
#define DEF(f) USE(f)
#define DEFS(x, n)                                              \
  if (a->u.n != b->u.n) FAIL("defined variable counts differ"); \
  for (int i_ = 0; i_ < a->u.n; i_++)                           \
    if (!eq_var(q, a->u.x[i_], b->u.x[i_])) return false;
#define BUF(f) \
  if (!eq_buf(q, a->u.f, b->u.f)) return false;
#define DECL(f) BUF(f)
#define DATA(f) \
  if (a->u.f != b->u.f) FAIL(#f " differs");
#define DTYPE(f) \
  if (!eq_dtype(a->u.f, b->u.f)) FAIL(#f " differs");
#define FP(f) \
  if (!eq_float(a->u.f, b->u.f)) FAIL("float constants differ");
#define BYTES(p, n) \
  if (a->u.n != b->u.n || memcmp(a->u.p, b->u.p, a->u.n)) FAIL("strings differ");
#define NAME(f) \
  if (!eq_name(a->u.f, b->u.f)) FAIL(#f " differs");
#define OP(f) \
  if (a->u.f != b->u.f) FAIL("called intrinsics differ");
#define REF(f) \
  if (a->u.f != b->u.f) FAIL(#f " differs");
#define SPELL(f)
#define STMT(f) \
  if (!eq_sopt(q, a->u.f, b->u.f)) return false;
#define STMTS(x, n)                                      \
  if (a->u.n != b->u.n) FAIL("sequence lengths differ"); \
  for (int i_ = 0; i_ < a->u.n; i_++)                    \
    if (!eq_sopt(q, a->u.x[i_], b->u.x[i_])) return false;

static bool eq_expr(Eq *q, const Expr *a, const Expr *b) {
  if (a->kind != b->kind) FAIL("expression kinds differ");
  if (!eq_dtype(a->dtype, b->dtype)) FAIL("expression dtypes differ");
  switch ((ExprKind)a->kind) {
#define X(K, name, payload, children) \
  case K:                             \
    children break;
#include "tirx/internal/expr.def"
#undef X
  case E_COUNT: break;
  }
  return true;
}

static bool eq_stmt(Eq *q, const Stmt *a, const Stmt *b) {
  if (a->kind != b->kind) FAIL("statement kinds differ");
  switch ((StmtKind)a->kind) {
#define X(K, name, payload, children) \
  case K:                             \
    children break;
#include "tirx/internal/stmt.def"
#undef X
  case S_COUNT: break;
  }
  return true;
}
#include "tirx/internal/ir_walk_end.h"

static bool eq_func(Eq *q, const PrimFunc *a, const PrimFunc *b) {
  if (a->nparams != b->nparams) FAIL("parameter counts differ");
  if (a->private_ != b->private_ || a->persistent != b->persistent || a->s_tir != b->s_tir)
    FAIL("function flags differ");
  if (a->has_ret != b->has_ret || (a->has_ret && !eq_dtype(a->ret, b->ret)))
    FAIL("return types differ");
  for (int i = 0; i < a->nparams; i++) {
    if (!eq_var(q, a->params[i].var, b->params[i].var)) return false;
    if ((a->params[i].buf == NULL) != (b->params[i].buf == NULL)) FAIL("parameter kinds differ");
    if (a->params[i].buf && !eq_buf(q, a->params[i].buf, b->params[i].buf)) return false;
  }
  if (!eq_opt(q, a->attrs, b->attrs)) return false;
  return eq_stmt(q, a->body, b->body);
}

bool tirx_expr_identical(const Expr *a, const Expr *b) {
  if (a == b) return true;
  if (!a || !b) return false;
  Eq q = {.identity = true};
  return eq_expr(&q, a, b);
}

bool tirx_func_equal(const PrimFunc *a, const PrimFunc *b, const char **why) {
  Eq q = {0};
  bool ok = eq_func(&q, a, b);
  if (why) *why = q.why;
  txmap_free(&q.a2b);
  txmap_free(&q.b2a);
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

/* ---- hashing: kinds, dtypes, data and constants, with vars and buffers
 * numbered by first occurrence (consistent with equality), generated from
 * the same children column. ------------------------------------------------ */

typedef struct {
  uint64_t h;
  TxPtrMap ids;
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

static void mix_bytes(Hasher *h, const char *p, size_t n) {
  mix(h, n);
  for (size_t i = 0; i < n; i++) mix(h, (unsigned char)p[i]);
}

static void mix_name(Hasher *h, const char *s) {
  if (s) mix_bytes(h, s, strlen(s));
  else mix(h, 0);
}

static void mix_float(Hasher *h, double d) {
  uint64_t bits = 0x7ff8000000000000ull; /* every NaN hashes alike: they compare equal */
  if (!isnan(d)) memcpy(&bits, &d, sizeof bits);
  mix(h, bits);
}

static void mix_dtype(Hasher *h, DType t) { mix(h, (uint64_t)t.id << 16 | t.lanes); }

static void hash_expr(Hasher *h, const Expr *x);
static void hash_stmt(Hasher *h, const Stmt *x);

#define EXPR(f) hash_expr(h, x->u.f);
#define EXPRS(a, n)         \
  mix(h, (uint64_t)x->u.n); \
  for (int i_ = 0; i_ < x->u.n; i_++) hash_expr(h, x->u.a[i_]);
#define KWARGS(a, n)                    \
  mix(h, (uint64_t)x->u.n);             \
  for (int i_ = 0; i_ < x->u.n; i_++) { \
    mix_name(h, x->u.a[i_].name);       \
    hash_expr(h, x->u.a[i_].value);     \
  }
#define USE(f) mix_var(h, x->u.f);
#define DEF(f) mix_var(h, x->u.f);
#define DEFS(a, n)          \
  mix(h, (uint64_t)x->u.n); \
  for (int i_ = 0; i_ < x->u.n; i_++) mix_var(h, x->u.a[i_]);
#define BUF(f) mix_var(h, x->u.f);
#define DECL(f) mix_var(h, x->u.f);
#define DATA(f) mix(h, (uint64_t)x->u.f);
#define DTYPE(f) mix_dtype(h, x->u.f);
#define FP(f) mix_float(h, x->u.f);
#define BYTES(p, n) mix_bytes(h, x->u.p, x->u.n);
#define NAME(f) mix_name(h, x->u.f);
#define OP(f) mix(h, (uint64_t)x->u.f->id);
#define REF(f)
#define SPELL(f)
#define STMT(f) hash_stmt(h, x->u.f);
#define STMTS(a, n)         \
  mix(h, (uint64_t)x->u.n); \
  for (int i_ = 0; i_ < x->u.n; i_++) hash_stmt(h, x->u.a[i_]);

static void hash_expr(Hasher *h, const Expr *x) {
  if (!x) {
    mix(h, 0xff);
    return;
  }
  mix(h, 1u + x->kind);
  mix_dtype(h, x->dtype);
  switch ((ExprKind)x->kind) {
#define X(K, name, payload, children) \
  case K:                             \
    children break;
#include "tirx/internal/expr.def"
#undef X
  case E_COUNT: break;
  }
}

static void hash_stmt(Hasher *h, const Stmt *x) {
  if (!x) {
    mix(h, 0xfff);
    return;
  }
  mix(h, 1000u + x->kind);
  switch ((StmtKind)x->kind) {
#define X(K, name, payload, children) \
  case K:                             \
    children break;
#include "tirx/internal/stmt.def"
#undef X
  case S_COUNT: break;
  }
}
#include "tirx/internal/ir_walk_end.h"

uint64_t tirx_func_hash(const PrimFunc *f) {
  Hasher h = {1469598103934665603ull, {0}, 0};
  mix(&h, (uint64_t)f->nparams);
  for (int i = 0; i < f->nparams; i++) mix_var(&h, f->params[i].var);
  hash_stmt(&h, f->body);
  txmap_free(&h.ids);
  return h.h;
}

/* Order-independent over functions, like tirx_module_equal (which matches
 * them by name): printing sorts an IRModule's functions. */
uint64_t tirx_module_hash(const Module *m) {
  uint64_t h = 7;
  for (int i = 0; i < m->nfuncs; i++) {
    uint64_t nh = 1469598103934665603ull;
    for (const char *c = m->funcs[i]->name; *c; c++)
      nh = (nh ^ (unsigned char)*c) * 1099511628211ull;
    h += (nh ^ tirx_func_hash(m->funcs[i])) * 0x9E3779B97F4A7C15ull;
  }
  return h;
}
