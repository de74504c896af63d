/* Printing expressions (grammar §4): literals, operators with Python's
 * precedence and TVM's parenthesisation, node constructors where re-parsing
 * an operator would fold or promote, buffer accesses, calls and layouts. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Print/printer.h"
#include "tirx/internal/intrin.h"
#include "Support/oom.h"

/* Python precedence, lowest first (python_doc_printer.cc). */
enum {
  P_LAMBDA = 1,
  P_IFELSE,
  P_OR,
  P_AND,
  P_NOT,
  P_CMP,
  P_BOR,
  P_BXOR,
  P_BAND,
  P_SHIFT,
  P_ADD,
  P_MUL,
  P_UNARY,
  P_POW,
  P_ATOM
};

/* ---- helpers ------------------------------------------------------------- */

static bool is_const(const Expr *e) { return e->kind == E_INT || e->kind == E_FLOAT; }

static bool const_is(const Expr *e, double v) {
  if (e->kind == E_INT) return (double)e->u.i.v == v;
  if (e->kind == E_FLOAT) return e->u.f.v == v;
  return false;
}

static bool is_cmp(ExprKind k) {
  return k == E_EQ || k == E_NE || k == E_LT || k == E_LE || k == E_GT || k == E_GE;
}

/* Whether TVM's operator (tvm::add, ...) would not rebuild this node from
 * its printed operands: constant folding (src/arith/const_fold.h) or type
 * promotion.  Such nodes print as constructors (`T.Add(a, 0)`). */
static bool index_type(DType t) { return t.lanes == 1 && (t.id == DT_INT32 || t.id == DT_INT64); }

/* TVM leaves arithmetic on two 16-bit float constants unfolded */
static bool unfolded_float(const Expr *e) {
  bool arith = e->kind == E_ADD || e->kind == E_SUB || e->kind == E_MUL || e->kind == E_DIV;
  return arith && e->u.bin.a->kind == E_FLOAT && tirx_dtype_bits(e->u.bin.a->dtype) < 32;
}

static bool refolds(const Printer *p, const Expr *e) {
  const Expr *a = e->u.bin.a, *b = e->u.bin.b;
  /* pointer ± bytes (T.address_of(x) + T.uint64(32)) re-parses as written */
  if ((e->kind == E_ADD || e->kind == E_SUB) && tirx_dtype_is_handle(a->dtype) &&
      tirx_dtype_is_int(b->dtype))
    return false;
  if (!tirx_dtype_eq(a->dtype, b->dtype)) return true;
  if (is_const(a) && is_const(b)) return !unfolded_float(e);
  switch ((ExprKind)e->kind) {
  case E_ADD: return const_is(a, 0) || const_is(b, 0);
  case E_SUB: return const_is(b, 0);
  case E_MUL: return const_is(a, 0) || const_is(b, 0) || const_is(a, 1) || const_is(b, 1);
  case E_FLOORMOD:
    /* TVM folds `x % 1` and `0 % x` only for index types (int32/int64) */
    if (p->tvm_style && !index_type(a->dtype)) return false;
    return const_is(a, 0) || const_is(b, 1);
  case E_DIV:
  case E_FLOORDIV:
  case E_MOD: return const_is(a, 0) || const_is(b, 1);
  case E_AND:
  case E_OR: return is_const(a) || is_const(b);
  default: return false;
  }
}

static const char *op_text(ExprKind k) { return tirx_expr_op_text(k); }

/* Binary nodes that print as a Python operator (others are calls). */
static bool op_form(const Printer *p, const Expr *e) {
  switch ((ExprKind)e->kind) {
  case E_ADD:
  case E_SUB:
  case E_MUL:
  case E_FLOORDIV:
  case E_FLOORMOD:
  case E_EQ:
  case E_NE:
  case E_LT:
  case E_LE:
  case E_GT:
  case E_GE:
  case E_AND:
  case E_OR: return !refolds(p, e);
  case E_DIV: return tirx_dtype_is_float(e->dtype) && !refolds(p, e);
  default: return false;
  }
}

static bool layout_is(const Expr *e, const char *name) {
  return e->kind == E_LAYOUT && e->u.call.name && strcmp(e->u.call.name, name) == 0;
}

/* TVM's style prints the bitwise and shift calls as Python operators
 * (`a & b`, `a << b`, `~a`); a constant operand of `~` keeps the node
 * constructor `T.BitwiseNot(3)`, like `T.Not`.  Returns the operator's
 * precedence (0: not an operator here) and its text. */
