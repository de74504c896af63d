/* tile-dispatch: tile-primitive calls -> the instruction sequence of one of
 * their variants (TVM 0.27's dispatcher; Transforms/Tile/variants.def is
 * the table, one file per op family next to it).
 *
 * require:   scope ids are still declarations (S_SCOPEID): the pass runs
 *            before lower-tirx, so the execution scope of every call and
 *            the thread ids its enclosing `if`s test are still named.
 * guarantee: no I_TILE_CALL remains.  Each `T.<scope>.<op>(...)` statement
 *            is replaced by the code of the first variant of <op> (by
 *            priority, then row order; or the one named by dispatch="...")
 *            whose scopes include <scope> and whose precondition holds,
 *            preceded by the declarations it needs (deferred scope ids such
 *            as `T.thread_id()`, per-thread views of register buffers).
 *            The call's facts the preconditions see: the scope, whether
 *            every thread of the scope is active (no enclosing `if` whose
 *            condition varies inside the scope, judged from the scope-id
 *            vars it reads, also through lets; tid // 32k is per-warp and
 *            tid // 128k per-warpgroup for a linear thread index tid), and
 *            the scope's thread
 *            count from the region's declarations (thread_id extents, or
 *            warp_id x 32, or warpgroup_id x 128).
 * breaks:    nothing; emitted index arithmetic is left for simplify.
 * errors:    one located error per call that is not lowered: an op with no
 *            variant yet, an unknown dispatch= name, or "no variant
 *            applies" naming each variant tried and why it was rejected;
 *            T.tile.compose_op regions (not lowered yet).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "Support/strbuf.h"
#include "Transforms/Tile/tile.h"

typedef struct Variant {
  const char *op, *name;
  unsigned scopes;
  int priority;
  TilePreFn pre;
  TileEmitFn emit;
} Variant;

static const Variant variants[] = {
#define TILE_VARIANT(op, variant, scopes, priority, pre, emit) \
  {#op, variant, scopes, priority, pre, emit},
#include "Transforms/Tile/variants.def"
#undef TILE_VARIANT
};
enum { NVARIANTS = sizeof variants / sizeof variants[0] };

/* How far a value varies inside a CTA. */
enum { G_UNIFORM, G_WG, G_WARP, G_THREAD };

typedef struct Dispatch {
  Module *m;
  TirxDiag *d;
  int errors;
  int serial;
  PtrVec gvars;        /* Var* whose value varies inside a CTA */
  PtrVec glevels;      /* its G_* level, as (void *)(intptr_t) */
  PtrVec conds;        /* enclosing `if` conditions in the device region (Expr*) */
  PtrVec linear;       /* 1-d thread_id and thread_id_in_wg vars (linear thread indices) */
  PtrVec linear_wg;    /* ... of them, the thread_id_in_wg ones */
  int64_t cta_threads; /* -1: unknown */
  PtrVec host, host_keys, host_vals; /* the current device region's host prologue */
  PtrVec dev_init;                   /* ... and the start of its device code */
  PtrVec let_vars, let_vals;         /* T.let bindings walked so far (TileOp.let_vars) */
} Dispatch;

static int var_level(Dispatch *D, const Var *v) {
  int i = ptrvec_index(&D->gvars, v);
  return i < 0 ? G_UNIFORM : (int)(intptr_t)D->glevels.items[i];
}

static void set_level(Dispatch *D, Var *v, int g) {
  if (g == G_UNIFORM) return;
  ptrvec_push(&D->gvars, v);
  ptrvec_push(&D->glevels, (void *)(intptr_t)g);
}

typedef struct LevelCtx {
  Dispatch *D;
  int g;
} LevelCtx;

static bool level_expr(IRVisitor *v, Expr *e) {
  LevelCtx *c = v->ctx;
  int64_t k;
  /* tid // 32k is per-warp, tid // 128k per-warpgroup (tid: a linear
   * thread index of the CTA, or of the warpgroup) */
  if (e->kind == E_FLOORDIV && e->u.bin.a->kind == E_VAR && xf_const_int(e->u.bin.b, &k) && k > 0 &&
      ptrvec_has(&c->D->linear, e->u.bin.a->u.var)) {
    bool in_wg = ptrvec_has(&c->D->linear_wg, e->u.bin.a->u.var);
    int g = k % 128 == 0 ? (in_wg ? G_UNIFORM : G_WG) : k % 32 == 0 ? G_WARP : G_THREAD;
    if (g > c->g) c->g = g;
    return false;
  }
  if (e->kind == E_VAR) {
    int g = var_level(c->D, e->u.var);
    if (g > c->g) c->g = g;
  }
  return true;
}

