/* Helpers the tile-op families build their code with (Transforms/Tile/tile.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "Support/strbuf.h"
#include "Transforms/Tile/tile.h"
#include "tirx/internal/ptx_table.h"
#include "tirx/target.h"

static Loc noloc(void) { return (Loc){0, 0}; }

const char *tile_scope_name(TileScope s) {
  switch (s) {
  case TS_THREAD: return "thread";
  case TS_WARP: return "warp";
  case TS_WG: return "warpgroup";
  case TS_CTA: return "cta";
  case TS_CLUSTER: return "cluster";
  }
  return "?";
}

Expr *tile_kwarg(const TileOp *op, const char *name) {
  for (int i = 0; i < op->call->u.call.nkw; i++)
    if (strcmp(op->call->u.call.kw[i].name, name) == 0) return op->call->u.call.kw[i].value;
  return NULL;
}

Expr *tile_let_value(const TileOp *op, const Var *v) {
  if (!op->let_vars) return NULL;
  int i = ptrvec_index(op->let_vars, v);
  return i < 0 ? NULL : op->let_vals->items[i];
}

void tile_error(TileOp *op, const char *fmt, ...) {
  StrBuf msg = {0}; /* grows: the message is never cut */
  va_list ap;
  va_start(ap, fmt);
  strbuf_vprintf(&msg, fmt, ap);
  va_end(ap);
  xf_error(op->d, op->loc, "%s: %s", op->name, strbuf_str(&msg));
  strbuf_free(&msg);
}

bool tile_why(char *why, size_t nwhy, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  lay_vwhy(why, nwhy, fmt, ap);
  va_end(ap);
  return false;
}

/* ---- operands ------------------------------------------------------------------- */

bool tile_is_region(const Expr *arg) { return arg && arg->kind == E_REGION; }

bool tile_scope_is(const Buffer *b, TirxScope s) { return tirx_scope_is(b->scope, s); }

bool tile_region(TileOp *op, Expr *arg, TileRegion *r, char *why, size_t nwhy) {
  (void)op;
  memset(r, 0, sizeof *r);
  if (!tile_is_region(arg)) {
    tile_why(why, nwhy, "an operand is not a buffer region");
    return false;
  }
  r->buf = arg->u.region.buf;
  r->nd = arg->u.region.n;
  r->lo = arg->u.region.min;
  r->ext = TIRX_NEWN(op->m, int64_t, r->nd > 0 ? r->nd : 1);
  r->n = 1;
  for (int i = 0; i < r->nd; i++) {
    if (!xf_const_int(arg->u.region.ext[i], &r->ext[i])) {
      tile_why(why, nwhy, "the region of '%s' has a symbolic extent", r->buf->name);
      return false;
    }
    int64_t lo, dim;
    if (r->ext[i] < 1) {
      tile_why(why, nwhy, "the region of '%s' is empty in dimension %d", r->buf->name, i);
      return false;
    }
    if (i < r->buf->ndim && r->nd == r->buf->ndim && xf_const_int(r->buf->shape[i], &dim) &&
        xf_const_int(r->lo[i], &lo) && (lo < 0 || lo + r->ext[i] > dim)) {
      tile_why(why, nwhy,
               "the region of '%s' spans %lld..%lld in dimension %d, outside its extent %lld",
               r->buf->name, (long long)lo, (long long)(lo + r->ext[i]), i, (long long)dim);
      return false;
    }
    r->n *= r->ext[i];
  }
  return true;
}

bool tile_region_const_lo(const TileRegion *r, int64_t *lo) {
  for (int i = 0; i < r->nd; i++)
    if (!xf_const_int(r->lo[i], &lo[i])) return false;
  return true;
}

bool tile_region_layout(TileOp *op, const TileRegion *r, Layout *out, char *why, size_t nwhy) {
  Layout whole;
  if (!lay_of_buffer(op->m, r->buf, &whole, why, nwhy)) return false;
  int64_t *lo = TIRX_NEWN(op->m, int64_t, r->nd > 0 ? r->nd : 1);
  int64_t *shape = TIRX_NEWN(op->m, int64_t, r->nd > 0 ? r->nd : 1);
  if (!tile_region_const_lo(r, lo)) {
    tile_why(why, nwhy, "the region of '%s' starts at a symbolic index", r->buf->name);
    return false;
  }
  if (r->buf->ndim != r->nd) {
    tile_why(why, nwhy, "the region of '%s' has %d dimensions, the buffer %d", r->buf->name, r->nd,
             r->buf->ndim);
    return false;
  }
  for (int i = 0; i < r->nd; i++)
    if (!xf_const_int(r->buf->shape[i], &shape[i])) {
      tile_why(why, nwhy, "'%s' has a symbolic shape", r->buf->name);
      return false;
    }
  char inner[TILE_WHY_LEN];
  if (!lay_slice(op->m, &whole, shape, r->nd, lo, r->ext, out, inner, sizeof inner)) {
    tile_why(why, nwhy, "the region of '%s': %s", r->buf->name, inner);
    return false;
  }
  return true;
}