static int bit_op(const Printer *p, const Expr *e, const char **text) {
  if (!p->tvm_style || e->kind != E_CALL || e->u.call.name || e->u.call.nkw) return 0;
  int n = e->u.call.n;
  switch (e->u.call.op->id) {
  case I_BITWISE_AND: *text = " & "; return n == 2 ? P_BAND : 0;
  case I_BITWISE_OR: *text = " | "; return n == 2 ? P_BOR : 0;
  case I_BITWISE_XOR: *text = " ^ "; return n == 2 ? P_BXOR : 0;
  case I_SHIFT_LEFT: *text = " << "; return n == 2 ? P_SHIFT : 0;
  case I_SHIFT_RIGHT: *text = " >> "; return n == 2 ? P_SHIFT : 0;
  case I_BITWISE_NOT: /* TVM folds `~c` only for index types: T.BitwiseNot(3) */
    *text = "~";
    return n == 1 && !(is_const(e->u.call.args[0]) && index_type(e->u.call.args[0]->dtype))
               ? P_UNARY
               : 0;
  default: return 0;
  }
}

static int prec(const Printer *p, const Expr *e) {
  const char *text;
  switch ((ExprKind)e->kind) {
  case E_CALL: {
    int b = bit_op(p, e, &text);
    return b ? b : P_ATOM;
  }
  case E_ADD:
  case E_SUB: return op_form(p, e) ? P_ADD : P_ATOM;
  case E_MUL:
  case E_DIV:
  case E_FLOORDIV:
  case E_FLOORMOD: return op_form(p, e) ? P_MUL : P_ATOM;
  case E_EQ:
  case E_NE:
  case E_LT:
  case E_LE:
  case E_GT:
  case E_GE: return op_form(p, e) ? P_CMP : P_ATOM;
  case E_AND: return op_form(p, e) ? P_AND : P_ATOM;
  case E_OR: return op_form(p, e) ? P_OR : P_ATOM;
  case E_NOT: return P_NOT;
  case E_LAYOUT:
    if (layout_is(e, "@")) return P_MUL;
    if (layout_is(e, "+")) return P_ADD;
    return P_ATOM;
  default: return P_ATOM;
  }
}

/* A child of an operator: parenthesised when it binds looser than the
 * parent (or equally, on the right); a comparison under a comparison is
 * always parenthesised, so that Python does not chain them. */
static void child(Printer *p, const Expr *e, int parent, bool right, bool parent_cmp) {
  int c = prec(p, e);
  bool paren = c < parent || (right && c == parent) || (parent_cmp && c == P_CMP);
  if (paren) prbuf_puts(p->out, "(");
  pr_expr(p, e);
  if (paren) prbuf_puts(p->out, ")");
}

static void args(Printer *p, Expr *const *xs, int n) {
  for (int i = 0; i < n; i++) {
    if (i) prbuf_puts(p->out, ", ");
    pr_expr(p, xs[i]);
  }
}

void pr_expr_list(Printer *p, Expr *const *xs, int n) { args(p, xs, n); }

void pr_shape_tuple(Printer *p, Expr *const *xs, int n) {
  prbuf_puts(p->out, "(");
  args(p, xs, n);
  prbuf_puts(p->out, n == 1 ? ",)" : ")");
}

void pr_dtype_str(Printer *p, DType t) {
  char buf[32];
  prbuf_printf(p->out, "\"%s\"", tirx_dtype_str(t, buf));
}

static void call1(Printer *p, const char *callee, const Expr *a) {
  prbuf_printf(p->out, "%s(", callee);
  pr_expr(p, a);
  prbuf_puts(p->out, ")");
}

static void call2(Printer *p, const char *callee, const Expr *a, const Expr *b) {
  prbuf_printf(p->out, "%s(", callee);
  pr_expr(p, a);
  prbuf_puts(p->out, ", ");
  pr_expr(p, b);
  prbuf_puts(p->out, ")");
}

/* ---- literals ------------------------------------------------------------ */

static void int_text(Printer *p, DType t, int64_t v) {
  if (tirx_dtype_code(t) == DTC_UINT) {
    uint64_t u = (uint64_t)v;
    int bits = tirx_dtype_bits(t);
    if (bits < 64) u &= (1ull << bits) - 1;
    strbuf_put_decimal(p->out, u, 0);
  } else {
    strbuf_put_decimal(p->out, v < 0 ? 0 - (uint64_t)v : (uint64_t)v, v < 0);
  }
}

static void print_int_as(Printer *p, const Expr *e, bool typed) {
  DType t = e->dtype;
  char buf[32];
  if (tirx_dtype_is_bool(t)) {
    const char *b = e->u.i.v ? "True" : "False";
    if (e->u.i.pod && !typed) prbuf_puts(p->out, b);
    else prbuf_printf(p->out, "T.bool(%s)", b);
    return;
  }
  bool bare = !typed && (e->u.i.pod || (t.id == DT_INT32 && t.lanes == 1));
  if (!bare) prbuf_printf(p->out, "T.%s(", tirx_dtype_str(t, buf));
  int_text(p, t, e->u.i.v);
  if (!bare) prbuf_puts(p->out, ")");
}

