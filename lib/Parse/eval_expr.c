/* Expression evaluation: Python-level arithmetic on parse-time values, and
 * IR construction with TVM's type promotion for everything else.
 *
 * Constant pairs fold (that is Python arithmetic, which TVM runs before any
 * IR exists), and so do the identities TVM's operators fold (x + 0, x * 1,
 * x * 0, x // 1, x % 1, 0 // x, ...: ir_identity); the explicit node forms
 * T.Add(x, 0), T.Mul(x, 1) that TVM prints for unfolded nodes stay as
 * written, so printed text re-parses to the same IR. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Parse/eval_core.h"
#include "Support/oom.h"
#include "Support/vec.h"

ValueAux *v_aux(Eval *ev, Value *v) {
  ValueAux *x = TIRX_NEW(ev->m, ValueAux);
  if (v->aux) *x = *v->aux;
  v->aux = x;
  return x;
}


_Static_assert(sizeof(void *) != 8 || sizeof(Value) == 64, "a Value is 64 bytes on 64-bit hosts");
Value ev_error(Eval *ev, Loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int before = ev->d->n;
  tirx_diag_vadd(ev->d, DIAG_ERROR, loc.line, loc.col, fmt, ap);
  va_end(ap);
  ev_core_hooks.module_tag(ev, before);
  ev->nerr++;
  return v_make(V_ERROR, loc);
}

/* ---- scopes --------------------------------------------------------------- */

void ev_push_scope(Eval *ev) { ev->depth++; }

void ev_pop_scope(Eval *ev) {
  uint32_t *locals = ev->locals;
  int n = ev->nbinds;
  while (n > 0 && ev->binds[n - 1].depth >= ev->depth) locals[ev->binds[--n].slot]--;
  ev->nbinds = n;
  if (ev->nbinds < ev->nglob) ev->glob_stray = true; /* never expected: globals are not popped */
  ev->depth--;
}

/* The latest module-level binding of name below index hi. */
static Binding *global_below(Eval *ev, const char *name, int hi) {
  if (!ev->glob_stray) {
    intptr_t k = txmap_geti(&ev->globix, name);
    return k > 0 && k - 1 < hi ? &ev->binds[k - 1] : NULL;
  }
  for (int j = hi - 1; j >= 0; j--)
    if (ev->binds[j].name == name && ev->binds[j].depth == 0) return &ev->binds[j];
  return NULL;
}

/* The function's own names (from py_floor up), else the module's.  The
 * module's globals (the first nglob bindings) are found through their index,
 * not scanned: module-level code sees them all. */
Binding *ev_lookup(Eval *ev, const char *name) {
  int lo = ev->py_floor < ev->nbinds ? ev->py_floor : ev->nbinds;
  if (!ev->glob_stray && lo < ev->nglob) lo = ev->nglob < ev->nbinds ? ev->nglob : ev->nbinds;
  /* no local has the name's counter: only a module binding can be it (above the
   * globals every binding is a local while none strayed) */
  if (!ev->glob_stray && !ev->locals[ev_local_slot(name)]) return global_below(ev, name, lo);
  for (int i = ev->nbinds - 1; i >= lo; i--)
    if (ev->binds[i].name == name) {
      Binding *b = &ev->binds[i];
      if (b->v.kind == V_GLOBALDECL && b->v.nshape == 1)
        continue;                    /* `nonlocal name`: the closure's view below */
      if (b->v.kind == V_GLOBALDECL) /* `global name`: the module's binding */
        return global_below(ev, name, i);
      return b;
    }
  return global_below(ev, name, lo);
}

/* A name whose counter is 1: one local has its hash (none strayed), so the binding at
 * the site's last index is the one ev_lookup finds when it is visible (at or above the
 * function's floor), has the name and is no global / nonlocal marker (those lead
 * elsewhere): ev_lookup_at tries it, and this keeps the index ev_lookup found. */
static Binding *lookup_sole_local(Eval *ev, Ast *a) {
  Binding *b = ev_lookup(ev, a->name);
  if (b && b >= ev->binds + ev_local_floor(ev) && b < ev->binds + ev->nbinds)
    a->site.local = (int)(b - ev->binds);
  return b;
}

/* A name's lookup that only a module binding (or none) can answer (no local has its
 * counter, none strayed) gives what it gave last at its site while the module made no
 * module binding since: the globals index of a module changes only when one is made
 * (ev_define at depth 0), and a binding made then may shadow, so any such one (in any
 * module) bumps the epoch. */
Binding *ev_lookup_at_slow(Eval *ev, Ast *a) {
  if (ev->glob_stray) return ev_lookup(ev, a->name);
  uint32_t locals = ev->locals[ev_local_slot(a->name)];
  if (locals) return locals == 1 ? lookup_sole_local(ev, a) : ev_lookup(ev, a->name);
  if (a->site.scope == ev->locals && a->site.epoch == ev->glob_epoch)
    return a->site.idx < 0 ? NULL : &ev->binds[a->site.idx];
  Binding *b = global_below(ev, a->name, ev->nbinds);
  a->site.scope = ev->locals;
  a->site.epoch = ev->glob_epoch;
  a->site.idx = b ? (int)(b - ev->binds) : -1;
  return b;
}

void ev_define(Eval *ev, const char *name, Value v, bool immutable, Loc loc) {
  (void)loc;
  TIRX_VEC_RESERVE(ev->binds, ev->capbinds, ev->nbinds + 1);
  if (ev->depth == 0) {
    ev->glob_epoch++;
    if (ev->nbinds == ev->nglob) txmap_puti(&ev->globix, name, ++ev->nglob);
    else ev->glob_stray = true;
  }
  Binding *b = &ev->binds[ev->nbinds++];
  if (v.kind == V_GLOBALDECL && ev->decl_hi < ev->nbinds) ev->decl_hi = ev->nbinds;
  if (ev->depth > 0) ev->locals[b->slot = (uint16_t)ev_local_slot(name)]++;
  b->name = name;
  b->v = v;
  b->depth = ev->depth;
  b->frame = ev->frame ? ev->frame->id : 0;
  b->immutable = immutable;
}

void ev_define_seen(Eval *ev, const Binding *src, int lo, int hi, int frame, Loc loc) {
  if (hi <= lo) return; /* a method of a module's class sees nothing of the class body */
  if (ev->depth == 0) { /* module code: ev_define keeps the globals' index */
    for (int i = lo; i < hi; i++) {
      const Binding *s = src ? &src[i] : &ev->binds[i];
      if (frame && (s->frame != frame || s->depth <= 0)) continue;
      ev_define(ev, s->name, s->v, false, loc);
      ev->binds[ev->nbinds - 1].frame = -1;
    }
    return;
  }
  TIRX_VEC_RESERVE(ev->binds, ev->capbinds, ev->nbinds + (hi - lo));
  const Binding *from = src ? src : ev->binds; /* read after the binds may have moved */
  Binding *dst = &ev->binds[ev->nbinds];
  for (int i = lo; i < hi; i++) {
    const Binding *s = &from[i];
    if (frame && (s->frame != frame || s->depth <= 0)) continue;
    dst->name = s->name;
    dst->v = s->v;
    dst->depth = ev->depth;
    dst->frame = -1;
    dst->immutable = false;
    ev->locals[dst->slot = (uint16_t)ev_local_slot(s->name)]++;
    dst++;
    if (s->v.kind == V_GLOBALDECL && ev->decl_hi < (int)(dst - ev->binds))
      ev->decl_hi = (int)(dst - ev->binds);
  }
  ev->nbinds = (int)(dst - ev->binds);
}

void ev_emit(Eval *ev, Stmt *s) {
  StmtVec *c = ev->cur;
  TIRX_VEC_RESERVE(c->v, c->cap, c->n + 1);
  c->v[c->n++] = s;
}

/* ---- conversions ---------------------------------------------------------- */

bool ev_is_number(const Value *v) {
  return v->kind == V_INT || v->kind == V_FLOAT || v->kind == V_BOOL;
}

static DType dt(DTypeId id) { return tirx_dtype(id); }

/* A region used as a value is a load (TVM's BufferRegion → PrimExpr): unit
 * extents become indices, constant extents ramps; symbolic ones cannot. */
static Expr *region_to_load(Eval *ev, Expr *r, const char *what) {
  Buffer *b = r->u.region.buf;
  Expr **idx = TIRX_NEWN(ev->m, Expr *, r->u.region.n + 1);
  for (int i = 0; i < r->u.region.n; i++) {
    int64_t ext;
    if (!tirx_expr_is_const_int(r->u.region.ext[i], &ext)) {
      ev_error(ev, r->loc, "region of '%s' with a symbolic extent used as %s", b->name, what);
      return NULL;
    }
    Expr *mn = r->u.region.min[i];
    if (ext == 1) {
      idx[i] = mn;
    } else if (ext < 1 || ext > 64) {
      ev_error(ev, r->loc, "region of '%s' with extent %lld used as %s", b->name, (long long)ext,
               what);
      return NULL;
    } else {
      Expr *rp =
          tirx_expr_new(ev->m, E_RAMP, tirx_dtype_vec((DTypeId)mn->dtype.id, (int)ext), r->loc);
      rp->u.ramp.base = mn;
      rp->u.ramp.stride = tirx_int(ev->m, tirx_dtype(mn->dtype.id), 1, r->loc);
      rp->u.ramp.lanes = (int)ext;
      idx[i] = rp;
    }
  }
  return tirx_load(ev->m, b, idx, r->u.region.n, r->loc);
}