Buffer *tile_const_shape(TileOp *op, const TileRegion *r) {
  Buffer *b = r->buf;
  int64_t v;
  if ((b->layout && b->layout->kind != E_NONE) || b->nstrides || b->ndim < 1 || b->ndim != r->nd ||
      xf_const_int(b->shape[0], &v))
    return b;
  for (int i = 1; i < b->ndim; i++)
    if (!xf_const_int(b->shape[i], &v)) return b;
  Buffer *c = TIRX_NEW(op->m, Buffer);
  *c = *b;
  c->shape = TIRX_NEWN(op->m, Expr *, b->ndim);
  for (int i = 0; i < b->ndim; i++) c->shape[i] = b->shape[i];
  int64_t lo0 = 0;
  if (!xf_const_int(r->lo[0], &lo0)) lo0 = 0;
  c->shape[0] = tile_int(op, lo0 + r->ext[0]);
  return c;
}

bool tile_region_layout_any_lo(TileOp *op, const TileRegion *r, Layout *out, char *why,
                               size_t nwhy) {
  TileRegion z = *r;
  z.buf = tile_const_shape(op, r);
  z.lo = TIRX_NEWN(op->m, Expr *, r->nd > 0 ? r->nd : 1);
  for (int i = 0; i < r->nd; i++) {
    int64_t c;
    z.lo[i] = xf_const_int(r->lo[i], &c) ? r->lo[i] : tile_int(op, 0);
  }
  return tile_region_layout(op, &z, out, why, nwhy);
}

Expr *tile_load(TileOp *op, const TileRegion *r, Expr **c) {
  Expr **idx = TIRX_NEWN(op->m, Expr *, r->nd > 0 ? r->nd : 1);
  for (int i = 0; i < r->nd; i++) idx[i] = tile_bin(op, E_ADD, r->lo[i], c[i]);
  return tirx_load(op->m, r->buf, idx, r->nd, noloc());
}

Stmt *tile_store(TileOp *op, const TileRegion *r, Expr **c, Expr *value) {
  Stmt *s = tirx_stmt_new(op->m, S_STORE, noloc());
  s->u.store.buf = r->buf;
  s->u.store.n = r->nd;
  s->u.store.idx = TIRX_NEWN(op->m, Expr *, r->nd > 0 ? r->nd : 1);
  for (int i = 0; i < r->nd; i++) s->u.store.idx[i] = tile_bin(op, E_ADD, r->lo[i], c[i]);
  s->u.store.value = tile_cast(op, r->buf->dtype, value);
  return s;
}

/* ---- IR building ----------------------------------------------------------------- */

Expr *tile_int(TileOp *op, int64_t v) { return tirx_i32(op->m, v); }

Stmt *tile_eval(TileOp *op, Expr *e) {
  Stmt *s = tirx_stmt_new(op->m, S_EVAL, noloc());
  s->u.eval.e = e;
  return s;
}

Expr *tile_ld1(TileOp *op, Buffer *b, int64_t i) {
  Expr **idx = TIRX_NEWN(op->m, Expr *, 1);
  idx[0] = tile_int(op, i);
  return tirx_load(op->m, b, idx, 1, noloc());
}

int64_t tile_local_span(TileOp *op, Buffer *b) {
  Layout whole, loc;
  char w[8];
  if (!lay_of_buffer(op->m, b, &whole, w, sizeof w)) return 1;
  lay_local(op->m, &whole, &loc);
  return lay_span(&loc);
}