static int expr_level(Dispatch *D, Expr *e) {
  LevelCtx c = {D, G_UNIFORM};
  IRVisitor v = {&c, level_expr, NULL};
  tirx_visit_expr(&v, e);
  return c.g;
}

static int sid_level(ScopeIdKind k) {
  switch (k) {
  case SID_THREAD_ID:
  case SID_LANE_ID:
  case SID_THREAD_ID_IN_WG: return G_THREAD;
  case SID_WARP_ID:
  case SID_WARP_ID_IN_WG: return G_WARP;
  case SID_WARPGROUP_ID: return G_WG;
  default: return G_UNIFORM;
  }
}

/* The finest level a condition may vary at and leave the scope whole. */
static int scope_allows(TileScope s) {
  switch (s) {
  case TS_THREAD: return G_THREAD;
  case TS_WARP: return G_WARP;
  case TS_WG: return G_WG;
  default: return G_UNIFORM;
  }
}

static const char *level_name(int g) {
  return g == G_THREAD ? "per-thread" : g == G_WARP ? "per-warp" : "per-warpgroup";
}

/* ---- the CTA's thread count ------------------------------------------------------- */

static bool count_ids(IRVisitor *v, Stmt *s) {
  Dispatch *D = v->ctx;
  if (s->kind != S_SCOPEID || s->u.scopeid.next == 0) return true;
  int64_t p = 1, c;
  for (int i = 0; i < s->u.scopeid.next; i++) {
    if (!xf_const_int(s->u.scopeid.extents[i], &c)) return true;
    p *= c;
  }
  switch (s->u.scopeid.sid) {
  case SID_THREAD_ID: D->cta_threads = p; break;
  case SID_WARP_ID:
    if (D->cta_threads < 0) D->cta_threads = p * 32;
    break;
  case SID_WARPGROUP_ID:
    if (D->cta_threads < 0) D->cta_threads = p * 128;
    break;
  default: break;
  }
  return true;
}

/* ---- one call ------------------------------------------------------------------- */

static bool parse_name(const char *name, TileScope *scope, const char **op) {
  static const struct {
    const char *ns;
    TileScope s;
  } spaces[] = {{"tile", TS_THREAD},  {"thread", TS_THREAD}, {"warp", TS_WARP},      {"wg", TS_WG},
                {"warpgroup", TS_WG}, {"cta", TS_CTA},       {"cluster", TS_CLUSTER}};
  if (!name || strncmp(name, "T.", 2) != 0) return false;
  const char *dot = strchr(name + 2, '.');
  if (!dot) return false;
  size_t n = (size_t)(dot - (name + 2));
  for (size_t i = 0; i < sizeof spaces / sizeof spaces[0]; i++)
    if (strlen(spaces[i].ns) == n && strncmp(name + 2, spaces[i].ns, n) == 0) {
      *scope = spaces[i].s;
      *op = dot + 1;
      return true;
    }
  return false;
}

static const char *inactive_reason(Dispatch *D, TileScope scope) {
  int allow = scope_allows(scope);
  for (int i = 0; i < D->conds.n; i++) {
    Expr *c = D->conds.items[i];
    int g = expr_level(D, c);
    if (g > allow) {
      char buf[96];
      return tirx_intern_printf(
          D->m, "not every thread of the %s is active (under `if %s`, a %s condition)",
          tile_scope_name(scope), xf_expr_str(c, buf, sizeof buf), level_name(g));
    }
  }
  return NULL;
}

static void list_ops(char *buf, size_t n) {
  size_t pos = 0;
  buf[0] = 0;
  for (int i = 0; i < NVARIANTS && pos < n; i++) {
    bool seen = false;
    for (int j = 0; j < i && !seen; j++) seen = strcmp(variants[j].op, variants[i].op) == 0;
    if (!seen) pos += (size_t)snprintf(buf + pos, n - pos, "%s%s", pos ? ", " : "", variants[i].op);
  }
}

static bool try_variant(TileOp *op, const Variant *v, char *why, size_t nwhy) {
  if (!(v->scopes & (unsigned)op->scope)) {
    tile_why(why, nwhy, "does not run at %s scope", tile_scope_name(op->scope));
    return false;
  }
  why[0] = 0;
  bool ok = v->pre(op, why, nwhy);
  if (!ok && !why[0]) tile_why(why, nwhy, "its precondition does not hold");
  return ok;
}

