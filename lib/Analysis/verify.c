/* The IR verifier: scoping, types, device-entry and scope-id rules.
 *
 * require: nothing (any IR the parser or a pass can build)
 * guarantee: on success, the invariants listed in tirx/verify.h hold.
 *
 * One walk per function.  Definitions are kept in a scope stack (a count per
 * object in a pointer map plus an undo list per frame), so `defined` is a
 * map lookup and a flat statement's definition lasts until its block ends. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Support/oom.h"
#include "Support/vec.h"
#include "Support/ptrmap.h"
#include "tirx/internal/intrin.h"
#include "tirx/internal/verify.h"

/* Scope-id bindings, from scope.def. */
static const struct {
  ScopeLevel parent, child;
  int dims;
} sid_info[SID_COUNT] = {
#define X(E, name, parent, child, dims) [E] = {parent, child, dims},
#include "tirx/internal/scope.def"
#undef X
};

/* Levels of the thread hierarchy that compose (the CTA pair is left out). */
enum { L_KERNEL, L_CLUSTER, L_CTA, L_WARPGROUP, L_WARP, L_THREAD, L_COUNT };
static const char *const level_names[L_COUNT] = {"kernel",    "cluster", "cta",
                                                 "warpgroup", "warp",    "thread"};

static int level_of(ScopeLevel l) {
  switch (l) {
  case SCOPE_KERNEL: return L_KERNEL;
  case SCOPE_CLUSTER: return L_CLUSTER;
  case SCOPE_CTA: return L_CTA;
  case SCOPE_WARPGROUP: return L_WARPGROUP;
  case SCOPE_WARP: return L_WARP;
  case SCOPE_THREAD: return L_THREAD;
  case SCOPE_CTA_PAIR: break;
  }
  return -1;
}

typedef struct Verifier {
  TirxDiag *d;
  const PrimFunc *f;
  bool ok;
  TxPtrMap live;     /* Var / Buffer -> number of live definitions */
  const void **undo; /* definitions in order, popped per frame */
  int nundo, capundo;
  int *frames;
  int nframes, capframes;
  TxPtrMap reported; /* undefined objects already reported */
  Loc ctx;           /* location of the innermost located statement */
  int loop_depth;
  int device_entries;
  bool in_device;
  int dyn_allocs;
  /* scope ids of the kernel: ext[a][b] for levels a < b;
   * 0 unknown, -1 symbolic, > 0 the constant extent */
  int64_t ext[L_COUNT][L_COUNT];
  bool any_scope_id;
  bool sid_error;
} Verifier;

/* ---- diagnostics --------------------------------------------------------- */

