/* tirx-ir-selftest: IR the parser never builds but passes do (free vars,
 * body-level T.Buffer aliases, node-less attribute chains, T.Let, regions,
 * layouts with axes, lowered kernels, broken IR), printed with
 * tirx_print_func and checked with tirx_verify_func.  Each case prints a
 * "== name" line, then the text or the rendered diagnostics ("ok" when the
 * verifier accepts).  Checked by test/Print/ir-selftest.test and
 * test/Verify/ir-selftest.test. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tirx/internal/intrin.h"
#include "tirx/internal/ir.h"
#include "tirx/plan.h"
#include "tirx/internal/print.h"
#include "tirx/internal/verify.h"

#define I32 tirx_dtype(DT_INT32)
#define F32 tirx_dtype(DT_FLOAT32)
#define BOOL tirx_dtype(DT_BOOL)

static Module *M;

static Loc at(int line) { return (Loc){(uint32_t)line, 1}; }

static Expr *ci(int64_t v) { return tirx_i32(M, v); }
static Expr *cf(double v) { return tirx_float(M, F32, v, at(0)); }
static Expr *var(Var *v) { return tirx_varref(M, v, at(0)); }
static Expr *bin(ExprKind k, Expr *a, Expr *b) { return tirx_binary(M, k, a, b, at(0)); }
static Expr *str(const char *s) { return tirx_str(M, s, strlen(s), at(0)); }

static Expr **list(int n, ...) {
  Expr **xs = TIRX_NEWN(M, Expr *, n ? n : 1);
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; i++) xs[i] = va_arg(ap, Expr *);
  va_end(ap);
  return xs;
}

static Stmt *seq(int n, ...) {
  Stmt **xs = TIRX_NEWN(M, Stmt *, n);
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; i++) xs[i] = va_arg(ap, Stmt *);
  va_end(ap);
  return tirx_seq(M, xs, n, at(0));
}

static Buffer *buf1(const char *name, DType t, int64_t n, const char *scope) {
  Buffer *b = tirx_buffer_new(M, name, t, 1, at(0));
  b->shape[0] = ci(n);
  b->scope = tirx_intern0(M, scope);
  return b;
}

static Expr *load(Buffer *b, Expr *i, int line) { return tirx_load(M, b, list(1, i), 1, at(line)); }

static Stmt *store(Buffer *b, Expr *i, Expr *v, int line) {
  Stmt *s = tirx_stmt_new(M, S_STORE, at(line));
  s->u.store.buf = b;
  s->u.store.idx = list(1, i);
  s->u.store.n = 1;
  s->u.store.value = v;
  return s;
}

static Stmt *alloc(StmtKind k, Buffer *b, int line) {
  Stmt *s = tirx_stmt_new(M, k, at(line));
  s->u.alloc.buf = b;
  return s;
}

static Stmt *loop(Var *v, int64_t n, Stmt *body, int line) {
  Stmt *s = tirx_stmt_new(M, S_FOR, at(line));
  s->u.for_.var = v;
  s->u.for_.min = ci(0);
  s->u.for_.extent = ci(n);
  s->u.for_.body = body;
  return s;
}

static Stmt *eval(Expr *e, int line) {
  Stmt *s = tirx_stmt_new(M, S_EVAL, at(line));
  s->u.eval.e = e;
  return s;
}

static Stmt *attr(const char *key, Expr *value, Stmt *body, int line) {
  Stmt *s = tirx_stmt_new(M, S_ATTR, at(line));
  s->u.attr.key = tirx_intern0(M, key);
  s->u.attr.value = value;
  s->u.attr.body = body;
  return s;
}

static Stmt *device_entry(Stmt *body, int line) {
  return attr("tirx.device_entry", tirx_int(M, BOOL, 1, at(0)), body, line);
}

static Stmt *scope_id(ScopeIdKind k, Var *v, int64_t ext, int line) {
  Stmt *s = tirx_stmt_new(M, S_SCOPEID, at(line));
  s->u.scopeid.sid = k;
  s->u.scopeid.vars = TIRX_NEWN(M, Var *, 1);
  s->u.scopeid.vars[0] = v;
  s->u.scopeid.nvars = 1;
  s->u.scopeid.extents = list(1, ci(ext));
  s->u.scopeid.next = 1;
  s->u.scopeid.dtype = I32;
  return s;
}

static Expr *layout(const char *name, int n, ...) {
  Expr *e = tirx_expr_new(M, E_LAYOUT, tirx_dtype(DT_VOID), at(0));
  e->u.call.op = tirx_intrin(I_TILE_LAYOUT);
  e->u.call.name = tirx_intern0(M, name);
  e->u.call.args = TIRX_NEWN(M, Expr *, n);
  e->u.call.n = n;
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; i++) e->u.call.args[i] = va_arg(ap, Expr *);
  va_end(ap);
  return e;
}

static Expr *tuple(ExprKind k, int n, Expr **xs) {
  Expr *e = tirx_expr_new(M, k, tirx_dtype(DT_VOID), at(0));
  e->u.list.items = xs;
  e->u.list.n = n;
  return e;
}

static PrimFunc *func(const char *name, int nparams) {
  PrimFunc *f = tirx_func_new(M, name, at(1));
  f->params = TIRX_NEWN(M, Param, nparams ? nparams : 1);
  f->nparams = nparams;
  tirx_module_add_func(M, f);
  return f;
}

static Buffer *buffer_param(PrimFunc *f, int i, const char *name, int64_t n) {
  Buffer *b = buf1(name, F32, n, "global");
  f->params[i].var = tirx_var_new(M, name, tirx_dtype(DT_HANDLE), at(1));
  f->params[i].buf = b;
  return b;
}

static void show(const char *name, PrimFunc *f, bool print, bool verify) {
  printf("== %s\n", name);
  if (print) {
    char *s = tirx_print_func(f);
    const char *body = strstr(s, "\n\n"); /* skip the header comments */
    printf("%s\n", body ? body + 2 : s);
    free(s);
  }
  if (verify) {
    TirxDiag d;
    tirx_diag_init(&d, "ir", NULL, 0);
    if (tirx_verify_func(f, &d)) {
      printf("ok\n");
    } else {
      char *r = tirx_diag_render(&d);
      fputs(r, stdout);
      free(r);
    }
    tirx_diag_free(&d);
  }
}