static Stmt *emit(Dispatch *D, TileOp *op, const Variant *v) {
  Stmt *body = v->emit(op);
  D->serial = op->serial;
  if (!body) {
    D->errors++;
    ptrvec_free(&op->pre);
    return NULL;
  }
  Stmt **items = TIRX_NEWN(D->m, Stmt *, op->pre.n + 1);
  for (int i = 0; i < op->pre.n; i++) items[i] = op->pre.items[i];
  items[op->pre.n] = body;
  Stmt *r = tirx_seq(D->m, items, op->pre.n + 1, op->loc);
  ptrvec_free(&op->pre);
  return r;
}

static Stmt *dispatch_call(Dispatch *D, Stmt *s, Expr *call) {
  TileOp op;
  memset(&op, 0, sizeof op);
  op.m = D->m;
  op.d = D->d;
  op.call = call;
  op.name = call->u.call.name ? call->u.call.name : "tile primitive";
  op.loc = call->loc;
  op.args = call->u.call.args;
  op.nargs = call->u.call.n;
  op.serial = D->serial;
  op.host = &D->host;
  op.host_keys = &D->host_keys;
  op.host_vals = &D->host_vals;
  op.dev_init = &D->dev_init;
  op.let_vars = &D->let_vars;
  op.let_vals = &D->let_vals;
  if (!parse_name(call->u.call.name, &op.scope, &op.op)) {
    xf_error(D->d, call->loc, "%s: not a T.<scope>.<op> tile primitive", op.name);
    D->errors++;
    return s;
  }
  op.inactive = inactive_reason(D, op.scope);
  op.nthreads = op.scope == TS_THREAD ? 1
                : op.scope == TS_WARP ? 32
                : op.scope == TS_WG   ? 128
                : op.scope == TS_CTA  ? D->cta_threads
                                      : -1;
  if (!op.inactive && D->cta_threads > 0 && op.nthreads > 0 && op.scope != TS_CTA &&
      (D->cta_threads < op.nthreads || D->cta_threads % op.nthreads))
    op.inactive = tirx_intern_printf(D->m, "the CTA's %lld threads do not make whole %ss of %lld",
                                     (long long)D->cta_threads, tile_scope_name(op.scope),
                                     (long long)op.nthreads);

  const Variant *rows[NVARIANTS > 0 ? NVARIANTS : 1];
  int n = 0;
  for (int i = 0; i < NVARIANTS; i++)
    if (strcmp(variants[i].op, op.op) == 0) rows[n++] = &variants[i];
  if (n == 0) {
    char ops[512];
    list_ops(ops, sizeof ops);
    xf_error(D->d, call->loc,
             "%s: tile primitive '%s' is not lowered yet (tirx has variants for: %s)", op.name,
             op.op, ops);
    D->errors++;
    return s;
  }
  /* stable sort by priority, highest first */
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && rows[j - 1]->priority < rows[j]->priority; j--) {
      const Variant *t = rows[j - 1];
      rows[j - 1] = rows[j];
      rows[j] = t;
    }

  Expr *want = tile_kwarg(&op, "dispatch");
  char why[TILE_WHY_LEN];
  if (want) {
    if (want->kind != E_STR) {
      xf_error(D->d, want->loc, "%s: dispatch= must be a variant name string", op.name);
      D->errors++;
      return s;
    }
    for (int i = 0; i < n; i++) {
      if (strlen(rows[i]->name) != want->u.s.len ||
          strncmp(rows[i]->name, want->u.s.p, want->u.s.len))
        continue;
      if (!try_variant(&op, rows[i], why, sizeof why)) {
        xf_error(D->d, call->loc, "%s: dispatch=\"%s\" does not apply: %s", op.name, rows[i]->name,
                 why);
        D->errors++;
        ptrvec_free(&op.pre);
        return s;
      }
      Stmt *r = emit(D, &op, rows[i]);
      return r ? r : s;
    }
    StrBuf names = {0};
    for (int i = 0; i < n; i++) strbuf_printf(&names, "%s\"%s\"", i ? ", " : "", rows[i]->name);
    xf_error(D->d, want->loc, "%s: no variant named \"%.*s\" (variants of %s: %s)", op.name,
             (int)want->u.s.len, want->u.s.p, op.op, strbuf_str(&names));
    strbuf_free(&names);
    D->errors++;
    return s;
  }

  StrBuf reasons = {0};
  for (int i = 0; i < n; i++) {
    if (try_variant(&op, rows[i], why, sizeof why)) {
      strbuf_free(&reasons);
      Stmt *r = emit(D, &op, rows[i]);
      return r ? r : s;
    }
    ptrvec_free(&op.pre); /* a rejected variant leaves nothing behind */
    op.pre = (PtrVec){0};
    strbuf_printf(&reasons, "%s%s: %s", i ? "; " : "", rows[i]->name, why);
  }
  xf_error(D->d, call->loc, "%s: no variant applies (%s)", op.name, strbuf_str(&reasons));
  strbuf_free(&reasons);
  D->errors++;
  return s;
}

