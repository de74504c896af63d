/* T.* builtins (intrin_core.def) → LLVM.
 *
 * Math goes to libdevice (__nv_expf, linked only when used) unless LLVM has a
 * generic intrinsic NVPTX selects natively (sqrt, fabs, floor, ceil, trunc,
 * roundeven, fma); float16/bfloat16 math is computed in float32.
 * print_buffer follows runtime_semantics.md §6.1 (vprintf from thread (0,0,0)
 * of every block).
 */
#include <float.h>
#include <math.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Target/NVPTX/cg.h"
#include "Support/strbuf.h"

#define ARG(i) (e->u.call.args[i])

/* ---- math -------------------------------------------------------------------------- */

static const struct {
  IntrinId id;
  const char *nv;   /* libdevice base name: __nv_<nv>f / __nv_<nv> */
  const char *llvm; /* generic LLVM intrinsic, overloaded on the float type */
  int nargs;
} math_rows[] = {
    {I_FABS, NULL, "llvm.fabs", 1},
    {I_EXP, "exp", NULL, 1},
    {I_EXP2, "exp2", NULL, 1},
    {I_EXP10, "exp10", NULL, 1},
    {I_LOG, "log", NULL, 1},
    {I_LOG2, "log2", NULL, 1},
    {I_LOG10, "log10", NULL, 1},
    {I_SQRT, NULL, "llvm.sqrt", 1},
    {I_RSQRT, "rsqrt", NULL, 1},
    {I_TANH, "tanh", NULL, 1},
    {I_SIN, "sin", NULL, 1},
    {I_COS, "cos", NULL, 1},
    {I_TAN, "tan", NULL, 1},
    {I_SINH, "sinh", NULL, 1},
    {I_COSH, "cosh", NULL, 1},
    {I_ATAN, "atan", NULL, 1},
    {I_ERF, "erf", NULL, 1},
    {I_POW, "pow", NULL, 2},
    {I_FMOD, "fmod", NULL, 2},
    {I_FLOOR, NULL, "llvm.floor", 1},
    {I_CEIL, NULL, "llvm.ceil", 1},
    {I_TRUNC, NULL, "llvm.trunc", 1},
    {I_ROUND, NULL, "llvm.roundeven", 1},
    {I_NEARBYINT, NULL, "llvm.roundeven", 1},
    {I_FMA, NULL, "llvm.fma", 3},
};

/* One scalar lane of a libdevice call: f16/bf16 via f32. */
static LLVMValueRef nv_math(CG *cg, const char *nv, LLVMValueRef *args, int n, DType t) {
  char name[48];
  bool f64 = tirx_dtype_bits(t) == 64 && tirx_dtype_code(t) == DTC_FLOAT;
  LLVMTypeRef ct = f64 ? cg->t_f64 : cg->t_f32;
  LLVMValueRef a[3];
  for (int i = 0; i < n; i++) a[i] = cg_coerce(cg, args[i], ct, false);
  snprintf(name, sizeof name, "__nv_%s%s", nv, f64 ? "" : "f");
  LLVMValueRef r = cg_libdevice(cg, name, ct, a, n);
  DType s = t;
  s.lanes = 1;
  return cg_coerce(cg, r, cg_type(cg, s), false);
}

static LLVMValueRef emit_math(CG *cg, Expr *e) {
  DType t = e->dtype;
  if (!tirx_dtype_is_float(t) || tirx_dtype_code(t) == DTC_F8) {
    char s[32];
    cg_error(cg, e->loc, "T.%s expects a float16/bfloat16/float32/float64 value, got %s",
             e->u.call.op->name, tirx_dtype_str(t, s));
    return cg_poison(cg, t);
  }
  size_t r = 0;
  while (math_rows[r].id != e->u.call.op->id) r++;
  int n = math_rows[r].nargs;
  LLVMValueRef a[3];
  for (int i = 0; i < n; i++) a[i] = cg_cast(cg, cg_expr(cg, ARG(i)), ARG(i)->dtype, t, e->loc);
  if (math_rows[r].llvm) {
    LLVMTypeRef ty = cg_type(cg, t);
    return cg_intrinsic(cg, math_rows[r].llvm, &ty, 1, a, n);
  }
  if (t.lanes == 1) return nv_math(cg, math_rows[r].nv, a, n, t);
  LLVMValueRef out = LLVMGetUndef(cg_type(cg, t));
  for (int l = 0; l < t.lanes; l++) {
    LLVMValueRef la[3];
    for (int i = 0; i < n; i++) la[i] = LLVMBuildExtractElement(cg->b, a[i], cg_i32(cg, l), "");
    out = LLVMBuildInsertElement(cg->b, out, nv_math(cg, math_rows[r].nv, la, n, t), cg_i32(cg, l),
                                 "");
  }
  return out;
}