/* ---- printer cases ------------------------------------------------------- */

static void free_names(void) {
  PrimFunc *f = func("free_names", 1);
  Buffer *A = buffer_param(f, 0, "A", 16);
  Var *k = tirx_var_new(M, "k", I32, at(0));
  Var *p = tirx_var_ptr(M, "p", F32, "shared", at(0));
  Buffer *X = buf1("X", tirx_dtype(DT_UINT8), 16, "shared.dyn");
  X->declared_by_T_Buffer = true;
  Var *i = tirx_var_new(M, "i", I32, at(0));
  Expr *addr = tirx_call(M, tirx_intrin(I_ADDRESS_OF), tirx_dtype(DT_HANDLE), list(1, var(p)), 1, at(0));
  f->body = seq(2, store(A, var(k), cf(0), 0),
                loop(i, 4, seq(3, eval(addr, 0), store(X, var(i), tirx_int(M, tirx_dtype(DT_UINT8), 1, at(0)), 0),
                               store(A, var(i), tirx_cast(M, F32, load(X, var(i), 0), at(0)), 0)),
                     0));
  show("free-names", f, true, true);
}

static void attr_forms(void) {
  PrimFunc *f = func("attr_forms", 1);
  Buffer *A = buffer_param(f, 0, "A", 16);
  Stmt *chain = attr("a", ci(1), attr("b", ci(2), attr("c", str("x"), store(A, ci(0), cf(1), 0), 0), 0), 0);
  Stmt *inner = seq(2, chain, store(A, ci(1), cf(2), 0));
  Stmt *de = device_entry(seq(2, inner, store(A, ci(2), cf(3), 0)), 0);
  f->body = seq(2, de, store(A, ci(3), cf(4), 0));
  show("attr-forms", f, true, false);
}