/* ---- the walk ----------------------------------------------------------------------- */

static Stmt *walk(Dispatch *D, Stmt *s, bool device);

/* body with the calls' device-start statements after its leading scope ids */
static Stmt *with_init(Dispatch *D, Stmt *body) {
  Stmt **in = body->kind == S_SEQ ? body->u.seq.items : &body;
  int n = body->kind == S_SEQ ? body->u.seq.n : 1;
  int k = 0;
  while (k < n && in[k]->kind == S_SCOPEID) k++;
  Stmt **items = TIRX_NEWN(D->m, Stmt *, n + D->dev_init.n);
  int m = 0;
  for (int i = 0; i < k; i++) items[m++] = in[i];
  for (int i = 0; i < D->dev_init.n; i++) items[m++] = D->dev_init.items[i];
  for (int i = k; i < n; i++) items[m++] = in[i];
  return tirx_seq(D->m, items, m, body->loc);
}

static Stmt *walk_body(Dispatch *D, Stmt *body, bool device) {
  return body ? walk(D, body, device) : body;
}

static bool is_tile_call(const Stmt *s) {
  return s->kind == S_EVAL && s->u.eval.e && s->u.eval.e->kind == E_CALL &&
         s->u.eval.e->u.call.op->id == I_TILE_CALL;
}