Expr *ev_to_expr(Eval *ev, Value v, const char *what) {
  switch (v.kind) {
  case V_EXPR: return v.u.e->kind == E_REGION ? region_to_load(ev, v.u.e, what) : v.u.e;
  case V_INT:
    if (v.uint_big) return tirx_int(ev->m, dt(DT_UINT64), v.u.i, v.loc);
    if (v.u.i >= INT32_MIN && v.u.i <= INT32_MAX)
      return tirx_int(ev->m, dt(DT_INT32), v.u.i, v.loc);
    return tirx_int(ev->m, dt(DT_INT64), v.u.i, v.loc);
  case V_BOOL: return tirx_int(ev->m, dt(DT_BOOL), v.u.i != 0, v.loc);
  case V_FLOAT: return tirx_float(ev->m, dt(DT_FLOAT32), v.u.f, v.loc);
  case V_STR: return tirx_str(ev->m, v.u.s.p, v.u.s.len, v.loc);
  case V_SCALAR: {
    Expr **idx = TIRX_NEWN(ev->m, Expr *, 1);
    idx[0] = tirx_int(ev->m, dt(DT_INT32), 0, v.loc);
    return tirx_load(ev->m, v.u.buf, idx, 1, v.loc);
  }
  case V_ERROR: return NULL;
  case V_BUFFER: {
    /* A one-element buffer used as a value is its element, as TVM reads
     * `T.address_of(scale)` for scale: T.Buffer((1,), ...). */
    int64_t one;
    Buffer *b = v.u.buf;
    if (b->ndim == 1 && tirx_expr_is_const_int(b->shape[0], &one) && one == 1) {
      Expr **idx = TIRX_NEWN(ev->m, Expr *, 1);
      idx[0] = tirx_int(ev->m, dt(DT_INT32), 0, v.loc);
      return tirx_load(ev->m, b, idx, 1, v.loc);
    }
    ev_error(ev, v.loc, "buffer '%s' used as %s; index it (e.g. %s[i])", v.u.buf->name, what,
             v.u.buf->name);
    return NULL;
  }
  case V_NONE: {
    Expr *e = tirx_expr_new(ev->m, E_NONE, dt(DT_VOID), v.loc);
    return e;
  }
  case V_TUPLE:
  case V_LIST:
  case V_DICT:
  case V_DTYPE:
  case V_NS:
  case V_PTRTYPE:
  case V_LOCALVEC:
  case V_LETTYPE:
  case V_BUFTYPE:
  case V_SLICE:
  case V_FRAME:
  case V_LAMBDA:
  case V_FUNCREF:
  case V_POOL:
  case V_MACRO:
  case V_PYFUNC:
  case V_CLASS:
  case V_OBJECT:
  case V_BOUND:
  case V_DESCR:
  case V_MODULE:
  case V_BUILTIN:
  case V_METHOD:
  case V_UNRESOLVED:
  case V_GLOBALVAR:
  case V_GLOBALDECL:
  case V_LIBMOD:
  case V_INDEXER:
  case V_METADATA:
  case V_STMT: break;
  }
  ev_error(ev, v.loc, "expected %s, got a non-expression value", what);
  return NULL;
}

static bool is_const(const Expr *e) { return e->kind == E_INT || e->kind == E_FLOAT; }

/* Wraps an integer to the width and signedness of t (Python ints are exact;
 * IR constants are not). */
static int64_t wrap_int(DType t, int64_t v) {
  int bits = tirx_dtype_bits(t);
  if (tirx_dtype_is_bool(t)) return v != 0;
  if (bits >= 64) return v;
  uint64_t mask = (1ull << bits) - 1;
  uint64_t u = (uint64_t)v & mask;
  if (tirx_dtype_code(t) == DTC_INT && (u >> (bits - 1)) & 1) return (int64_t)(u | ~mask);
  return (int64_t)u;
}

Expr *ev_const_cast(Eval *ev, DType t, Expr *e, Loc loc) {
  if (!e) return NULL;
  if (tirx_dtype_eq(e->dtype, t)) return e;
  if (e->kind == E_CALL && e->u.call.op->id == I_CALL_FUNC && e->dtype.id == DT_VOID) {
    /* a call of a function this module does not define: its context types it */
    e->dtype = t;
    return e;
  }
  if (t.lanes > 1 && e->dtype.lanes == 1) {
    Expr *s = ev_const_cast(ev, tirx_dtype(t.id), e, loc);
    Expr *b = tirx_expr_new(ev->m, E_BCAST, t, loc);
    b->u.bcast.value = s;
    b->u.bcast.lanes = t.lanes;
    return b;
  }
  if (e->kind == E_INT && t.lanes == 1) {
    if (tirx_dtype_is_float(t)) return tirx_float(ev->m, t, (double)e->u.i.v, loc);
    if (tirx_dtype_is_int(t) || tirx_dtype_is_bool(t))
      return tirx_int(ev->m, t, wrap_int(t, e->u.i.v), loc);
  }
  if (e->kind == E_FLOAT && t.lanes == 1) {
    if (tirx_dtype_is_float(t)) return tirx_float(ev->m, t, e->u.f.v, loc);
    if (tirx_dtype_is_bool(t)) return tirx_int(ev->m, t, e->u.f.v != 0, loc);
    if (tirx_dtype_is_int(t) && isfinite(e->u.f.v) && fabs(e->u.f.v) < 9.2e18)
      return tirx_int(ev->m, t, wrap_int(t, (int64_t)e->u.f.v), loc);
  }
  return tirx_cast(ev->m, t, e, loc);
}

static Expr *literal_as(Eval *ev, Expr *lit, DType t) {
  if (lit->kind != E_INT || lit->dtype.id != DT_INT64 || t.lanes != 1 || tirx_dtype_bits(t) != 32 ||
      tirx_dtype_code(t) != DTC_UINT)
    return lit;
  if (lit->u.i.v < 0 || lit->u.i.v > (int64_t)UINT32_MAX) return lit;
  return tirx_int(ev->m, t, lit->u.i.v, lit->loc);
}

/* TVM's PromoteBinaryOpType: float beats int; wider beats narrower; unsigned
 * beats signed at equal width; bool adopts the other side. */
static bool promote(Eval *ev, Expr **pa, Expr **pb, Loc loc) {
  Expr *a = *pa, *b = *pb;
  DType ta = a->dtype, tb = b->dtype;
  if (tirx_dtype_is_handle(ta) || tirx_dtype_is_handle(tb)) {
    if (tirx_dtype_eq(ta, tb)) return true;
    /* TVM's `T.address_of(x) + T.uint64(32)`: a byte offset on the pointer
     * (the caller only allows it for + and -) */
    if (tirx_dtype_is_handle(ta) && tirx_dtype_is_int(tb) && tb.lanes == 1 && ev->ptr_arith_ok)
      return true;
    ev_error(ev, loc, "arithmetic on a pointer value is not supported");
    return false;
  }
  int lanes = ta.lanes > tb.lanes ? ta.lanes : tb.lanes;
  if (ta.lanes != tb.lanes && ta.lanes != 1 && tb.lanes != 1) {
    ev_error(ev, loc, "vector lane counts differ (%d vs %d)", ta.lanes, tb.lanes);
    return false;
  }
  DType sa = tirx_dtype(ta.id), sb = tirx_dtype(tb.id), r = sa;
  if (sa.id != sb.id) {
    bool fa = tirx_dtype_is_float(sa), fb = tirx_dtype_is_float(sb);
    int ba = tirx_dtype_bits(sa), bb = tirx_dtype_bits(sb);
    if (fa && !fb) r = sa;
    else if (fb && !fa) r = sb;
    else if (fa && fb) {
      if (ba == bb) {
        char x[32], y[32];
        ev_error(ev, loc, "cannot combine %s and %s; cast one side explicitly",
                 tirx_dtype_str(sa, x), tirx_dtype_str(sb, y));
        return false;
      }
      r = ba > bb ? sa : sb;
    } else if (tirx_dtype_is_bool(sa)) r = sb;
    else if (tirx_dtype_is_bool(sb)) r = sa;
    else if (ba != bb) r = ba > bb ? sa : sb;
    else r = tirx_dtype_code(sa) == DTC_UINT ? sa : sb;
  }
  DType full = tirx_dtype_vec((DTypeId)r.id, lanes);
  *pa = ev_const_cast(ev, full, a, loc);
  *pb = ev_const_cast(ev, full, b, loc);
  return *pa && *pb;
}

/* ---- Python-level arithmetic ------------------------------------------------ */