static void exprs(void) {
  PrimFunc *f = func("exprs", 3);
  Buffer *A = buf1("A", F32, 64, "global");
  A->ndim = 2;
  A->shape = list(2, ci(8), ci(8));
  f->params[0].var = tirx_var_new(M, "A", tirx_dtype(DT_HANDLE), at(1));
  f->params[0].buf = A;
  Var *a = tirx_var_new(M, "a", I32, at(1));
  f->params[1].var = a;
  Buffer *O = buffer_param(f, 2, "O", 64);
  Var *x = tirx_var_new(M, "x", I32, at(0));
  Expr *let = tirx_expr_new(M, E_LET, I32, at(0));
  let->u.let.var = x;
  let->u.let.value = bin(E_MUL, var(a), ci(2));
  let->u.let.body = bin(E_ADD, var(x), ci(1));
  /* T.cta.copy(O[0:8], A[0:8, a]) with a generic callee name */
  Expr *r1 = tirx_expr_new(M, E_REGION, tirx_dtype(DT_VOID), at(0));
  r1->u.region.buf = O;
  r1->u.region.min = list(1, ci(0));
  r1->u.region.ext = list(1, ci(8));
  r1->u.region.n = 1;
  Expr *r2 = tirx_expr_new(M, E_REGION, tirx_dtype(DT_VOID), at(0));
  r2->u.region.buf = A;
  r2->u.region.min = list(2, ci(0), var(a));
  r2->u.region.ext = list(2, ci(8), ci(1));
  r2->u.region.n = 2;
  Expr *copy = tirx_call(M, tirx_intrin(I_PRINT_BUFFER), tirx_dtype(DT_VOID), list(2, r1, r2), 2, at(0));
  copy->u.call.name = tirx_intern0(M, "T.cta.copy");
  /* vector load with an explicit dtype, stored with vstore */
  Expr *vl = load(O, bin(E_MUL, var(a), ci(4)), 0);
  vl->dtype = tirx_dtype_vec(DT_FLOAT32, 4);
  Stmt *vs = store(O, ci(0), vl, 0);
  Expr *bufref = tirx_expr_new(M, E_BUFREF, tirx_dtype(DT_VOID), at(0));
  bufref->u.bufref = O;
  Expr *tl = tirx_call(M, tirx_intrin(I_PRINT_BUFFER), tirx_dtype(DT_VOID), list(1, bufref), 1, at(0));
  tl->u.call.name = tirx_intern0(M, "T.tile.zero");
  f->body = seq(4, eval(let, 0), eval(copy, 0), vs, eval(tl, 0));
  show("exprs", f, true, true);
}

static void layouts(void) {
  PrimFunc *f = func("layouts", 0);
  Buffer *X = buf1("X", tirx_dtype(DT_FLOAT16), 8, "local");
  Expr *lane = str("laneid"), *warp = str("warpid");
  Expr *s = layout("T.S", 2, ci(8), layout("@", 2, ci(4), lane));
  Expr *r = layout("T.R", 2, ci(4), layout("@", 2, ci(1), lane));
  X->layout = layout("T.TileLayout", 1, layout("+", 2, s, r));
  Buffer *Y = buf1("Y", tirx_dtype(DT_FLOAT16), 8, "local");
  Expr *off = layout("+", 3, layout("@", 2, ci(1), lane), ci(64), layout("@", 2, ci(2), warp));
  Y->layout = layout("T.TileLayout", 1, layout("+", 2, s, off));
  Buffer *R = buf1("R", F32, 32, "local");
  R->ndim = 2;
  R->shape = list(2, ci(32), ci(8));
  R->layout = layout("T.TileLayout", 1,
                     layout("T.S", 2, tuple(E_TUPLE, 2, list(2, ci(32), ci(8))),
                            tuple(E_TUPLE, 2, list(2, layout("@", 2, ci(1), lane), ci(1)))));
  f->body = seq(3, alloc(S_ALLOC, X, 0), alloc(S_ALLOC, Y, 0), alloc(S_ALLOC, R, 0));
  show("layouts", f, true, false);
}