static void print_int(Printer *p, const Expr *e) { print_int_as(p, e, false); }

void pr_cond(Printer *p, const Expr *e) {
  if (e->kind == E_INT) print_int_as(p, e, true);
  else pr_expr(p, e);
}

/* Integral → one decimal ("2.0", "-0.0"); otherwise %.17g; inf/nan quoted. */
static void float_text(Printer *p, double v, bool quote_special) {
  const char *q = quote_special ? "\"" : "";
  if (isnan(v)) prbuf_printf(p->out, "%snan%s", q, q);
  else if (isinf(v)) prbuf_printf(p->out, "%s%sinf%s", q, v < 0 ? "-" : "", q);
  else if (v == floor(v)) prbuf_printf(p->out, "%.1f", v);
  else prbuf_printf(p->out, "%.17g", v);
}

static void print_float(Printer *p, const Expr *e) {
  char buf[32];
  if (e->u.f.pod) {
    float_text(p, e->u.f.v, false);
    return;
  }
  prbuf_printf(p->out, "T.%s(", tirx_dtype_str(e->dtype, buf));
  float_text(p, e->u.f.v, true);
  prbuf_puts(p->out, ")");
}

/* ---- variables and buffers ----------------------------------------------- */

void pr_buf_ref(Printer *p, const Buffer *b) {
  prbuf_puts(p->out, pr_buf_name(p, b));
  if (pr_is_scalar_buf(p, b)) prbuf_puts(p->out, p->tvm_style ? ".source" : ".buffer");
}

static void print_var(Printer *p, const Var *v) {
  if (v->kind == VAR_BUFDATA && v->buffer) {
    pr_buf_ref(p, v->buffer);
    prbuf_puts(p->out, ".data");
    return;
  }
  const Buffer *pb = txmap_get(&p->handle_buf, v);
  if (pb && !pr_lookup(p, v)) {
    pr_buf_ref(p, pb);
    prbuf_puts(p->out, ".data");
    return;
  }
  prbuf_puts(p->out, pr_var_name(p, v));
}

void pr_var_type(Printer *p, const Var *v, bool call) {
  char buf[32];
  if (v->is_tensormap) {
    prbuf_puts(p->out, "T.TensorMap()");
  } else if (tirx_dtype_is_handle(v->dtype)) {
    const char *scope = v->ptr_scope ? v->ptr_scope : "";
    if (v->ptr_typed) {
      prbuf_printf(p->out, "T.handle(\"%s\"", tirx_dtype_str(v->ptr_elem, buf));
      if (*scope) prbuf_printf(p->out, ", \"%s\"", scope);
      prbuf_puts(p->out, ")");
    } else if (*scope && !tirx_scope_is(scope, MEM_GLOBAL)) {
      prbuf_printf(p->out, "T.handle(storage_scope=\"%s\")", scope);
    } else {
      prbuf_puts(p->out, call ? "T.handle()" : "T.handle");
    }
  } else {
    prbuf_printf(p->out, "T.%s%s", tirx_dtype_str(v->dtype, buf), call ? "()" : "");
  }
}

/* `a + b` with TVM's folding: constants add up, a zero side vanishes. */
void pr_sum(Printer *p, const Expr *a, const Expr *b) {
  if (a->kind == E_INT && b->kind == E_INT && tirx_dtype_eq(a->dtype, b->dtype)) {
    Expr s = *a;
    s.u.i.v = (int64_t)((uint64_t)a->u.i.v + (uint64_t)b->u.i.v);
    s.u.i.pod = false;
    print_int(p, &s);
  } else if (const_is(a, 0) && a->kind == E_INT) {
    pr_expr(p, b);
  } else if (const_is(b, 0) && b->kind == E_INT) {
    pr_expr(p, a);
  } else {
    child(p, a, P_ADD, false, false);
    prbuf_puts(p->out, " + ");
    child(p, b, P_ADD, true, false);
  }
}

/* Whether v fits the integer dtype t (the slice end of print_index). */
static bool int_fits(DType t, int64_t v) {
  int bits = tirx_dtype_bits(t);
  if (bits >= 64) return tirx_dtype_code(t) != DTC_UINT || v >= 0;
  if (tirx_dtype_code(t) == DTC_UINT) return v >= 0 && v < ((int64_t)1 << bits);
  return v >= -((int64_t)1 << (bits - 1)) && v < ((int64_t)1 << (bits - 1));
}