static void error_at(Verifier *v, Loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void error_at(Verifier *v, Loc loc, const char *fmt, ...) {
  if (!loc.line) loc = v->ctx;
  if (!loc.line) loc = v->f->loc;
  va_list ap;
  va_start(ap, fmt);
  tirx_diag_vadd(v->d, DIAG_ERROR, loc.line, loc.col, fmt, ap);
  va_end(ap);
  v->ok = false;
}

static const char *var_name(const Var *x) { return x->name && *x->name ? x->name : "v"; }

static const char *dt(DType t, char *buf) { return tirx_dtype_str(t, buf); }

/* ---- scopes -------------------------------------------------------------- */

static void push_frame(Verifier *v) {
  TIRX_VEC_RESERVE(v->frames, v->capframes, v->nframes + 1);
  v->frames[v->nframes++] = v->nundo;
}

static void pop_frame(Verifier *v) {
  int keep = v->frames[--v->nframes];
  while (v->nundo > keep) {
    const void *k = v->undo[--v->nundo];
    txmap_puti(&v->live, k, txmap_geti(&v->live, k) - 1);
  }
}

static bool is_live(const Verifier *v, const void *k) { return txmap_geti(&v->live, k) > 0; }

static void define(Verifier *v, const void *k) {
  TIRX_VEC_RESERVE(v->undo, v->capundo, v->nundo + 1);
  v->undo[v->nundo++] = k;
  txmap_puti(&v->live, k, txmap_geti(&v->live, k) + 1);
}

/* A binding of an immutable name (loop var, T.let, scope id, launch). */
static void define_var(Verifier *v, const Var *x, Loc loc) {
  if (is_live(v, x)) error_at(v, loc, "cannot assign to immutable name '%s'", var_name(x));
  define(v, x);
}

static void define_buffer(Verifier *v, const Buffer *b, Loc loc) {
  if (is_live(v, b)) error_at(v, loc, "buffer '%s' is declared twice", b->name);
  define(v, b);
}

static void report_undefined(Verifier *v, const void *k, const char *name, Loc loc) {
  if (txmap_has(&v->reported, k)) return;
  txmap_puti(&v->reported, k, 1);
  error_at(v, loc, "use of undefined name '%s'", name);
}

static void check_buffer_defined(Verifier *v, const Buffer *b, Loc loc) {
  if (b->declared_by_T_Buffer || is_live(v, b)) return;
  report_undefined(v, b, b->name, loc);
}

/* ---- expressions --------------------------------------------------------- */

static void check_expr(Verifier *v, const Expr *e);

static void check_exprs(Verifier *v, Expr *const *xs, int n) {
  for (int i = 0; i < n; i++)
    if (xs[i]) check_expr(v, xs[i]);
}

static void check_indices(Verifier *v, const Buffer *b, Expr *const *idx, int n, Loc loc) {
  check_buffer_defined(v, b, loc);
  if (n != b->ndim && !(b->ndim == 0 && n == 1))
    error_at(v, loc, "buffer '%s' has %d dimension%s but is indexed with %d", b->name, b->ndim,
             b->ndim == 1 ? "" : "s", n);
  char buf[32];
  for (int i = 0; i < n; i++) {
    check_expr(v, idx[i]);
    if (!tirx_dtype_is_int(idx[i]->dtype))
      error_at(v, idx[i]->loc.line ? idx[i]->loc : loc, "buffer index must be an integer, got %s",
               dt(idx[i]->dtype, buf));
  }
}

static void check_same_dtype(Verifier *v, const Expr *e, const Expr *a, const Expr *b) {
  if (tirx_dtype_eq(a->dtype, b->dtype)) return;
  /* a byte offset on a pointer: T.address_of(x) + T.uint64(32) */
  if ((e->kind == E_ADD || e->kind == E_SUB) && tirx_dtype_is_handle(a->dtype) &&
      tirx_dtype_is_int(b->dtype))
    return;
  char ba[32], bb[32];
  error_at(v, e->loc, "operands of %s have different dtypes: %s and %s",
           tirx_expr_kind_name((ExprKind)e->kind), dt(a->dtype, ba), dt(b->dtype, bb));
}

static void check_expr(Verifier *v, const Expr *e) {
  char buf[32];
  switch ((ExprKind)e->kind) {
  case E_INT:
  case E_FLOAT:
  case E_STR:
  case E_NONE:
  case E_DTYPE: return;
  case E_VAR: {
    const Var *x = e->u.var;
    if (x->kind == VAR_BUFDATA && x->buffer) check_buffer_defined(v, x->buffer, e->loc);
    else if (!is_live(v, x)) report_undefined(v, x, var_name(x), e->loc);
    return;
  }
  case E_ADD:
  case E_SUB:
  case E_MUL:
  case E_DIV:
  case E_MOD:
  case E_FLOORDIV:
  case E_FLOORMOD:
  case E_MIN:
  case E_MAX:
  case E_EQ:
  case E_NE:
  case E_LT:
  case E_LE:
  case E_GT:
  case E_GE:
    check_expr(v, e->u.bin.a);
    check_expr(v, e->u.bin.b);
    check_same_dtype(v, e, e->u.bin.a, e->u.bin.b);
    return;
  case E_AND:
  case E_OR:
    check_expr(v, e->u.bin.a);
    check_expr(v, e->u.bin.b);
    if (!tirx_dtype_is_bool(e->u.bin.a->dtype) || !tirx_dtype_is_bool(e->u.bin.b->dtype))
      error_at(v, e->loc, "operands of %s must be bool", tirx_expr_kind_name((ExprKind)e->kind));
    return;
  case E_NOT:
    check_expr(v, e->u.un.a);
    if (!tirx_dtype_is_bool(e->u.un.a->dtype))
      error_at(v, e->loc, "operand of 'not' must be bool, got %s", dt(e->u.un.a->dtype, buf));
    return;
  case E_CAST: check_expr(v, e->u.un.a); return;
  case E_SELECT:
    check_expr(v, e->u.sel.c);
    check_expr(v, e->u.sel.t);
    check_expr(v, e->u.sel.f);
    if (!tirx_dtype_is_bool(e->u.sel.c->dtype))
      error_at(v, e->loc, "T.Select condition must be bool, got %s", dt(e->u.sel.c->dtype, buf));
    check_same_dtype(v, e, e->u.sel.t, e->u.sel.f);
    return;
  case E_LOAD:
    check_indices(v, e->u.load.buf, e->u.load.idx, e->u.load.n, e->loc);
    if (e->u.load.pred) check_expr(v, e->u.load.pred);
    return;
  case E_RAMP:
    check_expr(v, e->u.ramp.base);
    check_expr(v, e->u.ramp.stride);
    return;
  case E_BCAST: check_expr(v, e->u.bcast.value); return;
  case E_CALL:
  case E_LAYOUT:
    check_exprs(v, e->u.call.args, e->u.call.n);
    for (int i = 0; i < e->u.call.nkw; i++)
      if (e->u.call.kw[i].value) check_expr(v, e->u.call.kw[i].value);
    return;
  case E_LET:
    check_expr(v, e->u.let.value);
    push_frame(v);
    define_var(v, e->u.let.var, e->loc);
    check_expr(v, e->u.let.body);
    pop_frame(v);
    return;
  case E_REGION:
    check_indices(v, e->u.region.buf, e->u.region.min, e->u.region.n, e->loc);
    check_exprs(v, e->u.region.ext, e->u.region.n);
    return;
  case E_TUPLE:
  case E_LIST: check_exprs(v, e->u.list.items, e->u.list.n); return;
  case E_DICT:
    check_exprs(v, e->u.dict.keys, e->u.dict.n);
    check_exprs(v, e->u.dict.vals, e->u.dict.n);
    return;
  case E_BUFREF: check_buffer_defined(v, e->u.bufref, e->loc); return;
  case E_COUNT: return;
  }
}

static void check_opt(Verifier *v, const Expr *e) {
  if (e) check_expr(v, e);
}

/* Shape, strides, offset and aliased pointer of a declared buffer. */
static void check_buffer_decl(Verifier *v, const Buffer *b) {
  check_exprs(v, b->shape, b->ndim);
  check_exprs(v, b->strides, b->nstrides);
  check_opt(v, b->elem_offset);
  check_opt(v, b->decl_data);
  check_opt(v, b->allocated_addr);
}

static void check_cond(Verifier *v, const Expr *c, const char *what) {
  check_expr(v, c);
  char buf[32];
  if (!tirx_dtype_is_bool(c->dtype) || c->dtype.lanes != 1)
    error_at(v, c->loc, "%s must be bool, got %s", what, dt(c->dtype, buf));
}

/* A while condition is any scalar, as TVM's While (`while 1:`: an int32 is true when
 * nonzero, as in C); an if / assert condition is a bool. */
static void check_while_cond(Verifier *v, const Expr *c) {
  check_expr(v, c);
  char buf[32];
  if (c->dtype.lanes != 1)
    error_at(v, c->loc, "while condition must be a scalar, got %s", dt(c->dtype, buf));
}

/* ---- scope ids (tirx_intrinsics.md §1.2) --------------------------------- */

/* Sets ext[a][b] = x; false (and an error) when a different constant is
 * already known. */
static bool sid_set(Verifier *v, int a, int b, int64_t x, Loc loc, bool direct) {
  int64_t *cur = &v->ext[a][b];
  if (*cur > 0 && x > 0 && *cur != x) {
    if (direct)
      error_at(
          v, loc,
          "inconsistent scope id extents: %s -> %s is %lld here, but %lld from the other scope ids",
          level_names[a], level_names[b], (long long)x, (long long)*cur);
    else
      error_at(v, loc, "inconsistent scope id extents: the scope ids give %s -> %s = %lld and %lld",
               level_names[a], level_names[b], (long long)*cur, (long long)x);
    return false;
  }
  if (*cur == 0 || (*cur < 0 && x > 0)) *cur = x;
  return true;
}

/* Compose (a->b, b->c give a->c) and complement (a->c with a->b or b->c
 * gives the third, by exact division) until nothing changes. */
static bool sid_close(Verifier *v, Loc loc) {
  for (bool changed = true; changed;) {
    changed = false;
    for (int a = 0; a < L_COUNT; a++)
      for (int b = a + 1; b < L_COUNT; b++)
        for (int c = b + 1; c < L_COUNT; c++) {
          int64_t ab = v->ext[a][b], bc = v->ext[b][c], ac = v->ext[a][c];
          int64_t before[3] = {ab, bc, ac};
          int64_t abc = -1;
          if (ab > 0 && bc > 0 && __builtin_mul_overflow(ab, bc, &abc)) {
            error_at(v, loc, "scope id extents overflow: %s -> %s = %lld x %lld", level_names[a],
                     level_names[c], (long long)ab, (long long)bc);
            return false;
          }
          if (ab && bc && !sid_set(v, a, c, abc, loc, false)) return false;
          ac = v->ext[a][c];
          if (ac > 0 && ab > 0) {
            if (ac % ab) {
              error_at(v, loc,
                       "inconsistent scope id extents: %s -> %s = %lld is not divisible by %s -> "
                       "%s = %lld",
                       level_names[a], level_names[c], (long long)ac, level_names[a],
                       level_names[b], (long long)ab);
              return false;
            }
            if (!sid_set(v, b, c, ac / ab, loc, false)) return false;
          }
          bc = v->ext[b][c];
          if (ac > 0 && bc > 0) {
            if (ac % bc) {
              error_at(v, loc,
                       "inconsistent scope id extents: %s -> %s = %lld is not divisible by %s -> "
                       "%s = %lld",
                       level_names[a], level_names[c], (long long)ac, level_names[b],
                       level_names[c], (long long)bc);
              return false;
            }
            if (!sid_set(v, a, b, ac / bc, loc, false)) return false;
          }
          if (before[0] != v->ext[a][b] || before[1] != v->ext[b][c] || before[2] != v->ext[a][c])
            changed = true;
        }
  }
  return true;
}

static void check_scope_id(Verifier *v, const Stmt *s) {
  ScopeIdKind k = s->u.scopeid.sid;
  const char *name = tirx_scope_id_name(k);
  if (!v->in_device) error_at(v, s->loc, "T.%s is only valid after T.device_entry()", name);
  int n = s->u.scopeid.next;
  check_exprs(v, s->u.scopeid.extents, n);
  check_exprs(v, s->u.scopeid.preferred, s->u.scopeid.npref);
  if (n > sid_info[k].dims)
    error_at(v, s->loc, "T.%s takes at most %d extent%s, got %d", name, sid_info[k].dims,
             sid_info[k].dims == 1 ? "" : "s", n);
  if (n && s->u.scopeid.nvars != n)
    error_at(v, s->loc, "T.%s defines %d variable%s for %d extent%s", name, s->u.scopeid.nvars,
             s->u.scopeid.nvars == 1 ? "" : "s", n, n == 1 ? "" : "s");
  for (int i = 0; i < n; i++)
    if (!tirx_dtype_is_int(s->u.scopeid.extents[i]->dtype)) {
      char buf[32];
      error_at(v, s->u.scopeid.extents[i]->loc, "scope id extent must be an integer, got %s",
               dt(s->u.scopeid.extents[i]->dtype, buf));
    }
  v->any_scope_id = true;
  int a = level_of(sid_info[k].parent), b = level_of(sid_info[k].child);
  if (a < 0 || b < 0 || n == 0 || v->sid_error) return;
  int64_t total = 1;
  for (int i = 0; i < n && total > 0; i++) {
    int64_t x;
    if (tirx_expr_is_const_int(s->u.scopeid.extents[i], &x) && x > 0) {
      if (__builtin_mul_overflow(total, x, &total)) {
        error_at(v, s->loc, "the product of the scope id extents overflows 64 bits");
        v->sid_error = true;
        return;
      }
    } else {
      total = -1;
    }
  }
  if (!sid_set(v, a, b, total, s->loc, true) || !sid_close(v, s->loc)) v->sid_error = true;
}

/* ---- statements ---------------------------------------------------------- */

static void check_block(Verifier *v, const Stmt *s);

static bool is_device_entry(const Stmt *s) {
  return s->kind == S_ATTR && !s->u.attr.node && tirx_attr_is(s->u.attr.key, ATTR_DEVICE_ENTRY);
}

static void check_device_entry(Verifier *v, const Stmt *s) {
  if (++v->device_entries > 1)
    error_at(v, s->loc, "only one T.device_entry() is allowed per kernel");
  if (v->in_device) {
    check_block(v, s->u.attr.body);
    return;
  }
  v->in_device = true;
  check_block(v, s->u.attr.body);
  v->in_device = false;
  /* A missing thread extent is a lowering error (lower-tirx reports it), not
   * a malformed program: TVM prints and re-parses such functions. */
}

static void check_store(Verifier *v, const Stmt *s) {
  const Buffer *b = s->u.store.buf;
  check_indices(v, b, s->u.store.idx, s->u.store.n, s->loc);
  check_expr(v, s->u.store.value);
  check_opt(v, s->u.store.pred);
  DType t = s->u.store.value->dtype;
  if (t.id != b->dtype.id || t.lanes % b->dtype.lanes) {
    char bt[32], bb[32];
    error_at(v, s->u.store.value->loc.line ? s->u.store.value->loc : s->loc,
             "cannot store a %s value into buffer '%s' of dtype %s", dt(t, bt), b->name,
             dt(b->dtype, bb));
  }
}

static void check_stmt(Verifier *v, const Stmt *s) {
  Loc saved = v->ctx;
  if (s->loc.line) v->ctx = s->loc;
  switch ((StmtKind)s->kind) {
  case S_SEQ:
    for (int i = 0; i < s->u.seq.n; i++)
      if (s->u.seq.items[i]) check_stmt(v, s->u.seq.items[i]);
    break;
  case S_EVAL: check_expr(v, s->u.eval.e); break;
  case S_STORE: check_store(v, s); break;
  case S_BIND: {
    check_expr(v, s->u.bind.value);
    const Var *x = s->u.bind.var;
    if (!tirx_dtype_eq(x->dtype, s->u.bind.value->dtype)) {
      char a[32], b[32];
      error_at(v, s->loc, "T.let binds a %s value to '%s' of type %s",
               dt(s->u.bind.value->dtype, a), var_name(x), dt(x->dtype, b));
    }
    define_var(v, x, s->loc);
    break;
  }
  case S_ALLOC:
  case S_DECL: {
    const Buffer *b = s->u.alloc.buf;
    check_buffer_decl(v, b);
    if (s->kind == S_ALLOC && tirx_scope_is(b->scope, MEM_SHARED_DYN) && ++v->dyn_allocs > 1)
      error_at(v, s->loc, "Only one dynamic shared memory allocation is allowed");
    define_buffer(v, b, s->loc);
    break;
  }
  case S_FOR: {
    check_expr(v, s->u.for_.min);
    check_expr(v, s->u.for_.extent);
    check_opt(v, s->u.for_.step);
    check_opt(v, s->u.for_.annotations);
    char buf[32];
    if (!tirx_dtype_is_int(s->u.for_.extent->dtype))
      error_at(v, s->u.for_.extent->loc, "loop extent must be an integer, got %s",
               dt(s->u.for_.extent->dtype, buf));
    push_frame(v);
    define_var(v, s->u.for_.var, s->loc);
    v->loop_depth++;
    check_block(v, s->u.for_.body);
    v->loop_depth--;
    pop_frame(v);
    break;
  }
  case S_WHILE:
    check_while_cond(v, s->u.while_.cond);
    v->loop_depth++;
    check_block(v, s->u.while_.body);
    v->loop_depth--;
    break;
  case S_IF:
    if (tirx_dtype_is_int(s->u.if_.cond->dtype) && s->u.if_.cond->dtype.lanes == 1)
      check_expr(v, s->u.if_.cond); /* an integer condition: nonzero (TVM's `if flag:`) */
    else check_cond(v, s->u.if_.cond, "if condition");
    check_block(v, s->u.if_.then_);
    if (s->u.if_.else_) check_block(v, s->u.if_.else_);
    break;
  case S_ATTR:
    check_opt(v, s->u.attr.node);
    check_opt(v, s->u.attr.value);
    if (is_device_entry(s)) check_device_entry(v, s);
    else check_block(v, s->u.attr.body);
    break;
  case S_HINT:
    check_opt(v, s->u.hint.message);
    for (int i = 0; i < s->u.hint.nkw; i++) check_opt(v, s->u.hint.kw[i].value);
    check_block(v, s->u.hint.body);
    break;
  case S_SCOPEID:
    check_scope_id(v, s);
    for (int i = 0; i < s->u.scopeid.nvars; i++) define_var(v, s->u.scopeid.vars[i], s->loc);
    break;
  case S_ASSERT:
    check_cond(v, s->u.assert_.cond, "assert condition");
    check_opt(v, s->u.assert_.kind);
    check_opt(v, s->u.assert_.parts);
    break;
  case S_RETURN: check_opt(v, s->u.ret.value); break;
  case S_BREAK:
    if (!v->loop_depth) error_at(v, s->loc, "'break' outside loop");
    break;
  case S_CONTINUE:
    if (!v->loop_depth) error_at(v, s->loc, "'continue' not properly in loop");
    break;
  case S_LAUNCH:
    check_expr(v, s->u.launch.extent);
    push_frame(v);
    define_var(v, s->u.launch.var, s->loc);
    check_block(v, s->u.launch.body);
    pop_frame(v);
    break;
  case S_COUNT: break;
  }
  v->ctx = saved;
}

/* A statement body: its flat definitions end with it. */
static void check_block(Verifier *v, const Stmt *s) {
  if (!s) return;
  push_frame(v);
  check_stmt(v, s);
  pop_frame(v);
}

/* ---- functions ----------------------------------------------------------- */

typedef struct {
  IRVisitor iv;
  Verifier *v;
} SigDefs;

/* Every var of a parameter buffer's shape is defined by the signature. */
static bool sig_def(IRVisitor *iv, Expr *e) {
  Verifier *v = ((SigDefs *)iv)->v;
  if (e->kind == E_VAR && e->u.var->kind == VAR_PLAIN && !is_live(v, e->u.var)) define(v, e->u.var);
  return true;
}

/* ---- nesting depth ----------------------------------------------------------------------
 * Every later walk (this verifier, the printer, the passes, codegen) recurses over the tree, so
 * IR deeper than these limits is refused first, by a walk with a heap stack.  The parser bounds
 * the source's nesting (TIRX_MAX_EXPR_NESTING); deeper IR can only come from parse-time
 * substitution (T.meta_var, macros), e.g. x1 = T.meta_var(x0 + a); x2 = ...  Shared subtrees
 * are walked again only when reached deeper than before, so a DAG costs linear time. */
#define TIRX_MAX_IR_EXPR_DEPTH 2000
#define TIRX_MAX_IR_STMT_DEPTH 2000

typedef struct {
  void *node;
  bool stmt;
  int edepth, sdepth;
  Loc root; /* where the outermost expression starts: the location reported */
} DepthItem;

typedef struct {
  DepthItem *v;
  int n, cap;
  TxPtrMap seen; /* Expr* -> deepest depth it was walked at */
} DepthWalk;

static void dw_push(DepthWalk *w, void *node, bool stmt, int edepth, int sdepth, Loc root) {
  if (!node) return;
  if (!stmt) {
    intptr_t prev = txmap_geti(&w->seen, node);
    if (prev >= edepth) return;
    txmap_puti(&w->seen, node, edepth);
  }
  TIRX_VEC_RESERVE(w->v, w->cap, w->n + 1);
  if (!stmt && edepth == 1) root = ((const Expr *)node)->loc;
  w->v[w->n++] = (DepthItem){node, stmt, edepth, sdepth, root};
}

/* Children are pushed through the generic child enumerator (expr.def /
 * stmt.def's children column), so this walk sees every field the others do:
 * expression children one level deeper, statement bodies one statement
 * level deeper, a SeqStmt's items at its own level. */
typedef struct {
  DepthWalk *w;
  int edepth, sdepth; /* of the node whose children are pushed */
  int body_sdepth;    /* of its child statements */
  Loc root;
} DwCtx;

static void dw_kid_expr(void *c, Expr *e) {
  DwCtx *x = c;
  dw_push(x->w, e, false, x->edepth + 1, x->sdepth, x->root);
}

static void dw_kid_stmt(void *c, Stmt *s) {
  DwCtx *x = c;
  dw_push(x->w, s, true, 0, x->body_sdepth, x->root);
}

static void dw_kid_decl(void *c, Buffer *b) { dw_kid_expr(c, b->decl_data); }

static const IRChildFns dw_fns = {dw_kid_expr, dw_kid_stmt, NULL, NULL, NULL, dw_kid_decl};

static void dw_expr_kids(DepthWalk *w, Expr *e, int d, int sd, Loc root) {
  DwCtx c = {w, d, sd, sd, root};
  tirx_expr_children(e, &dw_fns, &c);
}

/* A statement's expressions start at depth 1; its bodies nest one statement
 * level deeper, except a SeqStmt's items. */
static void dw_stmt_kids(DepthWalk *w, Stmt *s, int sd) {
  DwCtx c = {w, 0, sd, s->kind == S_SEQ ? sd : sd + 1, s->loc};
  tirx_stmt_children(s, &dw_fns, &c);
}

static bool check_depth(const PrimFunc *f, TirxDiag *d) {
  DepthWalk w = {0};
  bool ok = true;
  dw_push(&w, f->body, true, 0, 1, f->loc);
  while (w.n) {
    DepthItem it = w.v[--w.n];
    if (it.stmt) {
      Stmt *s = it.node;
      if (it.sdepth > TIRX_MAX_IR_STMT_DEPTH) {
        tirx_diag_add(d, DIAG_ERROR, s->loc.line, s->loc.col,
                      "statements nested too deeply (more than %d levels)", TIRX_MAX_IR_STMT_DEPTH);
        ok = false;
        break;
      }
      dw_stmt_kids(&w, s, it.sdepth);
    } else {
      Expr *e = it.node;
      if (it.edepth > TIRX_MAX_IR_EXPR_DEPTH) {
        tirx_diag_add(d, DIAG_ERROR, it.root.line, it.root.col,
                      "expression nested too deeply (more than %d levels after substituting "
                      "T.meta_var and macro arguments)",
                      TIRX_MAX_IR_EXPR_DEPTH);
        ok = false;
        break;
      }
      dw_expr_kids(&w, e, it.edepth, it.sdepth, it.root);
    }
  }
  free(w.v);
  txmap_free(&w.seen);
  return ok;
}

bool tirx_verify_func(const PrimFunc *f, TirxDiag *d) {
  if (!check_depth(f, d)) return false;
  Verifier v = {0};
  v.d = d;
  v.f = f;
  v.ok = true;
  v.in_device = f->is_device_kernel;
  push_frame(&v);
  for (int i = 0; i < f->nparams; i++) {
    const Param *pa = &f->params[i];
    if (is_live(&v, pa->var))
      error_at(&v, pa->var->loc, "duplicate parameter '%s'", var_name(pa->var));
    define(&v, pa->var);
  }
  SigDefs sd = {{0}, &v};
  sd.iv.expr = sig_def;
  for (int i = 0; i < f->nparams; i++) {
    const Buffer *b = f->params[i].buf;
    if (!b) continue;
    define(&v, b);
    for (int k = 0; k < b->ndim; k++) tirx_visit_expr(&sd.iv, b->shape[k]);
    for (int k = 0; k < b->nstrides; k++) tirx_visit_expr(&sd.iv, b->strides[k]);
    if (b->elem_offset) tirx_visit_expr(&sd.iv, b->elem_offset);
  }
  if (f->attrs) check_expr(&v, f->attrs);
  check_block(&v, f->body);
  pop_frame(&v);
  txmap_free(&v.live);
  txmap_free(&v.reported);
  free(v.undo);
  free(v.frames);
  return v.ok;
}

bool tirx_verify_module(Module *m, TirxDiag *d) {
  bool ok = true;
  for (int i = 0; i < m->nfuncs; i++)
    if (!tirx_verify_func(m->funcs[i], d)) ok = false;
  return ok;
}