static void names(void) {
  PrimFunc *f = func("names", 0);
  Var *dot = tirx_var_new(M, "blockIdx.x", I32, at(0));
  Var *empty = tirx_var_new(M, "", I32, at(0));
  Var *kw = tirx_var_new(M, "in", I32, at(0));
  Var *digit = tirx_var_new(M, "3d", I32, at(0));
  Buffer *nb = buf1("", F32, 4, "local");
  Stmt *b1 = tirx_stmt_new(M, S_BIND, at(0));
  b1->u.bind.var = dot;
  b1->u.bind.value = ci(1);
  Stmt *b2 = tirx_stmt_new(M, S_BIND, at(0));
  b2->u.bind.var = empty;
  b2->u.bind.value = var(dot);
  Stmt *b3 = tirx_stmt_new(M, S_BIND, at(0));
  b3->u.bind.var = kw;
  b3->u.bind.value = var(empty);
  Stmt *b4 = tirx_stmt_new(M, S_BIND, at(0));
  b4->u.bind.var = digit;
  b4->u.bind.value = var(kw);
  f->body = seq(6, b1, b2, b3, b4, alloc(S_ALLOC, nb, 0), store(nb, var(digit), cf(0), 0));
  show("names", f, true, true);
}

static void scalar_mismatch(void) {
  PrimFunc *f = func("scalar_mismatch", 1);
  Var *h = tirx_var_new(M, "h", tirx_dtype(DT_FLOAT16), at(1));
  f->params[0].var = h;
  Buffer *x = buf1("x", F32, 1, "local");
  /* x[0] = h: no implicit cast, so the scalar sugar does not apply */
  f->body = seq(3, alloc(S_ALLOC, x, 0), store(x, ci(0), var(h), 0),
                eval(tirx_cast(M, tirx_dtype(DT_FLOAT16), load(x, ci(0), 0), at(0)), 0));
  show("scalar-mismatch", f, true, false);
}

/* A device kernel after split-host-device: pointer params, decl_buffer
 * over them, launches; with its launch plan as a comment. */
static void lowered(void) {
  PrimFunc *f = func("main_kernel", 2);
  Var *A = tirx_var_ptr(M, "A", F32, "global", at(1));
  Var *n = tirx_var_new(M, "n", I32, at(1));
  f->params[0].var = A;
  f->params[1].var = n;
  f->is_device_kernel = true;
  Buffer *Ab = tirx_buffer_new(M, "A", F32, 1, at(0));
  Ab->shape[0] = var(n);
  Ab->decl_data = var(A);
  Var *bx = tirx_var_new(M, "blockIdx.x", I32, at(0)), *tx = tirx_var_new(M, "threadIdx.x", I32, at(0));
  Expr *i = bin(E_ADD, bin(E_MUL, var(bx), ci(128)), var(tx));
  Stmt *body = seq(2, alloc(S_DECL, Ab, 0), store(Ab, i, cf(0), 0));
  Stmt *lt = tirx_stmt_new(M, S_LAUNCH, at(0));
  lt->u.launch.var = tx;
  lt->u.launch.tag = tirx_intern0(M, "threadIdx.x");
  lt->u.launch.extent = ci(128);
  lt->u.launch.body = body;
  Stmt *lb = tirx_stmt_new(M, S_LAUNCH, at(0));
  lb->u.launch.var = bx;
  lb->u.launch.tag = tirx_intern0(M, "blockIdx.x");
  lb->u.launch.extent = bin(E_FLOORDIV, bin(E_ADD, var(n), ci(127)), ci(128));
  lb->u.launch.body = lt;
  f->body = lb;
  /* its plan: main(A: float32[n]) launching main_kernel */
  static TirxExprOp sym_n[] = {{TIRX_EXPR_SYM, 0}};
  static TirxExprOp grid[] = {{TIRX_EXPR_SYM, 0}, {TIRX_EXPR_CONST, 127}, {TIRX_EXPR_ADD, 0},
                              {TIRX_EXPR_CONST, 128}, {TIRX_EXPR_FLOORDIV, 0}};
  static TirxExprOp block[] = {{TIRX_EXPR_CONST, 128}};
  static TirxPlanExpr shape = {1, sym_n};
  static TirxPlanParam params[1];
  static TirxPlanSymbol syms[1];
  static TirxPlanKernel kernels[1];
  static TirxPlan plan;
  params[0] = (TirxPlanParam){TIRX_PARAM_TENSOR, "A", NULL, {kDLFloat, 32, 1}, 1, &shape, 0, -1};
  syms[0] = (TirxPlanSymbol){"n", {kDLInt, 32, 1}};
  kernels[0].name = "main_kernel";
  kernels[0].launch[TIRX_LAUNCH_GRID][0] = (TirxPlanExpr){5, grid};
  kernels[0].launch[TIRX_LAUNCH_BLOCK][0] = (TirxPlanExpr){1, block};
  plan = (TirxPlan){"main", NULL, 1, params, 1, syms, 1, kernels, 0, NULL};
  f->plan = &plan;
  show("lowered", f, true, true);
}