/* A load/store index: a ramp with a constant positive stride prints as a
 * slice `base:base + lanes*stride[:stride]`, unless that end is outside the index dtype
 * (a base near INT64_MAX): the slice would print a wrapped end, so the ramp is
 * printed as the T.Ramp it is. */
static void print_index(Printer *p, const Expr *ix) {
  int64_t s, span, b0, end;
  if (ix->kind != E_RAMP || !tirx_expr_is_const_int(ix->u.ramp.stride, &s) || s <= 0 ||
      __builtin_mul_overflow(s, (int64_t)ix->u.ramp.lanes, &span) ||
      !int_fits(ix->u.ramp.base->dtype, span) ||
      (ix->u.ramp.base->kind == E_INT && tirx_expr_is_const_int(ix->u.ramp.base, &b0) &&
       (__builtin_add_overflow(b0, span, &end) || !int_fits(ix->u.ramp.base->dtype, end)))) {
    pr_expr(p, ix);
    return;
  }
  const Expr *base = ix->u.ramp.base;
  Expr k = *ix->u.ramp.stride;
  k.u.i.v = span;
  k.u.i.pod = false;
  k.dtype = base->dtype;
  pr_expr(p, base);
  prbuf_puts(p->out, ":");
  pr_sum(p, base, &k);
  if (s != 1) {
    prbuf_puts(p->out, ":");
    pr_expr(p, ix->u.ramp.stride);
  }
}

static void print_indices(Printer *p, Expr *const *idx, int n) {
  if (n == 0) {
    prbuf_puts(p->out, "()");
    return;
  }
  for (int i = 0; i < n; i++) {
    if (i) prbuf_puts(p->out, ", ");
    print_index(p, idx[i]);
  }
}

/* The dtype a plain access of `b` at `idx` has: element lanes times the
 * lanes of vector indices. */
static DType access_dtype(const Buffer *b, Expr *const *idx, int n) {
  DType t = b->dtype;
  for (int i = 0; i < n; i++)
    if (idx[i]->dtype.lanes > 1) t.lanes = (uint16_t)(t.lanes * idx[i]->dtype.lanes);
  return t;
}

bool pr_scalar_access(const Printer *p, const Buffer *b, Expr *const *idx, int n, const Expr *pred,
                      DType t) {
  /* TVM's printer shows every access of a one-element buffer as its name,
   * whatever the index (it prints x for x[n] too: checked with the TVM
   * oracle); tirx's style keeps a non-zero index (x.buffer[n]) */
  int64_t v;
  return pr_is_scalar_buf(p, b) && n == 1 &&
         (p->tvm_style || (tirx_expr_is_const_int(idx[0], &v) && v == 0)) && !pred &&
         tirx_dtype_eq(t, b->dtype);
}

void pr_access(Printer *p, const Buffer *b, Expr *const *idx, int n) {
  pr_buf_ref(p, b);
  prbuf_puts(p->out, "[");
  print_indices(p, idx, n);
  prbuf_puts(p->out, "]");
}

static void print_load(Printer *p, const Expr *e) {
  const Buffer *b = e->u.load.buf;
  Expr *const *idx = e->u.load.idx;
  int n = e->u.load.n;
  if (pr_scalar_access(p, b, idx, n, e->u.load.pred, e->dtype)) {
    prbuf_puts(p->out, pr_buf_name(p, b));
    return;
  }
  bool odd_dtype = !tirx_dtype_eq(e->dtype, access_dtype(b, idx, n));
  if (!e->u.load.pred && !odd_dtype) {
    pr_access(p, b, idx, n);
    return;
  }
  pr_buf_ref(p, b);
  prbuf_puts(p->out, ".vload([");
  args(p, idx, n);
  prbuf_puts(p->out, "]");
  if (odd_dtype) {
    prbuf_puts(p->out, ", dtype=");
    pr_dtype_str(p, e->dtype);
  }
  if (e->u.load.pred) {
    prbuf_puts(p->out, ", predicate=");
    pr_expr(p, e->u.load.pred);
  }
  prbuf_puts(p->out, ")");
}

/* A[m0:m0 + e0, m1, ...]: unit extents print as a bare index. */
/* A region prints its extent-1 dimensions as plain indices, as TVM does
 * (S[0:2, 0]).  When every dimension has extent 1 that text is an element
 * access, which parses back as a load: tirx's style then keeps the last
 * dimension a slice (S[1, 0:1], x.buffer[0:1]) so that the print parses back
 * to the same region; TVM's style prints TVM's text (S[1, 0]), which tirx's
 * parser also reads as a region where a tile primitive wants one. */