/* sigmoid(x) = 1 / (1 + exp(-x)) */
static LLVMValueRef emit_sigmoid(CG *cg, Expr *e) {
  DType t = e->dtype;
  if (!tirx_dtype_is_float(t) || tirx_dtype_code(t) == DTC_F8) return cg_unsupported(cg, e);
  LLVMValueRef x = cg_cast(cg, cg_expr(cg, ARG(0)), ARG(0)->dtype, t, e->loc);
  LLVMValueRef nx = LLVMBuildFNeg(cg->b, x, "");
  LLVMValueRef ex;
  if (t.lanes == 1) {
    ex = nv_math(cg, "exp", &nx, 1, t);
  } else {
    ex = LLVMGetUndef(cg_type(cg, t));
    for (int l = 0; l < t.lanes; l++) {
      LLVMValueRef v = LLVMBuildExtractElement(cg->b, nx, cg_i32(cg, l), "");
      ex = LLVMBuildInsertElement(cg->b, ex, nv_math(cg, "exp", &v, 1, t), cg_i32(cg, l), "");
    }
  }
  LLVMValueRef one = cg_const(cg, t, 1, 1.0);
  return LLVMBuildFDiv(cg->b, one, LLVMBuildFAdd(cg->b, one, ex, ""), "");
}

static LLVMValueRef emit_abs(CG *cg, Expr *e) {
  DType t = e->dtype;
  LLVMValueRef x = cg_expr(cg, ARG(0));
  LLVMTypeRef ty = LLVMTypeOf(x);
  switch (tirx_dtype_code(t)) {
  case DTC_INT: {
    LLVMValueRef args[2] = {x, LLVMConstInt(cg->t_i1, 0, 0)};
    return cg_intrinsic(cg, "llvm.abs", &ty, 1, args, 2);
  }
  case DTC_FLOAT:
  case DTC_BFLOAT: return cg_intrinsic(cg, "llvm.fabs", &ty, 1, &x, 1);
  default: return x;
  }
}

/* ---- bits ------------------------------------------------------------------------- */

static LLVMValueRef emit_bitwise(CG *cg, Expr *e) {
  DType t = e->dtype;
  LLVMValueRef a = cg_cast(cg, cg_expr(cg, ARG(0)), ARG(0)->dtype, t, e->loc);
  if (e->u.call.op->id == I_BITWISE_NOT) return LLVMBuildNot(cg->b, a, "");
  LLVMValueRef b = cg_cast(cg, cg_expr(cg, ARG(1)), ARG(1)->dtype, t, e->loc);
  switch (e->u.call.op->id) {
  case I_BITWISE_AND: return LLVMBuildAnd(cg->b, a, b, "");
  case I_BITWISE_OR: return LLVMBuildOr(cg->b, a, b, "");
  case I_BITWISE_XOR: return LLVMBuildXor(cg->b, a, b, "");
  case I_SHIFT_LEFT: return LLVMBuildShl(cg->b, a, b, "");
  default:
    return cg_dtype_signed(t) ? LLVMBuildAShr(cg->b, a, b, "") : LLVMBuildLShr(cg->b, a, b, "");
  }
}

static LLVMValueRef emit_bitcount(CG *cg, Expr *e) {
  LLVMValueRef x = cg_expr(cg, ARG(0));
  LLVMTypeRef ty = LLVMTypeOf(x);
  LLVMValueRef r;
  if (e->u.call.op->id == I_POPCOUNT) {
    r = cg_intrinsic(cg, "llvm.ctpop", &ty, 1, &x, 1);
  } else {
    LLVMValueRef args[2] = {x, LLVMConstInt(cg->t_i1, 0, 0)};
    r = cg_intrinsic(cg, "llvm.ctlz", &ty, 1, args, 2);
  }
  return r ? cg_coerce(cg, r, cg_type(cg, e->dtype), false) : NULL;
}

/* ---- values of a dtype -------------------------------------------------------------- */

static double float_max(DType t) {
  if (tirx_dtype_code(t) == DTC_BFLOAT) return 3.3895313892515355e38;
  switch (tirx_dtype_bits(t)) {
  case 16: return 65504.0;
  case 64: return DBL_MAX;
  default: return FLT_MAX;
  }
}

static LLVMValueRef emit_limit(CG *cg, Expr *e) {
  DType t = e->dtype;
  IntrinId id = e->u.call.op->id;
  bool hi = id != I_MIN_VALUE;
  switch (tirx_dtype_code(t)) {
  case DTC_FLOAT:
  case DTC_BFLOAT:
    if (id == I_INFINITY) return cg_const(cg, t, 0, (double)INFINITY);
    return cg_const(cg, t, 0, hi ? float_max(t) : -float_max(t));
  case DTC_INT: {
    int bits = tirx_dtype_bits(t);
    int64_t mx = bits >= 64 ? INT64_MAX : (int64_t)((1ULL << (bits - 1)) - 1);
    return cg_const(cg, t, hi ? mx : -mx - 1, 0.0);
  }
  case DTC_UINT:
  case DTC_BOOL: return cg_const(cg, t, hi ? -1 : 0, 0.0);
  default: return cg_unsupported(cg, e);
  }
}

/* ---- control ------------------------------------------------------------------------ */