static Stmt *walk(Dispatch *D, Stmt *s, bool device) {
  Stmt *r;
  switch (s->kind) {
  case S_SEQ: {
    Stmt **items = TIRX_NEWN(D->m, Stmt *, s->u.seq.n > 0 ? s->u.seq.n : 1);
    bool changed = false;
    for (int i = 0; i < s->u.seq.n; i++) {
      items[i] = walk(D, s->u.seq.items[i], device);
      changed |= items[i] != s->u.seq.items[i];
    }
    return changed ? tirx_seq(D->m, items, s->u.seq.n, s->loc) : s;
  }
  case S_EVAL:
    if (!is_tile_call(s)) return s;
    if (!device) {
      xf_error(D->d, s->loc, "%s: tile primitives run on the device (after T.device_entry())",
               s->u.eval.e->u.call.name ? s->u.eval.e->u.call.name : "tile primitive");
      D->errors++;
      return s;
    }
    return dispatch_call(D, s, s->u.eval.e);
  case S_SCOPEID:
    for (int i = 0; i < s->u.scopeid.nvars; i++) {
      int64_t ext; /* an id of extent 1 (T.warpgroup_id([1])) is the same on every thread */
      bool one = s->u.scopeid.nvars == s->u.scopeid.next &&
                 xf_const_int(s->u.scopeid.extents[i], &ext) && ext == 1;
      if (!one) set_level(D, s->u.scopeid.vars[i], sid_level(s->u.scopeid.sid));
    }
    if (s->u.scopeid.nvars == 1 &&
        (s->u.scopeid.sid == SID_THREAD_ID || s->u.scopeid.sid == SID_THREAD_ID_IN_WG))
      ptrvec_push(&D->linear, s->u.scopeid.vars[0]);
    if (s->u.scopeid.nvars == 1 && s->u.scopeid.sid == SID_THREAD_ID_IN_WG)
      ptrvec_push(&D->linear_wg, s->u.scopeid.vars[0]);
    return s;
  case S_BIND:
    set_level(D, s->u.bind.var, expr_level(D, s->u.bind.value));
    ptrvec_push(&D->let_vars, s->u.bind.var);
    ptrvec_push(&D->let_vals, s->u.bind.value);
    return s;
  case S_ATTR: {
    Expr *node = s->u.attr.node;
    if (node && node->kind == E_CALL && node->u.call.op->id == I_TILE_COMPOSE_OP) {
      xf_error(D->d, s->loc, "T.tile.compose_op: fused tile regions are not lowered yet");
      D->errors++;
      return s;
    }
    bool entry = xf_is_device_entry(s);
    if (entry) {
      D->cta_threads = -1;
      IRVisitor v = {D, NULL, count_ids};
      tirx_visit_stmt(&v, s->u.attr.body);
      D->host.n = D->host_keys.n = D->host_vals.n = D->dev_init.n = 0;
    }
    Stmt *b = walk_body(D, s->u.attr.body, device || entry);
    if (entry && D->dev_init.n) b = with_init(D, b);
    if (b == s->u.attr.body) return s;
    r = tirx_stmt_new(D->m, S_ATTR, s->loc);
    *r = *s;
    r->u.attr.body = b;
    if (entry && D->host.n) { /* the host prologue the calls asked for, before the entry */
      Stmt **items = TIRX_NEWN(D->m, Stmt *, D->host.n + 1);
      for (int i = 0; i < D->host.n; i++) items[i] = D->host.items[i];
      items[D->host.n] = r;
      r = tirx_seq(D->m, items, D->host.n + 1, s->loc);
      D->host.n = D->host_keys.n = D->host_vals.n = D->dev_init.n = 0;
    }
    D->dev_init.n = 0;
    return r;
  }
  case S_FOR: {
    if (device && expr_level(D, s->u.for_.extent) > G_UNIFORM)
      set_level(D, s->u.for_.var, expr_level(D, s->u.for_.extent));
    if (device && expr_level(D, s->u.for_.min) > G_UNIFORM)
      set_level(D, s->u.for_.var, expr_level(D, s->u.for_.min));
    Stmt *b = walk_body(D, s->u.for_.body, device);
    if (b == s->u.for_.body) return s;
    r = tirx_stmt_new(D->m, S_FOR, s->loc);
    *r = *s;
    r->u.for_.body = b;
    return r;
  }
  case S_WHILE: {
    ptrvec_push(&D->conds, s->u.while_.cond);
    Stmt *b = walk_body(D, s->u.while_.body, device);
    D->conds.n--;
    if (b == s->u.while_.body) return s;
    r = tirx_stmt_new(D->m, S_WHILE, s->loc);
    *r = *s;
    r->u.while_.body = b;
    return r;
  }
  case S_IF: {
    ptrvec_push(&D->conds, s->u.if_.cond);
    Stmt *t = walk_body(D, s->u.if_.then_, device);
    Stmt *e = walk_body(D, s->u.if_.else_, device);
    D->conds.n--;
    if (t == s->u.if_.then_ && e == s->u.if_.else_) return s;
    r = tirx_stmt_new(D->m, S_IF, s->loc);
    *r = *s;
    r->u.if_.then_ = t;
    r->u.if_.else_ = e;
    return r;
  }
  case S_HINT: {
    Stmt *b = walk_body(D, s->u.hint.body, device);
    if (b == s->u.hint.body) return s;
    r = tirx_stmt_new(D->m, S_HINT, s->loc);
    *r = *s;
    r->u.hint.body = b;
    return r;
  }
  case S_LAUNCH: {
    Stmt *b = walk_body(D, s->u.launch.body, true);
    if (b == s->u.launch.body) return s;
    r = tirx_stmt_new(D->m, S_LAUNCH, s->loc);
    *r = *s;
    r->u.launch.body = b;
    return r;
  }
  /* no tile call and no scope below: every kind is listed (no default), so
   * a new statement kind does not compile until this walk handles it */
  case S_STORE:
  case S_ALLOC:
  case S_DECL:
  case S_ASSERT:
  case S_RETURN:
  case S_BREAK:
  case S_CONTINUE: return s;
  case S_COUNT: break;
  }
  return s;
}

int xf_tile_dispatch(Module *m, TirxDiag *d) {
  Dispatch D;
  memset(&D, 0, sizeof D);
  D.m = m;
  D.d = d;
  D.cta_threads = -1;
  for (int i = 0; i < m->nfuncs; i++) {
    PrimFunc *f = m->funcs[i];
    if (!f->body) continue;
    int before = D.errors;
    D.serial = 0; /* emitted names count per function */
    Stmt *b = walk(&D, f->body, false);
    if (D.errors == before) f->body = b;
    D.conds.n = 0;
  }
  ptrvec_free(&D.gvars);
  ptrvec_free(&D.glevels);
  ptrvec_free(&D.conds);
  ptrvec_free(&D.linear);
  ptrvec_free(&D.linear_wg);
  ptrvec_free(&D.let_vars);
  ptrvec_free(&D.let_vals);
  ptrvec_free(&D.host);
  ptrvec_free(&D.host_keys);
  ptrvec_free(&D.host_vals);
  ptrvec_free(&D.dev_init);
  return D.errors ? 1 : 0;
}