static void print_region(Printer *p, const Expr *e) {
  int64_t v;
  int keep = -1; /* the dimension printed as a slice although its extent is 1 */
  if (!p->tvm_style && e->u.region.n > 0) {
    keep = e->u.region.n - 1;
    for (int i = 0; i < e->u.region.n; i++)
      if (!tirx_expr_is_const_int(e->u.region.ext[i], &v) || v != 1) keep = -1;
  }
  pr_buf_ref(p, e->u.region.buf);
  prbuf_puts(p->out, "[");
  for (int i = 0; i < e->u.region.n; i++) {
    if (i) prbuf_puts(p->out, ", ");
    const Expr *mn = e->u.region.min[i], *ext = e->u.region.ext[i];
    if (i != keep && tirx_expr_is_const_int(ext, &v) && v == 1) {
      pr_expr(p, mn);
      continue;
    }
    pr_expr(p, mn);
    prbuf_puts(p->out, ":");
    pr_sum(p, mn, ext);
  }
  if (e->u.region.n == 0) prbuf_puts(p->out, "()");
  prbuf_puts(p->out, "]");
}

void pr_buffer_kwargs(Printer *p, const Buffer *b, unsigned flags, void *sig) {
#define PR_KW_EXPR(x) (sig ? pr_sig_expr(p, (x), sig) : pr_expr(p, (x)))
  int64_t v;
  if ((flags & PR_KW_DATA) && b->decl_data) {
    prbuf_puts(p->out, ", data=");
    pr_expr(p, b->decl_data);
  }
  if (b->nstrides) {
    prbuf_puts(p->out, ", strides=(");
    for (int i = 0; i < b->nstrides; i++) {
      if (i) prbuf_puts(p->out, ", ");
      PR_KW_EXPR(b->strides[i]);
    }
    prbuf_puts(p->out, b->nstrides == 1 ? ",)" : ")");
  }
  if (b->elem_offset && !(tirx_expr_is_const_int(b->elem_offset, &v) && v == 0)) {
    prbuf_puts(p->out, ", elem_offset=");
    PR_KW_EXPR(b->elem_offset);
  }
  if ((flags & PR_KW_SCOPE) && b->scope && *b->scope && !tirx_scope_is(b->scope, MEM_GLOBAL)) {
    prbuf_puts(p->out, ", scope=");
    prbuf_pystr(p->out, b->scope, strlen(b->scope));
  }
  if (b->align > 0 && b->align != 64) prbuf_printf(p->out, ", align=%d", b->align);
  if (b->offset_factor > 1) prbuf_printf(p->out, ", offset_factor=%d", b->offset_factor);
  if (b->layout) {
    prbuf_puts(p->out, ", layout=");
    pr_expr(p, b->layout);
  }
  if (b->allocated_addr) {
    prbuf_puts(p->out, ", allocated_addr=");
    pr_expr(p, b->allocated_addr);
  }
  if (b->annotations && !(b->annotations->kind == E_DICT && b->annotations->u.dict.n == 0)) {
    prbuf_puts(p->out, ", annotations=");
    pr_expr(p, b->annotations);
  }
#undef PR_KW_EXPR
}

/* ---- calls --------------------------------------------------------------- */

static void kwargs(Printer *p, const KwArg *kw, int n, bool *first) {
  for (int i = 0; i < n; i++) {
    prbuf_printf(p->out, "%s%s=", *first ? "" : ", ", kw[i].name);
    pr_expr(p, kw[i].value);
    *first = false;
  }
}

static void print_call(Printer *p, const Expr *e);

/* A call of a function the module does not define (an extern device function, linked
 * later) has no dtype of its own when parsed: its context types it (`foo(n) * T.uint32(1)`
 * makes a uint32 call; a store, a typed let or a binary operation gives it back the same
 * dtype on re-parse).  As the operand of T.Cast it would take the cast's dtype instead, so
 * there (once simplification dropped the context that typed it) the printer spells the
 * dtype, `T.Cast("int32", T.uint32(foo(n)))`, which re-parses as the same typed call. */
static bool extern_call_needs_dtype(const Printer *p, const Expr *e) {
  if (!p->m || e->kind != E_CALL || !e->u.call.name || e->u.call.op->id != I_CALL_FUNC ||
      e->dtype.id == DT_VOID)
    return false;
  for (int i = 0; i < p->m->nfuncs; i++)
    if (p->m->funcs[i]->name && strcmp(p->m->funcs[i]->name, e->u.call.name) == 0) return false;
  return true;
}

static void print_cast_operand(Printer *p, const Expr *e) {
  if (!extern_call_needs_dtype(p, e)) {
    pr_expr(p, e);
    return;
  }
  char buf[32];
  prbuf_printf(p->out, "T.%s(", tirx_dtype_str(e->dtype, buf));
  print_call(p, e);
  prbuf_puts(p->out, ")");
}