Expr *tile_bin(TileOp *op, ExprKind k, Expr *a, Expr *b) {
  int64_t x, y;
  if (k == E_ADD && xf_const_int(a, &x) && x == 0 && !xf_const_int(b, &y)) return b;
  if (k == E_ADD && xf_const_int(b, &y) && y == 0) return a;
  if (k == E_MUL && xf_const_int(b, &y) && y == 1) return a;
  if (k == E_MUL && xf_const_int(a, &x) && x == 1) return b;
  Expr *e = tirx_binary(op->m, k, a, b, noloc());
  if (xf_const_int(a, &x) && xf_const_int(b, &y) && e->dtype.id == DT_INT32) {
    int64_t v;
    if (xf_const_int(e, &v)) return tirx_i32(op->m, v);
  }
  return e;
}

bool tile_threads_known(const TileOp *op, char *why, size_t nwhy) {
  if (op->nthreads > 0) return true;
  tile_why(why, nwhy, "the number of threads of the %s is not known (declare T.thread_id([n]))",
           tile_scope_name(op->scope));
  return false;
}

Expr *tile_cast(TileOp *op, DType t, Expr *e) {
  if (e->dtype.id == t.id && e->dtype.lanes == t.lanes) return e;
  return tirx_cast(op->m, t, e, noloc());
}

Expr *tile_call(TileOp *op, IntrinId id, DType t, Expr **args, int n) {
  Expr **a = TIRX_NEWN(op->m, Expr *, n > 0 ? n : 1);
  if (n > 0) memcpy(a, args, sizeof *a * (size_t)n);
  return tirx_call(op->m, tirx_intrin(id), t, a, n, noloc());
}

Var *tile_var(TileOp *op, const char *base) {
  return tirx_var_new(op->m, tirx_intern_printf(op->m, "%s_%d", base, op->serial++), xf_i32(),
                      noloc());
}

Stmt *tile_for(TileOp *op, Var *v, Expr *extent, ForKind kind, Stmt *body) {
  int64_t c;
  if (xf_const_int(extent, &c) && c == 1) { /* a one-trip loop: the body at 0 */
    XfMap map;
    xf_map_init(&map, op->m, false);
    xf_map_var(&map, v, tile_int(op, 0));
    Stmt *r = xf_rewrite_stmt(&map, body);
    xf_map_free(&map);
    return r;
  }
  Stmt *s = tirx_stmt_new(op->m, S_FOR, noloc());
  s->u.for_.var = v;
  s->u.for_.min = tile_int(op, 0);
  s->u.for_.extent = extent;
  s->u.for_.kind = kind;
  s->u.for_.body = body;
  return s;
}

Stmt *tile_if(TileOp *op, Expr *cond, Stmt *then_) {
  Stmt *s = tirx_stmt_new(op->m, S_IF, noloc());
  s->u.if_.cond = cond;
  s->u.if_.then_ = then_;
  return s;
}

Stmt *tile_seq(TileOp *op, Stmt **items, int n) { return tirx_seq(op->m, items, n, noloc()); }

Expr **tile_unravel(TileOp *op, Expr *flat, const int64_t *ext, int nd) {
  Expr **c = TIRX_NEWN(op->m, Expr *, nd > 0 ? nd : 1);
  int64_t inner = 1;
  for (int i = nd - 1; i >= 0; i--) {
    Expr *q = inner == 1 ? flat : tile_bin(op, E_FLOORDIV, flat, tile_int(op, inner));
    int64_t outer = 1;
    for (int j = 0; j < i; j++) outer *= ext[j];
    c[i] = (i == 0 || outer == 1) ? q : tile_bin(op, E_FLOORMOD, q, tile_int(op, ext[i]));
    if (ext[i] == 1) c[i] = tile_int(op, 0);
    inner *= ext[i];
  }
  return c;
}

void tile_pre(TileOp *op, Stmt *s) { ptrvec_push(&op->pre, s); }

Var *tile_host_find(TileOp *op, const char *key) {
  for (int i = 0; i < op->host_keys->n; i++)
    if (strcmp(op->host_keys->items[i], key) == 0) return op->host_vals->items[i];
  return NULL;
}

void tile_host_add(TileOp *op, const char *key, Var *v, Stmt **stmts, int n) {
  ptrvec_push(op->host_keys, (void *)(uintptr_t)tirx_intern0(op->m, key));
  ptrvec_push(op->host_vals, v);
  for (int i = 0; i < n; i++) ptrvec_push(op->host, stmts[i]);
}