/* if_then_else: the untaken side is not evaluated (unless both are trivial). */
static LLVMValueRef emit_if_then_else(CG *cg, Expr *e) {
  DType t = e->dtype;
  if (cg_expr_is_trivial(ARG(1)) && cg_expr_is_trivial(ARG(2))) {
    LLVMValueRef c = cg_cond(cg, ARG(0));
    LLVMValueRef a = cg_cast(cg, cg_expr(cg, ARG(1)), ARG(1)->dtype, t, e->loc);
    LLVMValueRef b = cg_cast(cg, cg_expr(cg, ARG(2)), ARG(2)->dtype, t, e->loc);
    return LLVMBuildSelect(cg->b, c, a, b, "");
  }
  LLVMValueRef c = cg_cond(cg, ARG(0));
  if (ARG(0)->dtype.lanes > 1) c = LLVMBuildExtractElement(cg->b, c, cg_i32(cg, 0), "");
  LLVMBasicBlockRef tb = cg_block(cg, "ite.then"), fb = cg_block(cg, "ite.else"),
                    end = cg_block(cg, "ite.end");
  LLVMBuildCondBr(cg->b, c, tb, fb);
  LLVMPositionBuilderAtEnd(cg->b, tb);
  LLVMValueRef a = cg_cast(cg, cg_expr(cg, ARG(1)), ARG(1)->dtype, t, e->loc);
  LLVMBasicBlockRef tb_end = LLVMGetInsertBlock(cg->b);
  LLVMBuildBr(cg->b, end);
  LLVMPositionBuilderAtEnd(cg->b, fb);
  LLVMValueRef b = cg_cast(cg, cg_expr(cg, ARG(2)), ARG(2)->dtype, t, e->loc);
  LLVMBasicBlockRef fb_end = LLVMGetInsertBlock(cg->b);
  LLVMBuildBr(cg->b, end);
  LLVMPositionBuilderAtEnd(cg->b, end);
  LLVMValueRef phi = LLVMBuildPhi(cg->b, cg_type(cg, t), "");
  LLVMValueRef vals[2] = {a, b};
  LLVMBasicBlockRef bbs[2] = {tb_end, fb_end};
  LLVMAddIncoming(phi, vals, bbs, 2);
  return phi;
}

static LLVMValueRef emit_likely(CG *cg, Expr *e) {
  LLVMValueRef c = cg_cond(cg, ARG(0));
  if (ARG(0)->dtype.lanes > 1) return c;
  LLVMTypeRef ty = cg->t_i1;
  LLVMValueRef args[2] = {c, LLVMConstInt(cg->t_i1, 1, 0)};
  return cg_intrinsic(cg, "llvm.expect", &ty, 1, args, 2);
}

static LLVMValueRef emit_assume(CG *cg, Expr *e) {
  LLVMValueRef c = cg_cond(cg, ARG(0));
  if (ARG(0)->dtype.lanes == 1) cg_intrinsic(cg, "llvm.assume", NULL, 0, &c, 1);
  return NULL;
}

/* ---- pointers ----------------------------------------------------------------------- */

static LLVMValueRef emit_reinterpret(CG *cg, Expr *e) {
  Expr *x = ARG(e->u.call.n - 1);
  DType from = x->dtype, to = e->dtype;
  LLVMValueRef v = cg_expr(cg, x);
  if (tirx_dtype_is_handle(from) || tirx_dtype_is_handle(to))
    return cg_coerce(cg, v, cg_type(cg, to), false);
  int fb = tirx_dtype_bits(from) * from.lanes, tb = tirx_dtype_bits(to) * to.lanes;
  if (fb != tb || tirx_dtype_is_bool(from) || tirx_dtype_is_bool(to)) {
    char a[32], b[32];
    cg_error(cg, e->loc, "T.reinterpret: %s and %s have different sizes", tirx_dtype_str(from, a),
             tirx_dtype_str(to, b));
    return cg_poison(cg, to);
  }
  return LLVMBuildBitCast(cg->b, v, cg_type(cg, to), "");
}

static LLVMValueRef emit_address_of(CG *cg, Expr *e) {
  Expr *x = ARG(0);
  if (x->kind == E_LOAD) {
    Buffer *b = x->u.load.buf;
    Expr **idx = x->u.load.idx;
    int n = x->u.load.n;
    if (n == 1 && idx[0]->kind == E_RAMP) idx = &idx[0]->u.ramp.base;
    LLVMValueRef i = cg_flat_index(cg, b, idx, n, x->loc);
    return cg_buffer_elem_ptr(cg, b, i, x->loc);
  }
  if (x->kind == E_VAR && tirx_dtype_is_handle(x->dtype)) return cg_expr(cg, x);
  if (x->kind == E_BUFREF) return cg_buffer_base(cg, x->u.bufref, x->loc);
  cg_error(cg, x->loc, "T.address_of expects a buffer element or a pointer variable");
  return NULL;
}

static LLVMValueRef emit_buffer_data(CG *cg, Expr *e) {
  Expr *x = ARG(0);
  if (x->kind == E_BUFREF) return cg_buffer_base(cg, x->u.bufref, x->loc);
  if (x->kind == E_REGION) return cg_buffer_base(cg, x->u.region.buf, x->loc);
  return cg_expr(cg, x);
}