/* Symbolic strides and offset in a parameter annotation are quoted too. */
static void sig_strides(void) {
  PrimFunc *f = func("sig_strides", 1);
  Buffer *A = buf1("A", F32, 4, "global");
  Var *s = tirx_var_new(M, "s", I32, at(0)), *o = tirx_var_new(M, "off", I32, at(0));
  A->ndim = 2;
  A->shape = list(2, ci(4), ci(4));
  A->strides = list(2, var(s), ci(1));
  A->nstrides = 2;
  A->elem_offset = var(o);
  f->params[0].var = tirx_var_new(M, "A", tirx_dtype(DT_HANDLE), at(1));
  f->params[0].buf = A;
  f->body = tirx_seq(M, NULL, 0, at(0));
  show("sig-strides", f, true, true);
}

/* ---- verifier cases ------------------------------------------------------ */

static void bad_scoping(void) {
  PrimFunc *f = func("bad_scoping", 1);
  Buffer *A = buffer_param(f, 0, "A", 16);
  Buffer *B = buf1("B", F32, 16, "global"); /* never declared */
  Buffer *L = buf1("L", F32, 4, "local");
  Var *i = tirx_var_new(M, "i", I32, at(0));
  Var *x = tirx_var_new(M, "x", I32, at(0));
  Expr *let = tirx_expr_new(M, E_LET, I32, at(0));
  let->u.let.var = x;
  let->u.let.value = ci(1);
  let->u.let.body = var(x);
  Stmt *iff = tirx_stmt_new(M, S_IF, at(5));
  iff->u.if_.cond = bin(E_LT, ci(0), ci(1));
  iff->u.if_.then_ = seq(2, alloc(S_ALLOC, L, 6), store(L, ci(0), cf(1), 7));
  Stmt *rebind = tirx_stmt_new(M, S_BIND, at(3));
  rebind->u.bind.var = i;
  rebind->u.bind.value = ci(0);
  f->body = seq(7, store(B, ci(0), cf(0), 2), loop(i, 4, seq(2, rebind, eval(let, 4)), 2), iff,
                store(A, ci(1), load(L, ci(0), 8), 8), store(A, var(i), cf(0), 9),
                store(A, tirx_varref(M, x, at(10)), cf(0), 10), tirx_stmt_new(M, S_BREAK, at(11)));
  show("bad-scoping", f, false, true);
}

static void bad_types(void) {
  PrimFunc *f = func("bad_types", 2);
  Buffer *A = buffer_param(f, 0, "A", 16);
  A->ndim = 2;
  A->shape = list(2, ci(4), ci(4));
  Var *h = tirx_var_new(M, "h", tirx_dtype(DT_FLOAT16), at(1));
  f->params[1].var = h;
  Expr *idx2 = ci(0);
  Stmt *s1 = tirx_stmt_new(M, S_STORE, at(2));
  s1->u.store.buf = A;
  s1->u.store.idx = list(2, ci(0), ci(0));
  s1->u.store.n = 2;
  s1->u.store.value = var(h); /* float16 into float32 */
  Stmt *s2 = store(A, idx2, cf(0), 3); /* one index into a 2-d buffer */
  Stmt *s3 = tirx_stmt_new(M, S_STORE, at(4));
  s3->u.store.buf = A;
  s3->u.store.idx = list(2, tirx_varref(M, h, at(4)), ci(0)); /* float index */
  s3->u.store.n = 2;
  s3->u.store.value = cf(0);
  Stmt *w = tirx_stmt_new(M, S_WHILE, at(5));
  w->u.while_.cond = ci(1); /* a vector condition (an int scalar is one, as in TVM) */
  w->u.while_.cond->dtype.lanes = 4;
  w->u.while_.body = tirx_stmt_new(M, S_BREAK, at(6));
  Stmt *vec = tirx_stmt_new(M, S_STORE, at(7));
  vec->u.store.buf = A;
  vec->u.store.idx = list(2, ci(0), tirx_expr_new(M, E_RAMP, tirx_dtype_vec(DT_INT32, 4), at(0)));
  vec->u.store.idx[1]->u.ramp.base = ci(0);
  vec->u.store.idx[1]->u.ramp.stride = ci(1);
  vec->u.store.idx[1]->u.ramp.lanes = 4;
  vec->u.store.n = 2;
  vec->u.store.value = tirx_expr_new(M, E_BCAST, tirx_dtype_vec(DT_FLOAT32, 4), at(0));
  vec->u.store.value->u.bcast.value = cf(1); /* a vector store: fine */
  vec->u.store.value->u.bcast.lanes = 4;
  f->body = seq(5, s1, s2, s3, w, vec);
  show("bad-types", f, false, true);
}