Expr *tile_scope_id(TileOp *op, ScopeIdKind sid) {
  Var *v = tile_var(op, tirx_scope_id_name(sid));
  Stmt *s = tirx_stmt_new(op->m, S_SCOPEID, op->loc);
  s->u.scopeid.sid = sid;
  s->u.scopeid.vars = TIRX_NEWN(op->m, Var *, 1);
  s->u.scopeid.vars[0] = v;
  s->u.scopeid.nvars = 1;
  s->u.scopeid.dtype = xf_i32();
  tile_pre(op, s);
  return tirx_varref(op->m, v, noloc());
}

Expr *tile_thread_index(TileOp *op) {
  switch (op->scope) {
  case TS_WARP: return tile_scope_id(op, SID_LANE_ID);
  case TS_WG: return tile_scope_id(op, SID_THREAD_ID_IN_WG);
  case TS_CTA: return tile_scope_id(op, SID_THREAD_ID);
  default: return tile_int(op, 0);
  }
}

Buffer *tile_local_view(TileOp *op, Buffer *b, int64_t span) {
  return tile_storage_view(op, b, tirx_intern_printf(op->m, "%s_local", b->name), b->dtype, span);
}

Buffer *tile_storage_view(TileOp *op, Buffer *b, const char *name, DType t, int64_t n) {
  Buffer *v = tirx_buffer_new(op->m, name, t, 1, noloc());
  v->shape[0] = tile_int(op, n);
  v->scope = b->scope;
  v->data->ptr_scope = b->scope;
  v->decl_data = tirx_varref(op->m, b->data, noloc());
  Stmt *s = tirx_stmt_new(op->m, S_DECL, noloc());
  s->u.alloc.buf = v;
  tile_pre(op, s);
  return v;
}

Buffer *tile_alloc(TileOp *op, const char *base, DType t, int64_t n, const char *scope) {
  Buffer *v =
      tirx_buffer_new(op->m, tirx_intern_printf(op->m, "%s_%d", base, op->serial++), t, 1, noloc());
  v->shape[0] = tile_int(op, n);
  v->scope = tirx_intern0(op->m, scope);
  v->data->ptr_scope = v->scope;
  Stmt *s = tirx_stmt_new(op->m, S_ALLOC, noloc());
  s->u.alloc.buf = v;
  tile_pre(op, s);
  return v;
}

void tile_device_init(TileOp *op, const char *key, Var *v, Stmt **stmts, int n) {
  ptrvec_push(op->host_keys, (void *)(uintptr_t)tirx_intern0(op->m, key));
  ptrvec_push(op->host_vals, v);
  for (int i = 0; i < n; i++) ptrvec_push(op->dev_init, stmts[i]);
}

Expr *tile_ptx(TileOp *op, const char *entry, const char *tokens, Expr **ops, int n) {
  const PtxEntry *e = tirx_ptx_find(entry);
  if (!e) {
    tile_error(op, "internal: no T.ptx row '%s'", entry);
    return NULL;
  }
  const char **mods = TIRX_NEWN(op->m, const char *, e->nslots > 0 ? e->nslots : 1);
  for (const char *t = tokens; *t;) {
    const char *dot = strchr(t, '.');
    size_t len = dot ? (size_t)(dot - t) : strlen(t);
    if (tirx_ptx_fill(e, mods, t, len) < 0) {
      tile_error(op, "internal: token '%.*s' fits no slot of T.ptx row '%s'", (int)len, t, entry);
      return NULL;
    }
    t += len + (dot ? 1 : 0);
  }
  Expr **a = TIRX_NEWN(op->m, Expr *, n + e->nslots + 1);
  int k = 0;
  for (int i = 0; i < n; i++) a[k++] = ops[i];
  for (int i = 0; i < e->nslots; i++)
    a[k++] = tirx_str(op->m, mods[i] ? mods[i] : "", mods[i] ? strlen(mods[i]) : 0, noloc());
  a[k++] = tirx_str(op->m, "", 0, noloc());
  Expr *c = tirx_call(op->m, tirx_intrin(I_PTX_INSTR), tirx_dtype(DT_VOID), a, k, noloc());
  c->u.call.name = e->name;
  return c;
}

bool tile_wg_layout(const Layout *l, const char *name, const char *who, char *why, size_t nwhy) {
  if (l->nrep) return tile_why(why, nwhy, "the layout of %s (registers) has replicas", name);
  for (int i = 0; i < l->n; i++)
    if (l->it[i].axis && l->it[i].ext > 1 && strcmp(l->it[i].axis, "tid_in_wg") &&
        strcmp(l->it[i].axis, "wid_in_wg") && strcmp(l->it[i].axis, "laneid"))
      return tile_why(why, nwhy,
                      "%s spreads over thread axis '%s'; %s warpgroup register layouts "
                      "(tid_in_wg, or wid_in_wg and laneid)",
                      name, l->it[i].axis, who);
  return true;
}