/* tvm_access_ptr(ptype, data, offset, extent, rw_mask) = data + offset elements */
static LLVMValueRef emit_access_ptr(CG *cg, Expr *e) {
  DType et = ARG(0)->dtype;
  if (tirx_dtype_is_handle(et) || tirx_dtype_code(et) == DTC_VOID) et = tirx_dtype(DT_UINT8);
  LLVMValueRef p = cg_expr(cg, ARG(1));
  if (LLVMGetTypeKind(LLVMTypeOf(p)) != LLVMPointerTypeKind) p = cg_coerce(cg, p, cg->t_ptr, false);
  LLVMValueRef off = cg_coerce(cg, cg_expr(cg, ARG(2)), cg->t_i64, cg_dtype_signed(ARG(2)->dtype));
  return LLVMBuildGEP2(cg->b, cg_mem_type(cg, et), p, &off, 1, "");
}

/* call_extern(dtype, "name", args...): a device function declared by name.
 * The parser keeps the dtype as the call's type, so args are (name, ...);
 * an explicit leading dtype argument is skipped too. */
static LLVMValueRef emit_call_extern(CG *cg, Expr *e) {
  int first = 0;
  if (e->u.call.n > 1 && ARG(0)->kind != E_STR && ARG(1)->kind == E_STR) first = 1;
  Expr *name = e->u.call.n > first ? ARG(first) : NULL;
  if (!name || name->kind != E_STR) {
    cg_error(cg, name ? name->loc : e->loc, "T.%s: the function name must be a string literal",
             e->u.call.op->name);
    return NULL;
  }
  /* PTX identifiers: [A-Za-z_$][A-Za-z0-9_$]* (anything else aborts in LLVM's printer) */
  bool ok = name->u.s.len > 0 && name->u.s.len < 256 && !isdigit((unsigned char)name->u.s.p[0]);
  for (size_t i = 0; ok && i < name->u.s.len; i++) {
    unsigned char ch = (unsigned char)name->u.s.p[i];
    ok = isalnum(ch) || ch == '_' || ch == '$';
  }
  if (!ok) {
    cg_error(cg, name->loc, "T.%s: '%.*s' is not a valid PTX function name", e->u.call.op->name,
             (int)(name->u.s.len > 80 ? 80 : name->u.s.len), name->u.s.p);
    return NULL;
  }
  int n = e->u.call.n - first - 1;
  if (n > 32) {
    cg_error(cg, e->loc, "T.%s: at most 32 arguments are supported, got %d", e->u.call.op->name, n);
    return NULL;
  }
  LLVMValueRef args[32];
  LLVMTypeRef tys[32];
  for (int i = 0; i < n; i++) {
    args[i] = cg_expr(cg, ARG(first + 1 + i));
    tys[i] = LLVMTypeOf(args[i]);
  }
  LLVMTypeRef ret = cg_type(cg, e->dtype);
  LLVMTypeRef fty = LLVMFunctionType(ret, tys, (unsigned)n, 0);
  char fname[256];
  snprintf(fname, sizeof fname, "%.*s", (int)name->u.s.len, name->u.s.p);
  LLVMValueRef f = LLVMGetNamedFunction(cg->mod, fname);
  if (f && LLVMGlobalGetValueType(f) != fty) {
    cg_error(cg, e->loc, "T.%s: '%s' is called with two different signatures", e->u.call.op->name,
             fname);
    return NULL;
  }
  if (!f) f = LLVMAddFunction(cg->mod, fname, fty);
  LLVMValueRef call = LLVMBuildCall2(cg->b, fty, f, args, (unsigned)n, "");
  return tirx_dtype_code(e->dtype) == DTC_VOID ? NULL : call;
}

/* f(args): a call of the module's device function f, or of an external
 * one the module does not define (declared from the call: the cubin is then
 * relocatable, linked with f's definition later).  Pointers travel generic. */
static LLVMValueRef emit_call_func(CG *cg, Expr *e) {
  const char *name = e->u.call.name;
  if (!name) {
    cg_error(cg, e->loc, "T.call_func is internal: call a function by its name");
    return NULL;
  }
  PrimFunc *f = tirx_module_find(cg->m, name);
  int n = e->u.call.n;
  if (f && f->is_device_kernel) {
    cg_error(cg, e->loc, "'%s' is a kernel; a kernel cannot be called from device code", name);
    return NULL;
  }
  if (f && f->nparams != n) {
    cg_error(cg, e->loc, "function '%s' takes %d arguments, got %d", name, f->nparams, n);
    return NULL;
  }
  LLVMValueRef *args = tirx_xcalloc((size_t)(n ? n : 1), sizeof *args);
  LLVMTypeRef *tys = tirx_xcalloc((size_t)(n ? n : 1), sizeof *tys);
  LLVMValueRef r = NULL;
  for (int i = 0; i < n; i++) {
    Expr *a = ARG(i);
    LLVMValueRef v = cg_expr(cg, a);
    if (!v) goto done;
    if (LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind) {
      v = cg_cast_ptr(cg, v, AS_GENERIC);
    } else if (f) {
      DType want = f->params[i].var->dtype;
      v = cg_cast(cg, v, a->dtype, want, a->loc);
      if (tirx_dtype_is_bool(want)) v = LLVMBuildZExt(cg->b, v, cg->t_i8, "");
    } else if (tirx_dtype_is_bool(a->dtype)) {
      v = LLVMBuildZExt(cg->b, v, cg->t_i8, "");
    }
    args[i] = v;
    tys[i] = LLVMTypeOf(v);
  }
  LLVMValueRef fn;
  LLVMTypeRef fty;
  if (f) {
    fn = cg_device_func(cg, f);
    fty = LLVMGlobalGetValueType(fn);
  } else {
    fty = LLVMFunctionType(cg_type(cg, e->dtype), tys, (unsigned)n, 0);
    fn = LLVMGetNamedFunction(cg->mod, name);
    if (fn && LLVMGlobalGetValueType(fn) != fty) {
      cg_error(cg, e->loc, "function '%s' is called with two different signatures", name);
      goto done;
    }
    if (!fn) {
      fn = LLVMAddFunction(cg->mod, name, fty);
      if (!cg->nexterns++) {
        cg->extern_name = name;
        cg->extern_loc = e->loc;
      }
    }
  }
  r = LLVMBuildCall2(cg->b, fty, fn, args, (unsigned)n, "");
  if (tirx_dtype_code(e->dtype) == DTC_VOID) r = NULL;
  else if (f && f->has_ret) r = cg_cast(cg, r, f->ret, e->dtype, e->loc);
done:
  free(args);
  free(tys);
  return r;
}