/* T.name(args, kw=v), with the result dtype where the op needs it
 * (RET_DTYPE0 first, RET_DTYPE1 second, RET_DTYPE_KW as a keyword). */
static void print_call(Printer *p, const Expr *e) {
  const Intrin *op = e->u.call.op;
  Expr *const *xs = e->u.call.args;
  int n = e->u.call.n;
  if (op->id == I_PTX_INSTR) {
    pr_ptx_call(p, e);
    return;
  }
  if (op->id == I_PTX_ADDR) {
    prbuf_puts(p->out, "T.ptx.addr");
  } else if (e->u.call.name) {
    prbuf_puts(p->out, e->u.call.name);
  } else if (op->id == I_BUFFER_DATA && n == 1 && xs[0]->kind == E_BUFREF) {
    pr_buf_ref(p, xs[0]->u.bufref);
    prbuf_puts(p->out, ".data");
    return;
  } else if (strncmp(op->name, "ptx.", 4) == 0) {
    prbuf_puts(p->out, "T.ptx[");
    prbuf_pystr(p->out, op->name + 4, strlen(op->name + 4));
    prbuf_puts(p->out, "]");
  } else {
    prbuf_printf(p->out, "T.%s", op->name);
  }
  prbuf_puts(p->out, "(");
  bool first = true;
  IntrinRet ret = e->u.call.name ? RET_SPECIAL : op->ret;
  if (ret == RET_DTYPE0) {
    const PtrType *pt = e->u.call.ptr_ty;
    if (pt && pt->typed) {
      char b[32];
      prbuf_printf(p->out, "T.handle(\"%s\", ", tirx_dtype_str(pt->elem, b));
      prbuf_pystr(p->out, pt->scope, strlen(pt->scope));
      prbuf_puts(p->out, ").ty");
    } else if (p->tvm_style && tirx_dtype_is_handle(e->dtype)) {
      prbuf_puts(p->out, "T.handle().ty");
    } else {
      pr_dtype_str(p, e->dtype);
    }
    first = false;
  }
  for (int i = 0; i < n; i++) {
    if (!first) prbuf_puts(p->out, ", ");
    if (p->tvm_style && tirx_str_arg_is_meta(xs[i])) {
      /* TVM's printer keeps a string argument with a newline in the
       * metadata (keyword values such as source_code= print in full) */
      prbuf_printf(p->out, "metadata[\"ir.StringImm\"][%d]", p->meta_strs++);
    } else {
      pr_expr(p, xs[i]);
    }
    first = false;
    if (i == 0 && ret == RET_DTYPE1) {
      prbuf_puts(p->out, ", ");
      pr_dtype_str(p, e->dtype);
    }
  }
  kwargs(p, e->u.call.kw, e->u.call.nkw, &first);
  if (ret == RET_DTYPE_KW && e->dtype.id != DT_VOID) {
    prbuf_printf(p->out, "%s%s=", first ? "" : ", ",
                 op->id == I_CUDA_FUNC_CALL ? "return_type" : "dtype");
    pr_dtype_str(p, e->dtype);
  }
  prbuf_puts(p->out, ")");
}

/* Layout call trees (grammar §4.9): T.S[exts:strides], T.R[...],
 * `x @ Axis.name`, sums of terms, and plain calls T.TileLayout(...). */
static void print_layout(Printer *p, const Expr *e) {
  const char *name = e->u.call.name ? e->u.call.name : "T.TileLayout";
  Expr *const *xs = e->u.call.args;
  int n = e->u.call.n;
  if ((strcmp(name, "T.S") == 0 || strcmp(name, "T.R") == 0) && n >= 1) {
    prbuf_printf(p->out, "%s[", name);
    for (int i = 0; i < n; i++) {
      if (i) prbuf_puts(p->out, ":");
      pr_expr(p, xs[i]);
    }
    prbuf_puts(p->out, "]");
  } else if (strcmp(name, "@") == 0 && n == 2) {
    child(p, xs[0], P_MUL, false, false);
    prbuf_puts(p->out, " @ Axis.");
    if (xs[1]->kind == E_STR) prbuf_put(p->out, xs[1]->u.s.p, xs[1]->u.s.len);
    else pr_expr(p, xs[1]);
  } else if (strcmp(name, "+") == 0) {
    for (int i = 0; i < n; i++) {
      if (i) prbuf_puts(p->out, " + ");
      bool paren = prec(p, xs[i]) <= P_ADD;
      if (paren) prbuf_puts(p->out, "(");
      pr_expr(p, xs[i]);
      if (paren) prbuf_puts(p->out, ")");
    }
  } else {
    prbuf_printf(p->out, "%s(", name);
    args(p, xs, n);
    bool first = n == 0;
    kwargs(p, e->u.call.kw, e->u.call.nkw, &first);
    prbuf_puts(p->out, ")");
  }
}