static int64_t py_floordiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
  return q;
}
static int64_t py_floormod(int64_t a, int64_t b) {
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

static double num_f(const Value *v) {
  return v->kind == V_FLOAT ? v->u.f : v->uint_big ? (double)(uint64_t)v->u.i : (double)v->u.i;
}

static Value py_arith_float(Eval *ev, int op, Value a, Value b, Loc loc);

/* Integer arithmetic where an operand is above INT64_MAX (uint_big: a uint64
 * descriptor, 4 << 61): exact in 64 unsigned bits, the other operand not
 * negative; a result outside [INT64_MIN, UINT64_MAX] is the overflow error. */
static Value py_arith_big(Eval *ev, int op, Value a, Value b, Loc loc) {
  if ((!a.uint_big && a.u.i < 0) || (!b.uint_big && b.u.i < 0))
    return ev_error(
        ev, loc,
        "integer overflow in constant expression (tirx folds constants in 64 bits: a value above "
        "2**63 meets a negative one)");
  uint64_t x = (uint64_t)a.u.i, y = (uint64_t)b.u.i, r = 0;
  switch (op) {
  case OP_PLUS:
    if (__builtin_add_overflow(x, y, &r)) goto overflow;
    break;
  case OP_MINUS:
    if (x < y) {
      if (y - x > (uint64_t)1 << 63) goto overflow;
      return v_int((int64_t)(0 - (y - x)), loc);
    }
    r = x - y;
    break;
  case OP_STAR:
    if (__builtin_mul_overflow(x, y, &r)) goto overflow;
    break;
  case OP_SLASH: return py_arith_float(ev, op, a, b, loc); /* true division: a float */
  case OP_DSLASH:
  case OP_PERCENT:
    if (y == 0) return ev_error(ev, loc, "division by zero in constant expression");
    r = op == OP_DSLASH ? x / y : x % y;
    break;
  case OP_LSHIFT:
    if (y >= 64 || (x != 0 && x > (UINT64_MAX >> y))) goto overflow;
    r = x << y;
    break;
  case OP_RSHIFT: r = y >= 64 ? 0 : x >> y; break;
  case OP_AMP: r = x & y; break;
  case OP_PIPE: r = x | y; break;
  case OP_CARET: r = x ^ y; break;
  default:
    return ev_error(ev, loc, "unsupported operator '%s' on an integer above 2**63",
                    lex_op_text(op));
  }
  Value v = v_int((int64_t)r, loc);
  v.uint_big = r > (uint64_t)INT64_MAX;
  return v;
overflow:
  return ev_error(ev, loc,
                  "integer overflow in constant expression (tirx folds constants in 64 bits)");
}

/* Python arithmetic on two constants, one of them a float. */
static Value py_arith_float(Eval *ev, int op, Value a, Value b, Loc loc) {
  double x = num_f(&a), y = num_f(&b), r = 0;
  switch (op) {
  case OP_PLUS: r = x + y; break;
  case OP_MINUS: r = x - y; break;
  case OP_STAR: r = x * y; break;
  case OP_SLASH:
    if (y == 0) return ev_error(ev, loc, "division by zero in constant expression");
    r = x / y;
    break;
  case OP_DSLASH:
    if (y == 0) return ev_error(ev, loc, "division by zero in constant expression");
    r = floor(x / y);
    break;
  case OP_PERCENT:
    if (y == 0) return ev_error(ev, loc, "division by zero in constant expression");
    r = x - floor(x / y) * y;
    break;
  case OP_POW: r = pow(x, y); break;
  default:
    return ev_error(ev, loc, "unsupported operator '%s' on float constants", lex_op_text(op));
  }
  Value v = v_make(V_FLOAT, loc);
  v.u.f = r;
  return v;
}

static Value py_arith(Eval *ev, int op, Value a, Value b, Loc loc) {
  bool flt = a.kind == V_FLOAT || b.kind == V_FLOAT;
  if (!flt && (a.uint_big || b.uint_big ||
               (op == OP_LSHIFT && a.u.i > 0 && b.u.i >= 0 && b.u.i < 64 &&
                (uint64_t)a.u.i <= (UINT64_MAX >> b.u.i) &&
                (uint64_t)a.u.i > ((uint64_t)INT64_MAX >> b.u.i))))
    return py_arith_big(ev, op, a, b, loc); /* above INT64_MAX, or a shift that lands there */
  if (flt) return py_arith_float(ev, op, a, b, loc);
  int64_t x = a.u.i, y = b.u.i, r = 0;
  switch (op) {
  case OP_PLUS:
    if (__builtin_add_overflow(x, y, &r)) goto overflow;
    break;
  case OP_MINUS:
    if (__builtin_sub_overflow(x, y, &r)) goto overflow;
    break;
  case OP_STAR:
    if (__builtin_mul_overflow(x, y, &r)) goto overflow;
    break;
  case OP_SLASH: return py_arith_float(ev, op, a, b, loc); /* true division: a float */
  case OP_DSLASH:
    if (y == 0) return ev_error(ev, loc, "division by zero in constant expression");
    if (x == INT64_MIN && y == -1) goto overflow;
    r = py_floordiv(x, y);
    break;
  case OP_PERCENT:
    if (y == 0) return ev_error(ev, loc, "division by zero in constant expression");
    r = y == -1 ? 0 : py_floormod(x, y);
    break;
  case OP_POW: {
    if (y < 0) {
      Value v = v_make(V_FLOAT, loc);
      v.u.f = pow((double)x, (double)y);
      return v;
    }
    /* by squaring: 1 ** (2**62) must not loop 2**62 times; a square that
       overflows while bits remain means the result does too */
    r = 1;
    for (int64_t base = x; y;) {
      if ((y & 1) && __builtin_mul_overflow(r, base, &r)) goto overflow;
      y >>= 1;
      if (y && __builtin_mul_overflow(base, base, &base)) goto overflow;
    }
    break;
  }
  case OP_LSHIFT:
    if (y < 0) return ev_error(ev, loc, "negative shift count");
    if (y >= 63 || (x != 0 && (x > (INT64_MAX >> y) || x < (INT64_MIN >> y)))) goto overflow;
    r = x * ((int64_t)1 << y);
    break;
  case OP_RSHIFT:
    if (y < 0) return ev_error(ev, loc, "negative shift count");
    r = y >= 63 ? (x < 0 ? -1 : 0) : x >> y;
    break;
  case OP_AMP: r = x & y; break;
  case OP_PIPE: r = x | y; break;
  case OP_CARET: r = x ^ y; break;
  default:
    return ev_error(ev, loc, "unsupported operator '%s' on integer constants", lex_op_text(op));
  }
  if (a.kind == V_BOOL && b.kind == V_BOOL && (op == OP_AMP || op == OP_PIPE || op == OP_CARET)) {
    Value v = v_make(V_BOOL, loc);
    v.u.i = r;
    return v;
  }
  return v_int(r, loc);
overflow:
  return ev_error(ev, loc,
                  "integer overflow in constant expression (tirx folds constants in 64 bits)");
}

static bool py_compare(int op, Value a, Value b) {
  if (a.kind == V_STR && b.kind == V_STR) {
    int c = a.u.s.len == b.u.s.len ? memcmp(a.u.s.p, b.u.s.p, a.u.s.len) : 1;
    return op == OP_EQ ? c == 0 : c != 0;
  }
  double x = num_f(&a), y = num_f(&b);
  bool ints = a.kind != V_FLOAT && b.kind != V_FLOAT;
  /* integers: three-way, a value above INT64_MAX (uint_big) above every int64 */
  int c = a.uint_big != b.uint_big ? (a.uint_big ? 1 : -1)
          : a.uint_big ? ((uint64_t)a.u.i > (uint64_t)b.u.i) - ((uint64_t)a.u.i < (uint64_t)b.u.i)
                       : (a.u.i > b.u.i) - (a.u.i < b.u.i);
  switch (op) {
  case OP_LT: return ints ? c < 0 : x < y;
  case OP_LE: return ints ? c <= 0 : x <= y;
  case OP_GT: return ints ? c > 0 : x > y;
  case OP_GE: return ints ? c >= 0 : x >= y;
  case OP_EQ: return ints ? c == 0 : x == y;
  case OP_NE: return ints ? c != 0 : x != y;
  }
  return false;
}

/* An integer literal v (bitwise above INT64_MAX when big) fits dtype t (as TVM's IntImm). */
bool ev_int_fits(DType t, int64_t v, bool big) {
  int bits = tirx_dtype_bits(t);
  if (tirx_dtype_code(t) == DTC_UINT) {
    if (big) return bits >= 64;
    return v >= 0 && (bits >= 64 || v < ((int64_t)1 << bits));
  }
  if (big) return false;
  if (bits >= 64) return true;
  return v >= -((int64_t)1 << (bits - 1)) && v < ((int64_t)1 << (bits - 1));
}

/* Integer division or modulo by a constant zero is an error where it is written. */
bool ev_check_divisor(Eval *ev, ExprKind k, const Expr *b, Loc loc) {
  if ((k == E_DIV || k == E_MOD || k == E_FLOORDIV || k == E_FLOORMOD) && b && b->kind == E_INT &&
      b->u.i.v == 0 && tirx_dtype_is_int(b->dtype)) {
    ev_error(ev, loc, "integer division by zero");
    return false;
  }
  return true;
}

/* ---- IR constant folding (both operands constant) --------------------------- */

static Expr *fold(Eval *ev, ExprKind k, Expr *a, Expr *b, Loc loc) {
  if (!is_const(a) || !is_const(b) || a->dtype.lanes != 1) return NULL;
  DType t = a->dtype;
  if (a->kind == E_FLOAT) {
    /* TVM folds float32 arithmetic in single precision and leaves 16-bit
       floats unfolded; min/max and comparisons pick an operand exactly */
    double x = a->u.f.v, y = b->u.f.v, r;
    int bits = tirx_dtype_bits(t);
    bool f32 = bits == 32, arith = k == E_ADD || k == E_SUB || k == E_MUL || k == E_DIV;
    if (arith && bits < 32) return NULL;
    switch (k) {
    case E_ADD: r = f32 ? (double)((float)x + (float)y) : x + y; break;
    case E_SUB: r = f32 ? (double)((float)x - (float)y) : x - y; break;
    case E_MUL: r = f32 ? (double)((float)x * (float)y) : x * y; break;
    case E_DIV:
      if (y == 0) return NULL;
      r = f32 ? (double)((float)x / (float)y) : x / y;
      break;
    case E_MIN: r = x < y ? x : y; break;
    case E_MAX: r = x > y ? x : y; break;
    case E_LT: return tirx_int(ev->m, dt(DT_BOOL), x < y, loc);
    case E_LE: return tirx_int(ev->m, dt(DT_BOOL), x <= y, loc);
    case E_GT: return tirx_int(ev->m, dt(DT_BOOL), x > y, loc);
    case E_GE: return tirx_int(ev->m, dt(DT_BOOL), x >= y, loc);
    case E_EQ: return tirx_int(ev->m, dt(DT_BOOL), x == y, loc);
    case E_NE: return tirx_int(ev->m, dt(DT_BOOL), x != y, loc);
    default: return NULL;
    }
    return tirx_float(ev->m, t, r, loc);
  }
  int64_t x = a->u.i.v, y = b->u.i.v, r;
  bool u = tirx_dtype_code(t) == DTC_UINT;
  switch (k) {
  case E_ADD: r = (int64_t)((uint64_t)x + (uint64_t)y); break;
  case E_SUB: r = (int64_t)((uint64_t)x - (uint64_t)y); break;
  case E_MUL: r = (int64_t)((uint64_t)x * (uint64_t)y); break;
  /* x // -1 and x % -1 fold as the other operators do, wrapping (TVM:
     T.int64(-2**63) // -1 is T.int64(-2**63)); C's x / -1 is UB for the minimum */
  case E_FLOORDIV:
  case E_DIV: /* T.truncdiv: C's division */
    if (y == 0) return NULL;
    r = u                 ? (int64_t)((uint64_t)x / (uint64_t)y)
        : y == -1         ? (int64_t)(0 - (uint64_t)x)
        : k == E_FLOORDIV ? py_floordiv(x, y)
                          : x / y;
    break;
  case E_FLOORMOD:
  case E_MOD:
    if (y == 0) return NULL;
    r = u                 ? (int64_t)((uint64_t)x % (uint64_t)y)
        : y == -1         ? 0
        : k == E_FLOORMOD ? py_floormod(x, y)
                          : x % y;
    break;
  case E_MIN: r = (u ? (uint64_t)x < (uint64_t)y : x < y) ? x : y; break;
  case E_MAX: r = (u ? (uint64_t)x > (uint64_t)y : x > y) ? x : y; break;
  case E_LT: return tirx_int(ev->m, dt(DT_BOOL), u ? (uint64_t)x < (uint64_t)y : x < y, loc);
  case E_LE: return tirx_int(ev->m, dt(DT_BOOL), u ? (uint64_t)x <= (uint64_t)y : x <= y, loc);
  case E_GT: return tirx_int(ev->m, dt(DT_BOOL), u ? (uint64_t)x > (uint64_t)y : x > y, loc);
  case E_GE: return tirx_int(ev->m, dt(DT_BOOL), u ? (uint64_t)x >= (uint64_t)y : x >= y, loc);
  case E_EQ: return tirx_int(ev->m, dt(DT_BOOL), x == y, loc);
  case E_NE: return tirx_int(ev->m, dt(DT_BOOL), x != y, loc);
  case E_AND: return tirx_int(ev->m, dt(DT_BOOL), x && y, loc);
  case E_OR: return tirx_int(ev->m, dt(DT_BOOL), x || y, loc);
  default: return NULL;
  }
  return tirx_int(ev->m, t, wrap_int(t, r), loc);
}

static const Intrin *intrin(IntrinId id) { return tirx_intrin(id); }

static Expr *bitcall(Eval *ev, IntrinId id, Expr *a, Expr *b, Loc loc) {
  Expr **args = TIRX_NEWN(ev->m, Expr *, 2);
  args[0] = a;
  args[1] = b;
  return tirx_call(ev->m, intrin(id), a->dtype, args, b ? 2 : 1, loc);
}

static bool const_is(const Expr *e, double v) {
  return (e->kind == E_INT && (double)e->u.i.v == v) || (e->kind == E_FLOAT && e->u.f.v == v);
}

/* The identities TVM's arithmetic operators fold (arith const_fold): the
 * operand (or constant) the result is, or NULL. */
static Expr *ir_identity(ExprKind k, Expr *a, Expr *b) {
  switch (k) {
  case E_ADD: return const_is(b, 0) ? a : const_is(a, 0) ? b : NULL;
  case E_SUB: return const_is(b, 0) ? a : NULL;
  case E_MUL:
    if (const_is(b, 1)) return a;
    if (const_is(a, 1)) return b;
    if (const_is(a, 0)) return a;
    if (const_is(b, 0)) return b;
    return NULL;
  case E_DIV:
  case E_FLOORDIV: return const_is(b, 1) || const_is(a, 0) ? a : NULL;
  default: return NULL;
  }
}

/* Builds an IR binary node from two expressions: promotion, type checks,
 * folding of constant pairs and of identities. */
static Value ir_binop(Eval *ev, int op, Expr *a, Expr *b, Loc loc) {
  if (op == OP_POW) return ev_error(ev, loc, "'**' on IR values is not supported; use T.pow(a, b)");
  if (op == OP_AT) return ev_error(ev, loc, "'@' is only valid inside layout specifications");
  ev->ptr_arith_ok = op == OP_PLUS || op == OP_MINUS;
  bool promoted = promote(ev, &a, &b, loc);
  ev->ptr_arith_ok = false;
  if (!promoted) return v_make(V_ERROR, loc);
  DType t = a->dtype;
  bool isint = tirx_dtype_is_int(t) || tirx_dtype_is_bool(t);
  ExprKind k;
  switch (op) {
  case OP_PLUS: k = E_ADD; break;
  case OP_MINUS: k = E_SUB; break;
  case OP_STAR: k = E_MUL; break;
  case OP_SLASH:
    if (isint)
      return ev_error(
          ev, loc, "'/' on integers is ambiguous in TIRx; use '//' (floor division) or T.truncdiv");
    k = E_DIV;
    break;
  case OP_DSLASH: k = E_FLOORDIV; break;
  case OP_PERCENT: k = E_FLOORMOD; break;
  case OP_LT: k = E_LT; break;
  case OP_LE: k = E_LE; break;
  case OP_GT: k = E_GT; break;
  case OP_GE: k = E_GE; break;
  case OP_EQ: k = E_EQ; break;
  case OP_NE: k = E_NE; break;
  case OP_AMP:
  case OP_PIPE:
  case OP_CARET:
  case OP_LSHIFT:
  case OP_RSHIFT: {
    if (!isint)
      return ev_error(ev, loc, "bitwise operator '%s' needs integer operands", lex_op_text(op));
    if (a->kind == E_INT && b->kind == E_INT && (t.id == DT_INT32 || t.id == DT_INT64)) {
      Value va = v_int(a->u.i.v, loc), vb = v_int(b->u.i.v, loc);
      Value r = py_arith(ev, op, va, vb, loc);
      if (r.kind != V_INT) return r;
      return v_expr(tirx_int(ev->m, t, wrap_int(t, r.u.i), loc), loc);
    }
    IntrinId id = op == OP_AMP      ? I_BITWISE_AND
                  : op == OP_PIPE   ? I_BITWISE_OR
                  : op == OP_CARET  ? I_BITWISE_XOR
                  : op == OP_LSHIFT ? I_SHIFT_LEFT
                                    : I_SHIFT_RIGHT;
    if ((op == OP_LSHIFT || op == OP_RSHIFT) && tirx_dtype_is_bool(t))
      return ev_error(ev, loc, "shift of a boolean value");
    return v_expr(bitcall(ev, id, a, b, loc), loc);
  }
  default: return ev_error(ev, loc, "unsupported operator '%s'", lex_op_text(op));
  }
  if (tirx_dtype_is_bool(t) &&
      (k == E_ADD || k == E_SUB || k == E_MUL || k == E_FLOORDIV || k == E_FLOORMOD))
    return ev_error(ev, loc, "arithmetic on boolean values; cast to an integer type first");
  if (!ev_check_divisor(ev, k, b, b->loc.line ? b->loc : loc)) return v_make(V_ERROR, loc);
  /* in a kernel body TVM's parser builds a comparison node even over two
   * constants (T.int32(1) != 0 is T.NE(1, 0)); only arithmetic folds.  A
   * plain Python helper runs TVM's Python operators, which fold it */
  bool compare = k == E_EQ || k == E_NE || k == E_LT || k == E_LE || k == E_GT || k == E_GE;
  if (!ev->py_body && compare) return v_expr(tirx_binary(ev->m, k, a, b, loc), loc);
  return v_expr(ev_fold_binary(ev, k, a, b, loc), loc);
}

Expr *ev_fold_binary(Eval *ev, ExprKind k, Expr *a, Expr *b, Loc loc) {
  Expr *f = fold(ev, k, a, b, loc);
  if (f) return f;
  if ((f = ir_identity(k, a, b))) return f;
  /* x % 1, 0 % x: TVM folds these for signed integers only */
  if ((k == E_FLOORMOD || k == E_MOD) && tirx_dtype_code(a->dtype) == DTC_INT &&
      (const_is(b, 1) || const_is(a, 0)))
    return const_is(a, 0) ? a : tirx_int(ev->m, a->dtype, 0, loc);
  return tirx_binary(ev->m, k, a, b, loc);
}

Expr *ev_layout_node(Eval *ev, const char *name, Expr **args, int n, Loc loc) {
  Expr *e = tirx_expr_new(ev->m, E_LAYOUT, tirx_dtype(DT_VOID), loc);
  e->u.call.op = tirx_intrin(I_TILE_LAYOUT);
  e->u.call.name = tirx_intern0(ev->m, name);
  e->u.call.args = args;
  e->u.call.n = n;
  return e;
}

/* Layout specs: `e @ Axis.laneid` binds a stride/offset to an axis, and `+`
 * joins shard, replica and offset terms (grammar §4.9).  Encoded as E_LAYOUT
 * nodes named "@" and "+", which the printer writes back in the same form. */
static bool is_layout_value(const Value *v) {
  return v->kind == V_EXPR && v->u.e->kind == E_LAYOUT;
}

static Value layout_binop(Eval *ev, int op, Value a, Value b, Loc loc) {
  if (op == OP_AT) {
    Expr *x = ev_to_expr(ev, a, "a layout stride");
    if (!x) return v_make(V_ERROR, loc);
    if (x->kind == E_INT) x->u.i.pod = false;
    const char *axis = b.u.ns + 5;
    Expr **args = TIRX_NEWN(ev->m, Expr *, 2);
    args[0] = x;
    args[1] = tirx_str(ev->m, axis, strlen(axis), b.loc);
    return v_expr(ev_layout_node(ev, "@", args, 2, loc), loc);
  }
  /* a + b over layout terms: flatten into one "+" node */
  Expr *x = ev_to_expr(ev, a, "a layout term"), *y = ev_to_expr(ev, b, "a layout term");
  if (!x || !y) return v_make(V_ERROR, loc);
  int nx = x->kind == E_LAYOUT && strcmp(x->u.call.name, "+") == 0 ? x->u.call.n : 1;
  int ny = y->kind == E_LAYOUT && strcmp(y->u.call.name, "+") == 0 ? y->u.call.n : 1;
  Expr **args = TIRX_NEWN(ev->m, Expr *, nx + ny);
  if (nx > 1 || (x->kind == E_LAYOUT && strcmp(x->u.call.name, "+") == 0))
    memcpy(args, x->u.call.args, sizeof(Expr *) * (size_t)nx);
  else args[0] = x;
  if (ny > 1 || (y->kind == E_LAYOUT && strcmp(y->u.call.name, "+") == 0))
    memcpy(args + nx, y->u.call.args, sizeof(Expr *) * (size_t)ny);
  else args[nx] = y;
  for (int i = 0; i < nx + ny; i++)
    if (args[i]->kind == E_INT) args[i]->u.i.pod = false;
  return v_expr(ev_layout_node(ev, "+", args, nx + ny, loc), loc);
}

/* Plain Python values (None, numbers, str, tuple, list, dict) and their type group:
 * two of different groups are never equal. */
static bool py_plain(Value v) {
  return v.kind == V_NONE || v.kind == V_BOOL || v.kind == V_INT || v.kind == V_FLOAT ||
         v.kind == V_STR || v.kind == V_TUPLE || v.kind == V_LIST || v.kind == V_DICT;
}
static int py_group(Value v) {
  return v.kind == V_BOOL || v.kind == V_INT || v.kind == V_FLOAT ? V_INT : (int)v.kind;
}

/* A class or a builtin type (int, list), or a tuple of them made by `|`. */
static bool is_type_value(Value v) {
  if (v.kind == V_TUPLE) {
    for (int i = 0; i < v.u.list.n; i++)
      if (!is_type_value(v.u.list.items[i]) || v.u.list.items[i].kind == V_TUPLE) return false;
    return v.u.list.n > 0;
  }
  return v.kind == V_CLASS || v.kind == V_NONE ||
         (v.kind == V_BUILTIN && v.u.builtin->type != V_ERROR);
}

Value ev_binop(Eval *ev, int op, Value a, Value b, Loc loc) {
  if (a.kind == V_ERROR || b.kind == V_ERROR) return v_make(V_ERROR, loc);
  if (op == OP_AT && b.kind == V_NS && strncmp(b.u.ns, "Axis.", 5) == 0)
    return layout_binop(ev, op, a, b, loc);
  if (op == OP_PLUS && (is_layout_value(&a) || is_layout_value(&b)))
    return layout_binop(ev, op, a, b, loc);
  /* the left operand's operator slot, then the right one's (its reflected form) */
  Value pyv;
  const ValueProto *pa = EV_PROTO(a), *pb = EV_PROTO(b);
  if (pa->binop && pa->binop(ev, op, a, b, loc, &pyv)) return pyv;
  if (pb != pa && pb->binop && pb->binop(ev, op, a, b, loc, &pyv)) return pyv;
  if (ev_is_number(&a) && ev_is_number(&b)) {
    if (op >= OP_LT && op <= OP_NE) {
      Value v = v_make(V_BOOL, loc);
      v.u.i = py_compare(op, a, b);
      return v;
    }
    return py_arith(ev, op, a, b, loc);
  }
  if (a.kind == V_STR && b.kind == V_STR) {
    if (op == OP_EQ || op == OP_NE) {
      Value v = v_make(V_BOOL, loc);
      v.u.i = py_compare(op, a, b);
      return v;
    }
    if (op == OP_PLUS) {
      if (a.u.s.len + b.u.s.len > EV_MAX_STR)
        return ev_error(ev, loc, "string longer than %zu characters at parse time", EV_MAX_STR);
      char *s = tirx_alloc(ev->m, a.u.s.len + b.u.s.len + 1);
      memcpy(s, a.u.s.p, a.u.s.len);
      memcpy(s + a.u.s.len, b.u.s.p, b.u.s.len);
      Value v = v_make(V_STR, loc);
      v.u.s.p = s;
      v.u.s.len = a.u.s.len + b.u.s.len;
      return v;
    }
  }
  if ((op == OP_EQ || op == OP_NE) && py_plain(a) && py_plain(b) && py_group(a) != py_group(b)) {
    Value v = v_make(V_BOOL, loc); /* values of different types are unequal: `False == "flat"` */
    v.u.i = op == OP_NE;
    return v;
  }
  if (op == OP_PIPE && is_type_value(a) &&
      is_type_value(b)) { /* `list | tuple`: isinstance's tuple of types */
    Value v = v_make(V_TUPLE, loc);
    int na = a.kind == V_TUPLE ? a.u.list.n : 1, nb = b.kind == V_TUPLE ? b.u.list.n : 1;
    v.u.list.n = na + nb;
    v.u.list.items = TIRX_NEWN(ev->m, Value, na + nb);
    for (int i = 0; i < na; i++) v.u.list.items[i] = a.kind == V_TUPLE ? a.u.list.items[i] : a;
    for (int i = 0; i < nb; i++) v.u.list.items[na + i] = b.kind == V_TUPLE ? b.u.list.items[i] : b;
    return v;
  }
  if ((a.kind == V_TUPLE || a.kind == V_LIST) && a.kind == b.kind && op == OP_PLUS) {
    if ((int64_t)a.u.list.n + b.u.list.n > EV_MAX_ITEMS)
      return ev_error(ev, loc, "%s longer than %d items at parse time",
                      a.kind == V_LIST ? "list" : "tuple", EV_MAX_ITEMS);
    Value v = v_make(a.kind, loc);
    v.u.list.n = a.u.list.n + b.u.list.n;
    v.u.list.items = TIRX_NEWN(ev->m, Value, v.u.list.n ? v.u.list.n : 1);
    if (a.u.list.n) memcpy(v.u.list.items, a.u.list.items, sizeof(Value) * (size_t)a.u.list.n);
    if (b.u.list.n)
      memcpy(v.u.list.items + a.u.list.n, b.u.list.items, sizeof(Value) * (size_t)b.u.list.n);
    return v;
  }
  Expr *x = ev_to_expr(ev, a, "an operand");
  if (!x) return v_make(V_ERROR, loc);
  Expr *y = ev_to_expr(ev, b, "an operand");
  if (!y) return v_make(V_ERROR, loc);
  /* a literal beyond int32 takes a 32/64-bit integer side's type when it fits
   * (u == 0xFFFFFFFF on a uint32 u is uint32, as in TVM) */
  if (a.kind == V_INT && !a.uint_big) x = literal_as(ev, x, y->dtype);
  if (b.kind == V_INT && !b.uint_big) y = literal_as(ev, y, x->dtype);
  if (ev->py_body && b.kind == V_EXPR &&
      (a.kind == V_INT || a.kind == V_FLOAT || a.kind == V_BOOL)) {
    /* plain Python: `0 < x` is the expression's reflected operator, x.__gt__(0) */
    static const struct {
      int op, reflected;
    } refl[] = {{OP_LT, OP_GT}, {OP_GT, OP_LT}, {OP_LE, OP_GE},
                {OP_GE, OP_LE}, {OP_EQ, OP_EQ}, {OP_NE, OP_NE}};
    for (size_t i = 0; i < sizeof refl / sizeof refl[0]; i++)
      if (refl[i].op == op) return ir_binop(ev, refl[i].reflected, y, x, loc);
  }
  return ir_binop(ev, op, x, y, loc);
}

/* Python truthiness when the value is known at parse time. */
bool ev_truthy_const(Eval *ev, Value v, bool *out) {
  if (EV_PROTO(v)->truth) {
    int t = EV_PROTO(v)->truth(ev, v, v.loc);
    *out = t > 0;
    return t >= 0;
  }
  switch (v.kind) {
  case V_BOOL:
  case V_INT: *out = v.u.i != 0; return true;
  case V_FLOAT: *out = v.u.f != 0; return true;
  case V_NONE: *out = false; return true;
  case V_STR: *out = v.u.s.len != 0; return true;
  case V_TUPLE:
  case V_LIST: *out = v.u.list.n != 0; return true;
  case V_DICT: *out = v.u.dict.n != 0; return true;
  case V_OBJECT:
  case V_CLASS:
  case V_PYFUNC:
  case V_MODULE:
  case V_BOUND:
  case V_DESCR:
  case V_LAMBDA:
  case V_DTYPE:
  case V_FUNCREF:
  case V_MACRO:
  case V_BUILTIN:
  case V_METHOD:
  case V_LIBMOD: *out = true; return true;
  case V_ERROR:
  case V_EXPR:
  case V_BUFFER:
  case V_SCALAR:
  case V_NS:
  case V_PTRTYPE:
  case V_LOCALVEC:
  case V_LETTYPE:
  case V_BUFTYPE:
  case V_SLICE:
  case V_FRAME:
  case V_POOL:
  case V_UNRESOLVED:
  case V_GLOBALVAR:
  case V_GLOBALDECL:
  case V_INDEXER:
  case V_METADATA:
  case V_STMT: break;
  }
  return false;
}

static Expr *to_bool_expr(Eval *ev, Value v, const char *what) {
  Expr *e = ev_to_expr(ev, v, what);
  if (!e) return NULL;
  if (!tirx_dtype_is_bool(e->dtype)) {
    char b[32];
    ev_error(ev, v.loc, "%s must be a boolean expression, got %s", what,
             tirx_dtype_str(e->dtype, b));
    return NULL;
  }
  return e;
}

static Value logic(Eval *ev, int is_and, Value a, Ast *rhs, Loc loc) {
  bool t;
  if (ev_truthy_const(ev, a, &t)) {
    /* Python short-circuit: the left side is known at parse time. */
    if (is_and ? !t : t) return a;
    Value b = ev_expr(ev, rhs);
    /* in a kernel body (not a Python helper) TVM's parser keeps a Python
     * bool that did not decide: `True and x` is T.And(T.bool(True), x) */
    bool bt;
    if (ev->py_body || a.kind != V_BOOL || b.kind == V_ERROR || ev_truthy_const(ev, b, &bt))
      return b;
    Expr *y = to_bool_expr(ev, b, is_and ? "operand of 'and'" : "operand of 'or'");
    if (!y) return v_make(V_ERROR, loc);
    Expr *x = tirx_int(ev->m, tirx_dtype(DT_BOOL), t, a.loc);
    return v_expr(tirx_binary(ev->m, is_and ? E_AND : E_OR, x, y, loc), loc);
  }
  Value b = ev_expr(ev, rhs);
  if (a.kind == V_ERROR || b.kind == V_ERROR) return v_make(V_ERROR, loc);
  Expr *x = to_bool_expr(ev, a, is_and ? "operand of 'and'" : "operand of 'or'");
  Expr *y = to_bool_expr(ev, b, is_and ? "operand of 'and'" : "operand of 'or'");
  if (!x || !y) return v_make(V_ERROR, loc);
  Expr *f = fold(ev, is_and ? E_AND : E_OR, x, y, loc);
  return v_expr(f ? f : tirx_binary(ev->m, is_and ? E_AND : E_OR, x, y, loc), loc);
}

/* Python identity (`is`) where the value model decides it: None, True/False,
 * and the values with reference semantics (objects, enum members, classes,
 * modules and builtin namespaces).  False when it cannot say (ints, strings, IR values). */
static bool identity(Value a, Value b, bool *same) {
  if (a.kind == V_NONE || b.kind == V_NONE) return *same = a.kind == b.kind, true;
  bool ra = a.kind == V_OBJECT || a.kind == V_CLASS || a.kind == V_MODULE || a.kind == V_BOOL ||
            a.kind == V_NS || a.kind == V_BUILTIN || a.kind == V_LIBMOD;
  bool rb = b.kind == V_OBJECT || b.kind == V_CLASS || b.kind == V_MODULE || b.kind == V_BOOL ||
            b.kind == V_NS || b.kind == V_BUILTIN || b.kind == V_LIBMOD;
  /* a value of reference semantics (True / False, an object, a class, ...) is never a
   * plain value: `grid is not False`, `ann is inspect.Parameter.empty` */
  if (ra != rb) return a.kind != V_ERROR && b.kind != V_ERROR && (*same = false, true);
  if (!ra) return false;
  if (a.kind != b.kind) return *same = false, true;
  switch (a.kind) {
  case V_OBJECT: *same = a.u.obj == b.u.obj; break;
  case V_CLASS: *same = a.u.cls == b.u.cls; break;
  case V_MODULE: *same = a.u.mod == b.u.mod; break;
  case V_NS:
  case V_LIBMOD: *same = a.u.ns == b.u.ns; break; /* interned paths and names: T.cuda, math */
  case V_BUILTIN: *same = a.u.builtin == b.u.builtin; break;
  case V_STMT: *same = a.u.st == b.u.st; break;
  case V_ERROR:
  case V_NONE:
  case V_BOOL:
  case V_INT:
  case V_FLOAT:
  case V_STR:
  case V_TUPLE:
  case V_LIST:
  case V_DICT:
  case V_EXPR:
  case V_BUFFER:
  case V_SCALAR:
  case V_DTYPE:
  case V_PTRTYPE:
  case V_LOCALVEC:
  case V_LETTYPE:
  case V_BUFTYPE:
  case V_SLICE:
  case V_FRAME:
  case V_LAMBDA:
  case V_FUNCREF:
  case V_POOL:
  case V_MACRO:
  case V_PYFUNC:
  case V_BOUND:
  case V_DESCR:
  case V_METHOD:
  case V_UNRESOLVED:
  case V_GLOBALVAR:
  case V_GLOBALDECL:
  case V_INDEXER:
  case V_METADATA: *same = (a.u.i != 0) == (b.u.i != 0); break;
  }
  return true;
}

static Value compare(Eval *ev, Ast *a) {
  Value left = ev_expr(ev, a->a);
  Value result = v_make(V_NONE, a->loc);
  for (int i = 0; i < a->n; i++) {
    int op = a->cmpops[i];
    Value right = ev_expr(ev, a->list[i]);
    if (left.kind == V_ERROR || right.kind == V_ERROR) return v_make(V_ERROR, a->loc);
    Value r;
    if (op == CMP_IS || op == CMP_ISNOT) {
      bool same;
      if (!identity(left, right, &same))
        return ev_error(
            ev, a->loc,
            "'is' is decided at parse time only for None, True/False, classes, enum members, "
            "objects and modules (use == for values)");
      r = v_make(V_BOOL, a->loc);
      r.u.i = op == CMP_IS ? same : !same;
    } else if (op == CMP_IN || op == CMP_NOTIN) {
      bool in;
      if (!ev_core_hooks.contains(ev, left, right, &in))
        return ev_error(ev, a->loc, "'in' needs a parse-time container (tuple, list, dict or str)");
      r = v_make(V_BOOL, a->loc);
      r.u.i = in == (op == CMP_IN);
    } else {
      r = ev_binop(ev, op, left, right, a->loc);
    }
    if (r.kind == V_ERROR) return r;
    if (i == 0) {
      result = r;
    } else {
      /* a < b < c is (a < b) and (b < c) */
      bool t;
      if (ev_truthy_const(ev, result, &t) && !t) return result;
      if (ev_truthy_const(ev, result, &t) && t) {
        result = r;
      } else {
        Expr *x = ev_to_expr(ev, result, "a comparison");
        Expr *y = ev_to_expr(ev, r, "a comparison");
        if (!x || !y) return v_make(V_ERROR, a->loc);
        result = v_expr(tirx_binary(ev->m, E_AND, x, y, a->loc), a->loc);
      }
    }
    left = right;
  }
  return result;
}

static Value unary(Eval *ev, Ast *a) {
  Value v = ev_expr(ev, a->a);
  if (v.kind == V_ERROR) return v;
  Value r;
  if (EV_PROTO(v)->unop && EV_PROTO(v)->unop(ev, a->op, v, a->loc, &r)) return r;
  if (a->op == OP_PLUS) {
    if (ev_is_number(&v)) return v;
    return ev_error(ev, a->loc, "unary '+' on IR values is not supported");
  }
  if (a->op == OP_MINUS) {
    if (v.kind == V_INT || v.kind == V_BOOL) {
      if (v.u.i == INT64_MIN)
        return ev_error(ev, a->loc, "integer overflow in constant expression");
      return v_int(-v.u.i, a->loc);
    }
    if (v.kind == V_FLOAT) {
      v.u.f = -v.u.f;
      v.loc = a->loc;
      return v;
    }
    Expr *e = ev_to_expr(ev, v, "an operand of '-'");
    if (!e) return v_make(V_ERROR, a->loc);
    /* TVM's constant folding leaves 16-bit floats alone: -T.float16(2.0) is a multiply */
    if (is_const(e) && !(e->kind == E_FLOAT && tirx_dtype_bits(e->dtype) == 16)) {
      Expr *z = e->kind == E_INT
                    ? tirx_int(ev->m, e->dtype,
                               wrap_int(e->dtype, (int64_t)(0 - (uint64_t)e->u.i.v)), a->loc)
                    : tirx_float(ev->m, e->dtype, -e->u.f.v, a->loc);
      return v_expr(z, a->loc);
    }
    if (tirx_dtype_is_bool(e->dtype)) return ev_error(ev, a->loc, "negation of a boolean value");
    /* TVM builds -x as x * -1 with the constant typed like x */
    Expr *m1 = tirx_dtype_is_float(e->dtype)
                   ? tirx_float(ev->m, tirx_dtype(e->dtype.id), -1.0, a->loc)
                   : tirx_int(ev->m, tirx_dtype(e->dtype.id), wrap_int(tirx_dtype(e->dtype.id), -1),
                              a->loc);
    if (e->dtype.lanes > 1) m1 = ev_const_cast(ev, e->dtype, m1, a->loc);
    return v_expr(tirx_binary(ev->m, E_MUL, e, m1, a->loc), a->loc);
  }
  /* ~ */
  if (v.kind == V_INT || v.kind == V_BOOL) return v_int(~v.u.i, a->loc);
  Expr *e = ev_to_expr(ev, v, "an operand of '~'");
  if (!e) return v_make(V_ERROR, a->loc);
  if (!tirx_dtype_is_int(e->dtype)) return ev_error(ev, a->loc, "'~' needs an integer operand");
  return v_expr(bitcall(ev, I_BITWISE_NOT, e, NULL, a->loc), a->loc);
}


/* Whether `name` occurs as an identifier inside a string literal of the
 * signature being evaluated: TVM prints a shape variable quoted where it is
 * first bound, and may then use it bare in the same tuple, ("s // h", h),
 * which Python evaluates before the quoted strings are read. */
static bool str_has_ident(const char *p, size_t n, const char *name) {
  size_t k = strlen(name);
  for (size_t i = 0; i + k <= n; i++) {
    if (memcmp(p + i, name, k) != 0) continue;
    char b = i ? p[i - 1] : ' ', e = i + k < n ? p[i + k] : ' ';
    bool bi = (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9') ||
              b == '_' || b == '.';
    bool ei =
        (e >= 'a' && e <= 'z') || (e >= 'A' && e <= 'Z') || (e >= '0' && e <= '9') || e == '_';
    if (!bi && !ei) return true;
  }
  return false;
}

static bool ast_quotes(const Ast *a, const char *name, int depth) {
  if (!a || depth > 64) return false;
  if (a->kind == A_STR) return str_has_ident(a->str, a->slen, name);
  if (ast_quotes(a->a, name, depth + 1) || ast_quotes(a->b, name, depth + 1) ||
      ast_quotes(a->c, name, depth + 1))
    return true;
  for (int i = 0; i < a->n; i++)
    if (ast_quotes(a->list[i], name, depth + 1)) return true;
  return false;
}

static bool sig_name_quoted(Eval *ev, const char *name) {
  if (!ev->sig_def) return false;
  for (int i = 0; i < ev->sig_def->n; i++) {
    const Ast *pa = ev->sig_def->list[i];
    if (pa->kind == A_PARAM && ast_quotes(pa->a, name, 0)) return true;
  }
  return false;
}

/* A quoted shape string names a new symbolic variable (TVM's
 * _eval_signature_annotation): int32 unless a scalar param says so. */
static Value signature_var(Eval *ev, Ast *a) {
  DType t = tirx_dtype(DT_INT32);
  if (ev->func)
    for (int i = 0; i < ev->func->nparams; i++)
      if (ev->func->params[i].var && ev->func->params[i].var->name == a->name &&
          !ev->func->params[i].buf)
        t = ev->func->params[i].var->dtype;
  /* TVM prints a shape over a scalar parameter that comes later in the
   * signature quoted ("n * T.int64(2)", n: T.int64): the variable has
   * the type of that parameter's annotation. */
  if (ev->sig_def)
    for (int i = 0; i < ev->sig_def->n; i++) {
      Ast *pa = ev->sig_def->list[i];
      if (pa->kind != A_PARAM || pa->name != a->name || !pa->a || pa->a->kind != A_ATTR ||
          pa->a->a->kind != A_NAME || strcmp(pa->a->a->name, "T") != 0)
        continue;
      bool saved_sig = ev->in_signature;
      ev->in_signature = false;
      Value ann = ev_expr(ev, pa->a);
      ev->in_signature = saved_sig;
      if (ann.kind == V_DTYPE) t = ann.u.dt;
    }
  Var *v = tirx_var_new(ev->m, a->name, t, a->loc);
  Value val = v_expr(tirx_varref(ev->m, v, a->loc), a->loc);
  ev_define(ev, a->name, val, true, a->loc);
  Var **nv = tirx_xrealloc(ev->sig_vars, (size_t)(ev->nsig_vars + 1), sizeof *nv);
  ev->sig_vars = nv;
  ev->sig_vars[ev->nsig_vars++] = v;
  return val;
}

/* A defined name one edit away from `name`, to suggest; NULL if none. */
static const char *similar_name(Eval *ev, const char *name) {
  const char *best = NULL;
  for (int i = ev->nbinds - 1; i >= 0 && !best; i--) {
    const char *n = ev->binds[i].name;
    size_t la = strlen(name), lb = strlen(n);
    if (la > 1 && lb > 1 && (la == lb || la + 1 == lb || lb + 1 == la)) {
      int diff = 0;
      size_t k = 0, j = 0;
      while (k < la && j < lb) {
        if (name[k] != n[j]) {
          diff++;
          if (la > lb) k++;
          else if (lb > la) j++;
          else {
            k++;
            j++;
          }
        } else {
          k++;
          j++;
        }
      }
      if (diff + (int)(la - k) + (int)(lb - j) <= 1) best = n;
    }
  }
  return best;
}

static Value name(Eval *ev, Ast *a) {
  Binding *b = ev_lookup_at(ev, a);
  /* a module-level name deleted (`del len` after `len = ...`): the builtins, as CPython */
  if (b && b->v.kind == V_UNRESOLVED && b->v.u.unres.deleted && b->depth == 0) b = NULL;
  if (b) {
    Value v = b->v;
    v.loc = a->loc;
    /* each use of a variable gets its own node, located at the use */
    if (v.kind == V_EXPR && v.u.e->kind == E_VAR) v.u.e = tirx_varref(ev->m, v.u.e->u.var, a->loc);
    return v;
  }
  /* an unbound builtin's value depends on its name only: kept per name (and at the
   * site: Ast.site.hit) */
  Value *kept = a->site.hit ? a->site.hit : txmap_get(&ev->builtin_names, a->name);
  if (kept) {
    a->site.hit = kept;
    Value v = *kept;
    v.loc = a->loc;
    return v;
  }
  /* the names of TVM's script modules, bound in every kernel source */
  static const char *globals[] = {"T", "I", "Tx", "Axis", "tvm", "tir", "tirx"};
  Value g = v_make(V_NONE, a->loc);
  const Builtin *bi = ev_builtin_find(a->name);
  if (bi) g = ev_builtin_value(bi, a->loc);
  for (size_t i = 0; i < sizeof globals / sizeof globals[0] && g.kind == V_NONE; i++)
    if (strcmp(a->name, globals[i]) == 0) {
      g = v_make(V_NS, a->loc);
      g.u.ns = strcmp(a->name, "Tx") == 0 ? tirx_intern0(ev->m, "T.tile") : a->name;
    }
  if (g.kind == V_NONE && strcmp(a->name, "metadata") == 0) {
    /* TVM's metadata["ir.StringImm"][i] placeholder (eval_buffer.c) */
    g = v_make(V_METADATA, a->loc); /* u.s empty: metadata itself */
  }
  if (g.kind != V_NONE) {
    kept = TIRX_NEW(ev->m, Value);
    *kept = g;
    txmap_put(&ev->builtin_names, a->name, kept);
    return g;
  }
  if (ev->in_signature && (ev->sig_fresh_vars || sig_name_quoted(ev, a->name)))
    return signature_var(ev, a);
  const char *best = similar_name(ev, a->name);
  if (ev->callee_name && ev->func && !ev->in_signature && !best) {
    /* f(...) in a kernel body, f unbound: a call of the module's function f
     * (TVM prints a call of another PrimFunc by its bare name; the function
     * may be defined in another file and linked later). */
    Value v = v_make(V_GLOBALVAR, a->loc);
    v.u.ns = a->name;
    return v;
  }
  if (best)
    return ev_error(ev, a->loc, "name '%s' is not defined; did you mean '%s'?", a->name, best);
  if (ev->in_signature)
    return ev_error(
        ev, a->loc,
        "name '%s' is not defined; a new symbolic shape variable must be quoted (\"%s\") "
        "at its first use in the signature",
        a->name, a->name);
  return ev_error(ev, a->loc, "name '%s' is not defined", a->name);
}

static Value list_value(Eval *ev, Ast *a, ValueKind k) {
  Value v = v_make(k, a->loc);
  int n = 0;
  Value *items = TIRX_NEWN(ev->m, Value, a->n + 1);
  for (int i = 0; i < a->n; i++) {
    if (a->list[i]->kind == A_STAR) {
      Value s = ev_expr(ev, a->list[i]->a);
      if (s.kind != V_TUPLE && s.kind != V_LIST)
        return ev_error(ev, a->list[i]->loc, "'*' unpacking needs a tuple or list");
      Value *ni = TIRX_NEWN(ev->m, Value, n + (a->n - i) + s.u.list.n + 1);
      memcpy(ni, items, sizeof(Value) * (size_t)n);
      items = ni;
      for (int j = 0; j < s.u.list.n; j++) items[n++] = s.u.list.items[j];
      continue;
    }
    items[n] = ev_expr(ev, a->list[i]);
    if (items[n].kind == V_ERROR) return items[n];
    n++;
  }
  v.u.list.items = items;
  v.u.list.n = n;
  return v;
}

/* What the evaluations of one dict display share (ev->py_dicts, keyed by the node). */
typedef struct DictPlan {
  Value *keys, *vals; /* a display of literals (strings, numbers, True, False, None): its value,
                         copied at each evaluation (a dict is mutable); NULL: not one */
  bool keys_distinct; /* its keys are string literals, found distinct: not looked up again */
} DictPlan;

static bool literal(const Ast *x) {
  return x->kind == A_STR || x->kind == A_INT || x->kind == A_FLOAT || x->kind == A_CONST;
}

/* {k: v, ...}: with **d items, ev_py_dict_display. */
static Value dict_display(Eval *ev, Ast *a) {
  for (int i = 0; i < a->n; i++)
    if (a->list[i]->kind == A_KW) return ev_core_hooks.dict_display(ev, a);
  DictPlan *p = txmap_get(&ev->py_dicts, a);
  if (p && (p->keys || p->keys_distinct)) {
    Value v = v_make(V_DICT, a->loc);
    v.u.dict.n = a->n;
    v.u.dict.keys = TIRX_NEWN(ev->m, Value, a->n + 1);
    v.u.dict.vals = TIRX_NEWN(ev->m, Value, a->n + 1);
    if (p->keys) { /* literal keys and values: the first evaluation's */
      memcpy(v.u.dict.keys, p->keys, sizeof(Value) * (size_t)a->n);
      memcpy(v.u.dict.vals, p->vals, sizeof(Value) * (size_t)a->n);
      return v;
    }
    for (int i = 0; i < a->n; i++) { /* distinct string-literal keys: no lookups */
      v.u.dict.keys[i] = ev_expr(ev, a->list[i]);
      v.u.dict.vals[i] = ev_expr(ev, a->list2[i]);
      if (v.u.dict.keys[i].kind == V_ERROR || v.u.dict.vals[i].kind == V_ERROR)
        return v_make(V_ERROR, a->loc);
    }
    return v;
  }
  /* Python's semantics, in O(n) (ev_py_dict_display hashes the keys): a
   * repeated key keeps its first place and its last value */
  Value d = ev_core_hooks.dict_display(ev, a);
  if (d.kind == V_ERROR || p || !a->n) return d;
  p = TIRX_NEW(ev->m, DictPlan);
  bool lit = d.u.dict.n == a->n; /* a display with a repeated key is evaluated each time */
  p->keys_distinct = lit;
  for (int i = 0; i < a->n; i++) {
    p->keys_distinct &= a->list[i]->kind == A_STR;
    lit &= literal(a->list[i]) && literal(a->list2[i]);
  }
  if (lit) {
    p->keys = TIRX_NEWN(ev->m, Value, a->n);
    p->vals = TIRX_NEWN(ev->m, Value, a->n);
    memcpy(p->keys, d.u.dict.keys, sizeof(Value) * (size_t)a->n);
    memcpy(p->vals, d.u.dict.vals, sizeof(Value) * (size_t)a->n);
  }
  txmap_put(&ev->py_dicts, a, p);
  return d;
}

/* not x: folded when x is known, else a traced E_NOT. */
static Value not_expr(Eval *ev, Ast *a) {
  Value v = ev_expr(ev, a->a);
  bool t;
  if (ev_truthy_const(ev, v, &t)) {
    Value r = v_make(V_BOOL, a->loc);
    r.u.i = !t;
    return r;
  }
  if (v.kind == V_ERROR) return v;
  Expr *e = to_bool_expr(ev, v, "operand of 'not'");
  if (!e) return v_make(V_ERROR, a->loc);
  /* `not` of a traced boolean stays traced, even of a constant one: TVM
   * neither folds `not T.bool(True)` nor prints it otherwise. */
  if (e->kind == E_INT && v.kind != V_EXPR)
    return v_expr(tirx_int(ev->m, e->dtype, !e->u.i.v, a->loc), a->loc);
  Expr *n = tirx_expr_new(ev->m, E_NOT, e->dtype, a->loc);
  n->u.un.a = e;
  return v_expr(n, a->loc);
}

/* x if c else y: the side c picks when known, else T.if_then_else. */
static Value if_expr(Eval *ev, Ast *a) {
  Value c = ev_expr(ev, a->a);
  bool t;
  if (ev_truthy_const(ev, c, &t)) return ev_expr(ev, t ? a->b : a->c);
  if (c.kind == V_ERROR) return c;
  Expr *ce = to_bool_expr(ev, c, "the condition of a conditional expression");
  Expr *x = ev_to_expr(ev, ev_expr(ev, a->b), "a value");
  Expr *y = ev_to_expr(ev, ev_expr(ev, a->c), "a value");
  if (!ce || !x || !y) return v_make(V_ERROR, a->loc);
  if (!promote(ev, &x, &y, a->loc)) return v_make(V_ERROR, a->loc);
  Expr **args = TIRX_NEWN(ev->m, Expr *, 3);
  args[0] = ce;
  args[1] = x;
  args[2] = y;
  return v_expr(tirx_call(ev->m, tirx_intrin(I_IF_THEN_ELSE), x->dtype, args, 3, a->loc), a->loc);
}

/* (name := v): binds name in the current scope (or rebinds it). */
static Value walrus(Eval *ev, Ast *a) {
  Value v = ev_expr(ev, a->a);
  if (v.kind == V_ERROR) return v;
  Binding *b = ev_lookup(ev, a->name);
  Value bv = v;
  bv.meta = false;
  if (b && (b->depth == ev->depth || b->depth == 0) && !b->immutable) b->v = bv;
  else ev_define(ev, a->name, bv, false, a->loc);
  return v;
}

Value ev_expr(Eval *ev, Ast *a) {
  if (!a) return v_make(V_NONE, (Loc){0, 0});
  switch ((AstKind)a->kind) {
  case A_NAME: return name(ev, a);
  case A_INT: {
    if (a->big == 1)
      return ev_error(ev, a->loc, "integer literal too large (tirx supports 64-bit integers)");
    Value v = v_int(a->ival, a->loc);
    v.uint_big = a->big == 2;
    return v;
  }
  case A_FLOAT: {
    Value v = v_make(V_FLOAT, a->loc);
    v.u.f = a->fval;
    return v;
  }
  case A_STR: {
    Value v = v_make(V_STR, a->loc);
    v.u.s.p = a->str;
    v.u.s.len = a->slen;
    return v;
  }
  case A_FSTR: return ev_core_hooks.fstring(ev, a);
  case A_CONST: {
    if (a->ival == 2) return v_make(V_NONE, a->loc);
    Value v = v_make(V_BOOL, a->loc);
    v.u.i = a->ival;
    return v;
  }
  case A_ATTR: {
    Value obj = ev_expr(ev, a->a);
    if (obj.kind == V_ERROR) return obj;
    return ev_attr_at(ev, obj, a);
  }
  case A_CALL: return ev_call(ev, a);
  case A_SUBSCRIPT: return ev_subscript(ev, a);
  case A_BINOP: {
    Value x = ev_expr(ev, a->a);
    Value y = ev_expr(ev, a->b);
    return ev_binop(ev, a->op, x, y, a->loc);
  }
  case A_UNARY: return unary(ev, a);
  case A_NOT: return not_expr(ev, a);
  case A_BOOLOP: return logic(ev, a->op == 1, ev_expr(ev, a->a), a->b, a->loc);
  case A_COMPARE: return compare(ev, a);
  case A_IFEXP: return if_expr(ev, a);
  case A_TUPLE: return list_value(ev, a, V_TUPLE);
  case A_LIST:
    return a->op == 's' ? ev_core_hooks.set(ev, list_value(ev, a, V_LIST))
                        : list_value(ev, a, V_LIST);
  case A_DICT: return dict_display(ev, a);
  case A_LAMBDA: return ev_core_hooks.lambda(ev, a);
  case A_WALRUS: return walrus(ev, a);
  case A_SLICE: return ev_error(ev, a->loc, "a slice is only valid inside '[...]'");
  case A_STAR: return ev_error(ev, a->loc, "'*' unpacking is not valid here");
  case A_KW: return ev_error(ev, a->loc, "keyword argument outside a call");
  case A_COMP: return ev_core_hooks.comp(ev, a);
  default: return ev_error(ev, a->loc, "statement used as an expression");
  }
}

/* ---- small typed getters used by builtins ---------------------------------- */

bool ev_get_int(Eval *ev, Value v, int64_t *out, const char *what) {
  if (v.kind == V_INT || v.kind == V_BOOL) {
    *out = v.u.i;
    return true;
  }
  if (v.kind == V_EXPR && v.u.e->kind == E_INT) {
    *out = v.u.e->u.i.v;
    return true;
  }
  if (v.kind != V_ERROR) ev_error(ev, v.loc, "%s must be an integer constant", what);
  return false;
}

bool ev_get_str(Eval *ev, Value v, const char **s, size_t *len, const char *what) {
  if (v.kind == V_STR) {
    *s = v.u.s.p;
    *len = v.u.s.len;
    return true;
  }
  if (v.kind != V_ERROR) ev_error(ev, v.loc, "%s must be a string literal", what);
  return false;
}

bool ev_get_dtype(Eval *ev, Value v, DType *out, const char *what) {
  if (v.kind == V_DTYPE) {
    *out = v.u.dt;
    return true;
  }
  if (v.kind == V_STR) {
    if (tirx_dtype_parse(v.u.s.p, v.u.s.len, out)) return true;
    ev_error(ev, v.loc, "unknown dtype \"%.*s\"", (int)(v.u.s.len > 40 ? 40 : v.u.s.len), v.u.s.p);
    return false;
  }
  if (v.kind == V_PTRTYPE) { /* T.handle().ty, as TVM prints a pointer return type */
    *out = tirx_dtype(DT_HANDLE);
    return true;
  }
  if (v.kind != V_ERROR)
    ev_error(ev, v.loc, "%s must be a dtype (a string like \"float32\" or T.float32)", what);
  return false;
}

Expr *ev_index_expr(Eval *ev, Value v, Loc loc) {
  Expr *e = ev_to_expr(ev, v, "an index");
  if (!e) return NULL;
  if (!tirx_dtype_is_int(e->dtype)) {
    char b[32];
    ev_error(ev, v.loc.line ? v.loc : loc, "buffer index must be an integer, got %s",
             tirx_dtype_str(e->dtype, b));
    return NULL;
  }
  return e;
}

/* ---- values as IR: attribute constants, storage scopes, buffer names ---------------- */

static Expr *list_expr(Eval *ev, Value v);

/* Converts any value to an expression for attribute/keyword storage:
 * Python scalars become POD constants (printed bare: True, 7, 1.5). */
Expr *ev_value_to_any(Eval *ev, Value v) {
  switch (v.kind) {
  case V_INT: {
    Expr *e = ev_to_expr(ev, v, "a value");
    if (e) e->u.i.pod = true;
    return e;
  }
  case V_BOOL: {
    Expr *e = tirx_int(ev->m, tirx_dtype(DT_BOOL), v.u.i != 0, v.loc);
    e->u.i.pod = true;
    return e;
  }
  case V_FLOAT: {
    Expr *e = tirx_float(ev->m, tirx_dtype(DT_FLOAT32), v.u.f, v.loc);
    e->u.f.pod = true;
    return e;
  }
  case V_TUPLE:
  case V_LIST: return list_expr(ev, v);
  case V_DICT: {
    /* string keys sorted byte-wise, as TVM's Map printer does, so that the
     * printed dict re-parses to the same IR */
    for (int i = 1; i < v.u.dict.n; i++)
      for (int j = i; j > 0; j--) {
        Value *ka = &v.u.dict.keys[j - 1], *kb = &v.u.dict.keys[j];
        if (ka->kind != V_STR || kb->kind != V_STR) break;
        size_t m = ka->u.s.len < kb->u.s.len ? ka->u.s.len : kb->u.s.len;
        int c = memcmp(ka->u.s.p, kb->u.s.p, m);
        if (c < 0 || (c == 0 && ka->u.s.len <= kb->u.s.len)) break;
        Value tk = *ka, tv = v.u.dict.vals[j - 1];
        *ka = *kb;
        v.u.dict.vals[j - 1] = v.u.dict.vals[j];
        *kb = tk;
        v.u.dict.vals[j] = tv;
      }
    Expr *e = tirx_expr_new(ev->m, E_DICT, tirx_dtype(DT_VOID), v.loc);
    e->u.dict.n = v.u.dict.n;
    e->u.dict.keys = TIRX_NEWN(ev->m, Expr *, v.u.dict.n + 1);
    e->u.dict.vals = TIRX_NEWN(ev->m, Expr *, v.u.dict.n + 1);
    for (int i = 0; i < v.u.dict.n; i++) {
      if (v.u.dict.keys[i].kind != V_STR) {
        ev_error(ev, v.u.dict.keys[i].loc, "dictionary keys must be strings");
        return NULL;
      }
      e->u.dict.keys[i] = ev_to_expr(ev, v.u.dict.keys[i], "a key");
      e->u.dict.vals[i] = ev_value_to_any(ev, v.u.dict.vals[i]);
      if (!e->u.dict.vals[i]) return NULL;
    }
    return e;
  }
  case V_BUFFER: {
    Expr *e = tirx_expr_new(ev->m, E_BUFREF, tirx_dtype(DT_HANDLE), v.loc);
    e->u.bufref = v.u.buf;
    return e;
  }
  case V_DTYPE: {
    Expr *e = tirx_expr_new(ev->m, E_DTYPE, v.u.dt, v.loc);
    return e;
  }
  case V_EXPR: return v.u.e; /* regions stay regions (tile-op arguments) */
  case V_ERROR:
  case V_NONE:
  case V_STR:
  case V_SCALAR:
  case V_NS:
  case V_PTRTYPE:
  case V_LOCALVEC:
  case V_LETTYPE:
  case V_BUFTYPE:
  case V_SLICE:
  case V_FRAME:
  case V_LAMBDA:
  case V_FUNCREF:
  case V_POOL:
  case V_MACRO:
  case V_PYFUNC:
  case V_CLASS:
  case V_OBJECT:
  case V_BOUND:
  case V_DESCR:
  case V_MODULE:
  case V_BUILTIN:
  case V_METHOD:
  case V_UNRESOLVED:
  case V_GLOBALVAR:
  case V_GLOBALDECL:
  case V_LIBMOD:
  case V_INDEXER:
  case V_METADATA:
  case V_STMT: break;
  }
  return ev_to_expr(ev, v, "a value");
}

static Expr *list_expr(Eval *ev, Value v) {
  Expr *e = tirx_expr_new(ev->m, v.kind == V_TUPLE ? E_TUPLE : E_LIST, tirx_dtype(DT_VOID), v.loc);
  e->u.list.n = v.u.list.n;
  e->u.list.items = TIRX_NEWN(ev->m, Expr *, v.u.list.n + 1);
  for (int i = 0; i < v.u.list.n; i++) {
    e->u.list.items[i] = ev_value_to_any(ev, v.u.list.items[i]);
    if (!e->u.list.items[i]) return NULL;
  }
  return e;
}

/* A storage scope argument (v NULL: dflt); "" is "global".  NULL after an error. */
const char *ev_scope_str(Eval *ev, Value *v, const char *dflt) {
  if (!v) return tirx_intern0(ev->m, dflt);
  const char *s;
  size_t n;
  if (!ev_get_str(ev, *v, &s, &n, "scope")) return NULL;
  if (n == 0) return tirx_intern0(ev->m, tirx_scope_name(MEM_GLOBAL));
  if (tirx_scope_lookup(s, n) != MEM_COUNT) return tirx_intern(ev->m, s, n);
  /* unknown: the closest of attrs.def's scopes within an edit distance of 2 */
  const char *best = NULL;
  int best_d = 3;
  char known[256];
  size_t kn = 0;
  known[0] = '\0';
  for (int k = 0; k < MEM_COUNT; k++) {
    const char *name = tirx_scope_name((TirxScope)k);
    int d = tirx_edit_distance(s, n, name, strlen(name));
    if (d < best_d) best_d = d, best = name;
    if (kn < sizeof known)
      kn += (size_t)snprintf(known + kn, sizeof known - kn, "%s%s", k ? ", " : "", name);
  }
  if (best)
    ev_error(ev, v->loc, "unknown storage scope '%.*s'; did you mean '%s'?", (int)n, s, best);
  else ev_error(ev, v->loc, "unknown storage scope '%.*s' (known: %s)", (int)n, s, known);
  return NULL;
}

/* Names a buffer and its data variable. */
void ev_rename_buffer(Eval *ev, Buffer *b, const char *name) {
  b->name = tirx_intern0(ev->m, name);
  if (b->data) b->data->name = b->name;
}