static LLVMValueRef emit_storage_sync(CG *cg, Expr *e) {
  Expr *s = ARG(0);
  TirxScope sc = s->kind == E_STR ? tirx_scope_lookup(s->u.s.p, s->u.s.len) : MEM_COUNT;
  if (sc == MEM_WARP) return NULL;
  if (sc == MEM_SHARED || sc == MEM_SHARED_DYN) {
    LLVMValueRef zero = cg_i32(cg, 0);
    cg_intrinsic(cg, "llvm.nvvm.barrier.cta.sync.aligned.all", NULL, 0, &zero, 1);
    return NULL;
  }
  cg_error(cg, e->loc,
           "T.tvm_storage_sync: only \"shared\" and \"warp\" are supported on the device");
  return NULL;
}

static LLVMValueRef emit_tvm_shuffle(CG *cg, Expr *e) {
  ShflMode m = e->u.call.op->id == I_WARP_SHUFFLE        ? SHFL_IDX
               : e->u.call.op->id == I_WARP_SHUFFLE_UP   ? SHFL_UP
               : e->u.call.op->id == I_WARP_SHUFFLE_DOWN ? SHFL_DOWN
                                                         : SHFL_BFLY;
  LLVMValueRef mask = cg_expr(cg, ARG(0)), v = cg_expr(cg, ARG(1));
  LLVMValueRef lane = cg_expr(cg, ARG(2)), width = cg_expr(cg, ARG(3));
  v = cg_shfl(cg, m, mask, v, ARG(1)->dtype, lane, width);
  return cg_cast(cg, v, ARG(1)->dtype, e->dtype, e->loc);
}

/* T.handle_add_byte_offset(p, n) / T.ptr_byte_offset(p, n, T.type_annotation(t)):
 * the pointer n bytes on. */
static LLVMValueRef emit_byte_offset(CG *cg, Expr *e) {
  LLVMValueRef p = cg_expr(cg, ARG(0));
  if (LLVMGetTypeKind(LLVMTypeOf(p)) != LLVMPointerTypeKind)
    p = LLVMBuildIntToPtr(cg->b, p, cg->t_ptr, "");
  LLVMValueRef n = cg_coerce(cg, cg_expr(cg, ARG(1)), cg->t_i64, cg_dtype_signed(ARG(1)->dtype));
  return LLVMBuildGEP2(cg->b, cg->t_i8, p, &n, 1, "");
}

/* T.filter(var, pred): pred (the scope id only marks the thread set) */
static LLVMValueRef emit_filter(CG *cg, Expr *e) { return cg_cond(cg, ARG(1)); }

/* T.Shuffle([v...], [i...]): lanes of the concatenated vectors. */
static LLVMValueRef emit_shuffle(CG *cg, Expr *e) {
  Expr *vs = ARG(0), *ix = ARG(1);
  int total = 0;
  for (int i = 0; i < vs->u.list.n; i++) total += vs->u.list.items[i]->dtype.lanes;
  LLVMValueRef *lanes = tirx_xcalloc((size_t)(total ? total : 1), sizeof *lanes);
  int k = 0;
  for (int i = 0; i < vs->u.list.n; i++) {
    Expr *v = vs->u.list.items[i];
    LLVMValueRef x = cg_expr(cg, v);
    if (v->dtype.lanes == 1) {
      lanes[k++] = x;
      continue;
    }
    for (int j = 0; j < v->dtype.lanes; j++)
      lanes[k++] = LLVMBuildExtractElement(cg->b, x, cg_i32(cg, j), "");
  }
  LLVMValueRef r;
  int64_t c = 0;
  if (e->dtype.lanes == 1) {
    tirx_expr_is_const_int(ix->u.list.items[0], &c);
    r = lanes[c];
  } else {
    r = LLVMGetUndef(cg_type(cg, e->dtype));
    for (int j = 0; j < ix->u.list.n; j++) {
      tirx_expr_is_const_int(ix->u.list.items[j], &c);
      r = LLVMBuildInsertElement(cg->b, r, lanes[c], cg_i32(cg, j), "");
    }
  }
  free(lanes);
  return r;
}