/* ---- containers ---------------------------------------------------------- */

static int str_cmp(const Expr *a, const Expr *b) {
  size_t n = a->u.s.len < b->u.s.len ? a->u.s.len : b->u.s.len;
  int c = memcmp(a->u.s.p, b->u.s.p, n);
  if (c) return c;
  return a->u.s.len < b->u.s.len ? -1 : a->u.s.len > b->u.s.len;
}

/* {"k": v, ...}: string keys sorted byte-wise (TVM's Map printer); other
 * keys keep their order. */
static void print_dict(Printer *p, const Expr *e) {
  int n = e->u.dict.n;
  int *order = tirx_xmalloc(sizeof *order * (size_t)(n ? n : 1));
  bool all_str = true;
  for (int i = 0; i < n; i++) {
    order[i] = i;
    if (e->u.dict.keys[i]->kind != E_STR) all_str = false;
  }
  if (all_str) /* insertion sort: dicts are small */
    for (int i = 1; i < n; i++)
      for (int j = i; j > 0 && str_cmp(e->u.dict.keys[order[j - 1]], e->u.dict.keys[order[j]]) > 0;
           j--) {
        int t = order[j];
        order[j] = order[j - 1];
        order[j - 1] = t;
      }
  prbuf_puts(p->out, "{");
  for (int i = 0; i < n; i++) {
    if (i) prbuf_puts(p->out, ", ");
    pr_expr(p, e->u.dict.keys[order[i]]);
    prbuf_puts(p->out, ": ");
    pr_expr(p, e->u.dict.vals[order[i]]);
  }
  prbuf_puts(p->out, "}");
  free(order);
}

/* T.Let(body, where={v: value}); v is declared among the function's free
 * variables (v = T.int32()), as TVM's printer does. */
static void print_let(Printer *p, const Expr *e) {
  Expr v;
  memset(&v, 0, sizeof v);
  v.kind = E_VAR;
  v.dtype = e->u.let.var->dtype;
  v.u.var = e->u.let.var;
  prbuf_puts(p->out, "T.Let(");
  pr_expr(p, e->u.let.body);
  prbuf_puts(p->out, ", where={");
  pr_expr(p, &v);
  prbuf_puts(p->out, ": ");
  pr_expr(p, e->u.let.value);
  prbuf_puts(p->out, "})");
}

/* ---- the expression printer ---------------------------------------------- */