static void bad_device(void) {
  PrimFunc *f = func("bad_device", 1);
  Buffer *A = buffer_param(f, 0, "A", 16);
  Var *bx = tirx_var_new(M, "bx", I32, at(0)), *tx = tirx_var_new(M, "tx", I32, at(0));
  Stmt *early = scope_id(SID_CTA_ID, bx, 4, 2);
  Stmt *inner = device_entry(store(A, ci(0), cf(0), 5), 4);
  Stmt *de = device_entry(seq(2, scope_id(SID_THREAD_ID, tx, 16, 3), inner), 3);
  f->body = seq(2, early, de);
  show("bad-device", f, false, true);
}

/* attrs.def: every well-known key and scope tests equal to its own spelling
 * only, and scope spellings look up to their row. */
static void keys(void) {
  printf("== keys\n");
  int bad = 0;
  for (int k = 0; k < ATTR_COUNT; k++) {
    const char *n = tirx_attr_name((TirxAttrKey)k);
    Expr *s = tirx_str(M, n, strlen(n), (Loc){0, 0});
    if (!tirx_attr_is(tirx_intern0(M, n), (TirxAttrKey)k) || !tirx_attr_is_str(s, (TirxAttrKey)k)) bad++;
    for (int j = 0; j < ATTR_COUNT; j++)
      if (j != k && tirx_attr_is(n, (TirxAttrKey)j)) bad++;
  }
  for (int k = 0; k < MEM_COUNT; k++) {
    const char *n = tirx_scope_name((TirxScope)k);
    if (tirx_scope_lookup(n, strlen(n)) != (TirxScope)k || !tirx_scope_is(n, (TirxScope)k)) bad++;
  }
  if (tirx_scope_lookup("sharde", 6) != MEM_COUNT || tirx_attr_is(NULL, ATTR_DEVICE_ENTRY)) bad++;
  printf("%d keys, %d scopes, %d mismatches\n", (int)ATTR_COUNT, (int)MEM_COUNT, bad);
}

/* tirx_intern's pointer cache: a buffer interned again after its bytes changed, a
 * prefix of an interned string (its address, a shorter length), the same bytes at two
 * addresses: each gives the one interned copy of what it holds now */
static void interning(void) {
  printf("== interning\n");
  char buf[16];
  int bad = 0;
  for (int round = 0; round < 3; round++) {
    strcpy(buf, "alpha");
    const char *a = tirx_intern(M, buf, 5);
    strcpy(buf, "beta!");
    const char *b = tirx_intern(M, buf, 5);
    const char *b3 = tirx_intern(M, buf, 3);
    if (strcmp(a, "alpha") || strcmp(b, "beta!") || strcmp(b3, "bet") || a == b || b == b3) bad++;
    if (tirx_intern(M, a, 5) != a || tirx_intern(M, a, 3) != tirx_intern0(M, "alp")) bad++;
    if (tirx_intern0(M, "beta!") != b || tirx_intern(M, "alphabet", 5) != a) bad++;
  }
  printf("%d mismatches\n", bad);
}

int main(void) {
  M = tirx_module_new("ir", NULL, 0);
  free_names();
  attr_forms();
  exprs();
  layouts();
  names();
  scalar_mismatch();
  lowered();
  sig_strides();
  bad_scoping();
  bad_types();
  bad_device();
  keys();
  interning();
  tirx_module_free(M);
  return 0;
}