static LLVMValueRef emit_activemask(CG *cg, Expr *e) {
  (void)e;
  return cg_intrinsic(cg, "llvm.nvvm.activemask", NULL, 0, NULL, 0);
}

/* ---- print_buffer ----------------------------------------------------------------- */

static void sb_rep(StrBuf *s, const char *t, int n) {
  for (int i = 0; i < n; i++) strbuf_puts(s, t);
}

static const char *print_fmt(DType t) {
  switch (tirx_dtype_code(t)) {
  case DTC_FLOAT:
  case DTC_BFLOAT: return "%f";
  case DTC_INT: return tirx_dtype_bits(t) == 64 ? "%lld" : "%d";
  case DTC_UINT: return tirx_dtype_bits(t) == 64 ? "%llu" : "%u";
  case DTC_BOOL: return "%d";
  default: return NULL;
  }
}

/* The separator before element i > 0 when the outermost dimension that
 * advances is d: close the inner dims, a newline, d + 2 spaces, reopen. */
static void separator(StrBuf *s, int ndim, int d) {
  if (d == ndim - 1) {
    strbuf_puts(s, " ");
    return;
  }
  sb_rep(s, "]", ndim - 1 - d);
  strbuf_puts(s, "\n");
  sb_rep(s, " ", d + 2);
  sb_rep(s, "[", ndim - 1 - d);
}

static void flush_printf(CG *cg, StrBuf *fmt, LLVMValueRef *args, int *nargs) {
  if (fmt->n == 0) return;
  cg_vprintf(cg, cg_cstring(cg, fmt->p, fmt->n), args, *nargs);
  fmt->n = 0;
  fmt->p[0] = '\0';
  *nargs = 0;
}

static LLVMValueRef load_elem(CG *cg, LLVMValueRef base, LLVMValueRef i, DType t) {
  LLVMValueRef p = LLVMBuildGEP2(cg->b, cg_mem_type(cg, t), base, &i, 1, "");
  return cg_printf_promote(cg, cg_load_typed(cg, p, t, 0), t);
}