void pr_expr(Printer *p, const Expr *e) {
  char buf[32];
  if (!e) {
    prbuf_puts(p->out, "None");
    return;
  }
  switch ((ExprKind)e->kind) {
  case E_INT: print_int(p, e); return;
  case E_FLOAT: print_float(p, e); return;
  case E_STR: prbuf_pystr(p->out, e->u.s.p, e->u.s.len); return;
  case E_NONE: prbuf_puts(p->out, "None"); return;
  case E_VAR: print_var(p, e->u.var); return;
  case E_ADD:
  case E_SUB:
  case E_MUL:
  case E_DIV:
  case E_FLOORDIV:
  case E_FLOORMOD:
  case E_EQ:
  case E_NE:
  case E_LT:
  case E_LE:
  case E_GT:
  case E_GE:
  case E_AND:
  case E_OR: {
    if (!op_form(p, e)) { /* T.Add(a, b), T.Div(a, b), T.EQ(a, b) ... */
      snprintf(buf, sizeof buf, "T.%s", tirx_expr_kind_name(e->kind));
      call2(p, buf, e->u.bin.a, e->u.bin.b);
      return;
    }
    int pr = prec(p, e);
    bool cmp = is_cmp(e->kind);
    child(p, e->u.bin.a, pr, false, cmp);
    prbuf_puts(p->out, op_text(e->kind));
    child(p, e->u.bin.b, pr, true, cmp);
    return;
  }
  case E_MOD: call2(p, "T.truncmod", e->u.bin.a, e->u.bin.b); return;
  case E_MIN: call2(p, refolds(p, e) ? "T.Min" : "T.min", e->u.bin.a, e->u.bin.b); return;
  case E_MAX: call2(p, refolds(p, e) ? "T.Max" : "T.max", e->u.bin.a, e->u.bin.b); return;
  case E_NOT: /* `not` does not fold a traced constant: TVM prints `not T.bool(True)` */
    prbuf_puts(p->out, "not ");
    child(p, e->u.un.a, P_NOT, false, false);
    return;
  case E_CAST:
    prbuf_puts(p->out, "T.Cast(");
    pr_dtype_str(p, e->dtype);
    prbuf_puts(p->out, ", ");
    print_cast_operand(p, e->u.un.a);
    prbuf_puts(p->out, ")");
    return;
  case E_SELECT:
    prbuf_puts(p->out, "T.Select(");
    pr_expr(p, e->u.sel.c);
    prbuf_puts(p->out, ", ");
    pr_expr(p, e->u.sel.t);
    prbuf_puts(p->out, ", ");
    pr_expr(p, e->u.sel.f);
    prbuf_puts(p->out, ")");
    return;
  case E_LOAD: print_load(p, e); return;
  case E_RAMP:
    prbuf_puts(p->out, "T.Ramp(");
    pr_expr(p, e->u.ramp.base);
    prbuf_puts(p->out, ", ");
    pr_expr(p, e->u.ramp.stride);
    prbuf_printf(p->out, ", %d)", e->u.ramp.lanes);
    return;
  case E_BCAST:
    prbuf_puts(p->out, "T.Broadcast(");
    pr_expr(p, e->u.bcast.value);
    prbuf_printf(p->out, ", %d)", e->u.bcast.lanes);
    return;
  case E_CALL: {
    const char *text;
    int bp = bit_op(p, e, &text);
    if (bp == P_UNARY) {
      prbuf_puts(p->out, text);
      child(p, e->u.call.args[0], P_UNARY, false, false);
    } else if (bp) {
      child(p, e->u.call.args[0], bp, false, false);
      prbuf_puts(p->out, text);
      child(p, e->u.call.args[1], bp, true, false);
    } else if (e->u.call.op->id == I_METADATA && e->u.call.n == 2 &&
               e->u.call.args[0]->kind == E_STR) {
      prbuf_puts(p->out, "metadata[");
      pr_expr(p, e->u.call.args[0]);
      prbuf_puts(p->out, "][");
      pr_expr(p, e->u.call.args[1]);
      prbuf_puts(p->out, "]");
    } else if (p->tvm_style && e->u.call.op->id == I_BITWISE_NOT && !e->u.call.name) {
      call1(p, "T.BitwiseNot", e->u.call.args[0]);
    } else {
      print_call(p, e);
    }
    return;
  }
  case E_LET: print_let(p, e); return;
  case E_REGION: print_region(p, e); return;
  case E_TUPLE: pr_shape_tuple(p, e->u.list.items, e->u.list.n); return;
  case E_LIST:
    prbuf_puts(p->out, "[");
    args(p, e->u.list.items, e->u.list.n);
    prbuf_puts(p->out, "]");
    return;
  case E_DICT: print_dict(p, e); return;
  case E_BUFREF: pr_buf_ref(p, e->u.bufref); return;
  case E_DTYPE: prbuf_printf(p->out, "T.%s", tirx_dtype_str(e->dtype, buf)); return;
  case E_LAYOUT: print_layout(p, e); return;
  case E_COUNT: break;
  }
}

/* ---- queries ------------------------------------------------------------- */

typedef struct {
  IRVisitor v;
  PrVarFn fn;
  void *ctx;
  const Var *var;
  const Buffer *buf;
  bool found;
} Finder;

static bool visit_vars(IRVisitor *v, Expr *e) {
  Finder *f = (Finder *)v;
  if (e->kind == E_VAR) f->fn(f->ctx, e->u.var);
  return true;
}

void pr_expr_vars(const Expr *e, PrVarFn fn, void *ctx) {
  Finder f = {{0}, fn, ctx, NULL, NULL, false};
  f.v.expr = visit_vars;
  tirx_visit_expr_ro(&f.v, e);
}

static bool visit_find(IRVisitor *v, Expr *e) {
  Finder *f = (Finder *)v;
  if (f->found) return false;
  if (f->var && e->kind == E_VAR && e->u.var == f->var) f->found = true;
  if (f->buf) {
    if ((e->kind == E_LOAD && e->u.load.buf == f->buf) ||
        (e->kind == E_REGION && e->u.region.buf == f->buf) ||
        (e->kind == E_BUFREF && e->u.bufref == f->buf) ||
        (e->kind == E_VAR && e->u.var->kind == VAR_BUFDATA && e->u.var->buffer == f->buf))
      f->found = true;
  }
  return !f->found;
}

bool pr_expr_uses_var(const Expr *e, const Var *v) {
  Finder f = {{0}, NULL, NULL, v, NULL, false};
  f.v.expr = visit_find;
  tirx_visit_expr_ro(&f.v, e);
  return f.found;
}

bool pr_expr_reads_buf(const Expr *e, const Buffer *b) {
  Finder f = {{0}, NULL, NULL, NULL, b, false};
  f.v.expr = visit_find;
  tirx_visit_expr_ro(&f.v, e);
  return f.found;
}

bool pr_call_is_operator(const Printer *p, const Expr *e) {
  const char *text;
  return bit_op(p, e, &text) != 0;
}