/* ---- arch ------------------------------------------------------------------------ */

bool tile_need_arch(const TileOp *op, int lo, int hi, const char *what, char *why, size_t nwhy) {
  const char *a = op->m->target_arch ? op->m->target_arch : TIRX_DEFAULT_ARCH;
  int sm = 0, n = 0;
  if (sscanf(a, "sm_%d%n", &sm, &n) == 1 && (a[n] == 'a' || a[n] == 'f') && sm >= lo && sm <= hi)
    return true;
  if (lo == hi) return tile_why(why, nwhy, "%s needs sm_%da (compiling for %s)", what, lo, a);
  return tile_why(why, nwhy, "%s needs sm_%da .. sm_%da (compiling for %s)", what, lo, hi, a);
}

bool tile_need_sm(const TileOp *op, int lo, const char *what, char *why, size_t nwhy) {
  const char *a = op->m->target_arch ? op->m->target_arch : TIRX_DEFAULT_ARCH;
  int sm = 0;
  if (sscanf(a, "sm_%d", &sm) == 1 && sm >= lo) return true;
  return tile_why(why, nwhy, "%s needs sm_%d or newer (compiling for %s)", what, lo, a);
}

/* ---- symbolic starts ---------------------------------------------------------------- */

/* A factor every value of e has (1 when nothing is known; 0 for the constant 0). */
static int64_t gcd64(int64_t a, int64_t b) {
  a = a < 0 ? -a : a;
  b = b < 0 ? -b : b;
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

static int64_t known_factor(const Expr *e) {
  int64_t c;
  if (xf_const_int(e, &c)) return c == INT64_MIN ? 1 : c < 0 ? -c : c;
  switch (e->kind) {
  case E_MUL: {
    int64_t f;
    return __builtin_mul_overflow(known_factor(e->u.bin.a), known_factor(e->u.bin.b), &f) ? 1 : f;
  }
  case E_ADD:
  case E_SUB: return gcd64(known_factor(e->u.bin.a), known_factor(e->u.bin.b));
  default: return 1;
  }
}

int64_t tile_known_factor(const Expr *e) { return known_factor(e); }

/* Region starts that are symbolic: each must step by whole swizzle patterns
 * (the address the emitter takes, buf[lo], is then unswizzled); a start known
 * to be a multiple of f (`wg * 64`) steps f at a time. */
bool tile_sym_lo_aligned(TileOp *op, const TileRegion *r, int64_t repeat, const char *name,
                         char *why, size_t nwhy) {
  int64_t c;
  bool any = false;
  for (int i = 0; i < r->nd; i++) any |= !xf_const_int(r->lo[i], &c);
  if (!any) return true;
  Buffer *b = tile_const_shape(op, r);
  int64_t *shape = TIRX_NEWN(op->m, int64_t, b->ndim > 0 ? b->ndim : 1);
  for (int i = 0; i < b->ndim; i++)
    if (!xf_const_int(b->shape[i], &shape[i]))
      return tile_why(why, nwhy, "the shape of %s ('%s') is not constant", name, b->name);
  Layout whole;
  char w[TILE_WHY_LEN];
  if (!lay_of_buffer(op->m, b, &whole, w, sizeof w)) return tile_why(why, nwhy, "%s", w);
  whole.swz_b = 0;
  for (int i = 0; i < r->nd; i++) {
    if (xf_const_int(r->lo[i], &c)) continue;
    int64_t flat = 1;
    for (int d = i + 1; d < b->ndim; d++) flat *= shape[d];
    int64_t step = lay_apply(&whole, flat, NULL, 0, NULL) - lay_apply(&whole, 0, NULL, 0, NULL);
    if (__builtin_mul_overflow(step, known_factor(r->lo[i]), &step))
      step = 1; /* a multiple too large to know: assume none */
    if (step % repeat)
      return tile_why(why, nwhy,
                      "the symbolic start of %s's dimension %d steps %lld elements, not whole "
                      "%lld-element swizzle patterns",
                      name, i, (long long)step, (long long)repeat);
  }
  return true;
}