static LLVMValueRef emit_print_buffer(CG *cg, Expr *e) {
  int n = e->u.call.n;
  Expr *ptr = ARG(0), *dt = ARG(1);
  int64_t is_string = 0, is_scalar = 0, ndim = 0;
  DType t;
  if (dt->kind == E_DTYPE) t = dt->dtype;
  else if (dt->kind != E_STR || !tirx_dtype_parse(dt->u.s.p, dt->u.s.len, &t)) {
    cg_error(cg, dt->loc, "T.print_buffer: the dtype must be a string such as \"float32\"");
    return NULL;
  }
  if (!cg_const_arg(cg, e, 2, "is_string", &is_string) ||
      !cg_const_arg(cg, e, 3, "is_scalar", &is_scalar) || !cg_const_arg(cg, e, 4, "ndim", &ndim))
    return NULL;
  if (is_string && is_scalar) {
    cg_error(cg, e->loc, "T.print_buffer: a buffer cannot be both a string and a scalar");
    return NULL;
  }
  Expr **shape = n > 5 ? &ARG(5) : NULL;
  int nshape = n - 5;
  if (nshape == 1 && (shape[0]->kind == E_TUPLE || shape[0]->kind == E_LIST)) {
    nshape = shape[0]->u.list.n;
    shape = shape[0]->u.list.items;
  }
  const char *efmt = print_fmt(t);
  char tname[32];
  tirx_dtype_str(t, tname);
  if (!is_string && (!efmt || t.lanes > 1)) {
    cg_error(cg, dt->loc, "T.print_buffer: cannot print %s values", tname);
    return NULL;
  }
  if (!is_string && !is_scalar && (ndim < 0 || ndim > 8)) {
    cg_error(cg, e->loc, "T.print_buffer: 0 to 8 dimensions are supported, not %lld",
             (long long)ndim);
    return NULL;
  }
  if (!is_string && !is_scalar && nshape != ndim) {
    cg_error(cg, e->loc, "T.print_buffer: %lld dimensions but %d extents", (long long)ndim, nshape);
    return NULL;
  }
  const char *name = ptr->kind == E_STR                         ? "string_literal"
                     : ptr->kind == E_VAR && ptr->u.var->buffer ? ptr->u.var->buffer->name
                     : ptr->kind == E_VAR                       ? ptr->u.var->name
                                                                : "buffer";

  /* if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) */
  LLVMValueRef tx = cg_sreg(cg, "tid.x"), ty = cg_sreg(cg, "tid.y"), tz = cg_sreg(cg, "tid.z");
  LLVMValueRef any = LLVMBuildOr(cg->b, LLVMBuildOr(cg->b, tx, ty, ""), tz, "");
  LLVMBasicBlockRef body = cg_block(cg, "print.body"), end = cg_block(cg, "print.end");
  LLVMBuildCondBr(cg->b, LLVMBuildICmp(cg->b, LLVMIntEQ, any, cg_i32(cg, 0), ""), body, end);
  LLVMPositionBuilderAtEnd(cg->b, body);

  StrBuf fmt = {0};
  LLVMValueRef args[40];
  int nargs = 0;
  LLVMValueRef p = cg_expr(cg, ptr);
  if (is_string) {
    strbuf_puts(&fmt, name);
    strbuf_puts(&fmt, ": %s\n\n");
    args[nargs++] = cg_coerce(cg, p, cg->t_ptr, false);
  } else if (is_scalar) {
    strbuf_puts(&fmt, "Scalar (dtype: ");
    strbuf_puts(&fmt, tname);
    strbuf_puts(&fmt, "): ");
    strbuf_puts(&fmt, efmt);
    strbuf_puts(&fmt, "\n\n");
    LLVMValueRef v = LLVMGetTypeKind(LLVMTypeOf(p)) == LLVMPointerTypeKind
                         ? load_elem(cg, p, cg_i32(cg, 0), t)
                         : cg_printf_promote(cg, cg_cast(cg, p, ptr->dtype, t, e->loc), t);
    args[nargs++] = v;
  } else {
    if (LLVMGetTypeKind(LLVMTypeOf(p)) != LLVMPointerTypeKind) {
      cg_error(cg, ptr->loc, "T.print_buffer: expected a buffer's data pointer");
      free(fmt.p);
      LLVMBuildBr(cg->b, end);
      LLVMPositionBuilderAtEnd(cg->b, end);
      return NULL;
    }
    int64_t dims[8], total = 1;
    bool constant = ndim <= 8;
    for (int i = 0; i < ndim && constant; i++) {
      constant = tirx_expr_is_const_int(shape[i], &dims[i]) && dims[i] >= 0;
      if (constant) total *= dims[i];
    }
    constant = constant && total <= 1024;
    /* header: (<name>, shape=(d0,d1), dtype=<dtype>):\n -- extents joined
     * by "," alone, no trailing comma, as TVM's PrintBufferCall writes them */
    strbuf_puts(&fmt, "(");
    strbuf_puts(&fmt, name);
    strbuf_puts(&fmt, ", shape=(");
    for (int i = 0; i < ndim; i++) {
      char d[32];
      if (constant) {
        snprintf(d, sizeof d, "%lld", (long long)dims[i]);
        strbuf_puts(&fmt, d);
      } else {
        strbuf_puts(&fmt, "%lld");
        args[nargs++] = cg_coerce(cg, cg_expr(cg, shape[i]), cg->t_i64, true);
      }
      if (i + 1 < ndim) strbuf_puts(&fmt, ",");
    }
    strbuf_puts(&fmt, "), dtype=");
    strbuf_puts(&fmt, tname);
    strbuf_puts(&fmt, "):\n");
    if (constant) {
      if (total == 0) sb_rep(&fmt, "[", (int)ndim);
      for (int64_t i = 0; i < total; i++) {
        if (i == 0) {
          sb_rep(&fmt, "[", (int)ndim);
        } else {
          int d = (int)ndim - 1;
          int64_t stride = dims[d];
          while (d > 0 && i % stride == 0) stride *= dims[--d];
          separator(&fmt, (int)ndim, d);
        }
        strbuf_puts(&fmt, efmt);
        args[nargs++] = load_elem(cg, p, cg_i64(cg, i), t);
        if (nargs == 32) flush_printf(cg, &fmt, args, &nargs);
      }
      sb_rep(&fmt, "]", (int)ndim);
      strbuf_puts(&fmt, "\n");
      flush_printf(cg, &fmt, args, &nargs);
    } else {
      flush_printf(cg, &fmt, args, &nargs);
      /* runtime loop over the flat index; the separator is chosen per element */
      LLVMValueRef dimv[8], stridev[8];
      LLVMValueRef total_v = cg_i64(cg, 1);
      for (int i = (int)ndim - 1; i >= 0; i--) {
        dimv[i] = cg_coerce(cg, cg_expr(cg, shape[i]), cg->t_i64, true);
        total_v = LLVMBuildMul(cg->b, total_v, dimv[i], "");
        stridev[i] = total_v; /* product of dims i.. */
      }
      LLVMValueRef seps[9];
      for (int d = 0; d < ndim; d++) {
        StrBuf s = {0};
        separator(&s, (int)ndim, d);
        seps[d] = cg_cstring(cg, s.p, s.n);
        free(s.p);
      }
      StrBuf open = {0};
      sb_rep(&open, "[", (int)ndim);
      LLVMValueRef first = cg_cstring(cg, open.p, open.n);
      free(open.p);
      StrBuf ef = {0};
      strbuf_puts(&ef, "%s");
      strbuf_puts(&ef, efmt);
      LLVMValueRef elem_fmt = cg_cstring(cg, ef.p, ef.n);
      free(ef.p);
      LLVMBasicBlockRef pre = LLVMGetInsertBlock(cg->b);
      LLVMBasicBlockRef head = cg_block(cg, "print.head"), lb = cg_block(cg, "print.elem"),
                        done = cg_block(cg, "print.done");
      LLVMBuildBr(cg->b, head);
      LLVMPositionBuilderAtEnd(cg->b, head);
      LLVMValueRef iv = LLVMBuildPhi(cg->b, cg->t_i64, "i");
      LLVMBuildCondBr(cg->b, LLVMBuildICmp(cg->b, LLVMIntSLT, iv, total_v, ""), lb, done);
      LLVMPositionBuilderAtEnd(cg->b, lb);
      /* sep = i == 0 ? "[[" : the separator of the outermost d with i % stride[d+1] == 0 */
      LLVMValueRef sep = seps[ndim > 0 ? ndim - 1 : 0];
      for (int d = (int)ndim - 2; d >= 0; d--) {
        LLVMValueRef r = LLVMBuildSRem(cg->b, iv, stridev[d + 1], "");
        sep = LLVMBuildSelect(cg->b, LLVMBuildICmp(cg->b, LLVMIntEQ, r, cg_i64(cg, 0), ""), seps[d],
                              sep, "");
      }
      sep = LLVMBuildSelect(cg->b, LLVMBuildICmp(cg->b, LLVMIntEQ, iv, cg_i64(cg, 0), ""), first,
                            sep, "");
      LLVMValueRef pa[2] = {sep, load_elem(cg, p, iv, t)};
      cg_vprintf(cg, elem_fmt, pa, 2);
      LLVMValueRef next = LLVMBuildAdd(cg->b, iv, cg_i64(cg, 1), "");
      LLVMBasicBlockRef lb_end = LLVMGetInsertBlock(cg->b);
      LLVMBuildBr(cg->b, head);
      LLVMValueRef vals[2] = {cg_i64(cg, 0), next};
      LLVMBasicBlockRef bbs[2] = {pre, lb_end};
      LLVMAddIncoming(iv, vals, bbs, 2);
      LLVMPositionBuilderAtEnd(cg->b, done);
      sb_rep(&fmt, "]", (int)ndim);
      strbuf_puts(&fmt, "\n");
    }
  }
  flush_printf(cg, &fmt, args, &nargs);
  free(fmt.p);
  LLVMBuildBr(cg->b, end);
  LLVMPositionBuilderAtEnd(cg->b, end);
  return NULL;
}

/* ---- the table ------------------------------------------------------------------ */

static const CgIntrinFn core_table[INTRIN_COUNT] = {
    [I_PRINT_BUFFER] = emit_print_buffer,
    [I_REINTERPRET] = emit_reinterpret,
    [I_IF_THEN_ELSE] = emit_if_then_else,
    [I_LIKELY] = emit_likely,
    [I_ADDRESS_OF] = emit_address_of,
    [I_BITWISE_AND] = emit_bitwise,
    [I_BITWISE_OR] = emit_bitwise,
    [I_BITWISE_XOR] = emit_bitwise,
    [I_BITWISE_NOT] = emit_bitwise,
    [I_SHIFT_LEFT] = emit_bitwise,
    [I_SHIFT_RIGHT] = emit_bitwise,
    [I_POPCOUNT] = emit_bitcount,
    [I_CLZ] = emit_bitcount,
    [I_ABS] = emit_abs,
    [I_FABS] = emit_math,
    [I_EXP] = emit_math,
    [I_EXP2] = emit_math,
    [I_EXP10] = emit_math,
    [I_LOG] = emit_math,
    [I_LOG2] = emit_math,
    [I_LOG10] = emit_math,
    [I_SQRT] = emit_math,
    [I_RSQRT] = emit_math,
    [I_TANH] = emit_math,
    [I_SIN] = emit_math,
    [I_COS] = emit_math,
    [I_TAN] = emit_math,
    [I_SINH] = emit_math,
    [I_COSH] = emit_math,
    [I_ATAN] = emit_math,
    [I_ERF] = emit_math,
    [I_SIGMOID] = emit_sigmoid,
    [I_POW] = emit_math,
    [I_FMOD] = emit_math,
    [I_FLOOR] = emit_math,
    [I_CEIL] = emit_math,
    [I_TRUNC] = emit_math,
    [I_ROUND] = emit_math,
    [I_NEARBYINT] = emit_math,
    [I_FMA] = emit_math,
    [I_MIN_VALUE] = emit_limit,
    [I_MAX_VALUE] = emit_limit,
    [I_INFINITY] = emit_limit,
    [I_ASSUME] = emit_assume,
    [I_CALL_EXTERN] = emit_call_extern,
    [I_CALL_FUNC] = emit_call_func,
    [I_CALL_PURE_EXTERN] = emit_call_extern,
    [I_TVM_STORAGE_SYNC] = emit_storage_sync,
    [I_WARP_SHUFFLE] = emit_tvm_shuffle,
    [I_WARP_SHUFFLE_UP] = emit_tvm_shuffle,
    [I_WARP_SHUFFLE_DOWN] = emit_tvm_shuffle,
    [I_WARP_SHUFFLE_XOR] = emit_tvm_shuffle,
    [I_WARP_ACTIVEMASK] = emit_activemask,
    [I_SHUFFLE] = emit_shuffle,
    [I_HANDLE_ADD_BYTE_OFFSET] = emit_byte_offset,
    [I_PTR_BYTE_OFFSET] = emit_byte_offset,
    [I_FILTER] = emit_filter,
    [I_TVM_ACCESS_PTR] = emit_access_ptr,
    [I_BUFFER_DATA] = emit_buffer_data,
};

CgIntrinFn cg_intrin_core(IntrinId id) { return id < INTRIN_COUNT ? core_table[id] : NULL; }
