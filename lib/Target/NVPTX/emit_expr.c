/* Expressions: dtypes → LLVM types, constants, casts, arithmetic with TIRx
 * semantics (floor division/modulo), logic, loads and ramps.
 *
 * Register types: bool is i1, float16 `half`, bfloat16 `bfloat`, fp8/fp6/fp4
 * are i8 bit patterns, handles are pointers, lanes > 1 are LLVM vectors.  In
 * memory bool is i8.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "Target/NVPTX/cg.h"

/* ---- types ------------------------------------------------------------------ */

static LLVMTypeRef scalar_type(CG *cg, DType t, bool mem) {
  switch (tirx_dtype_code(t)) {
  case DTC_INT:
  case DTC_UINT: return LLVMIntTypeInContext(cg->ctx, (unsigned)tirx_dtype_bits(t));
  case DTC_FLOAT:
    switch (tirx_dtype_bits(t)) {
    case 16: return cg->t_f16;
    case 64: return cg->t_f64;
    default: return cg->t_f32;
    }
  case DTC_BFLOAT: return cg->t_bf16;
  case DTC_F8:
  case DTC_F6:
  case DTC_F4: return cg->t_i8;
  case DTC_BOOL: return mem ? cg->t_i8 : cg->t_i1;
  case DTC_HANDLE: return cg->t_ptr;
  case DTC_VOID: return cg->t_void;
  }
  return cg->t_i32;
}

LLVMTypeRef cg_type(CG *cg, DType t) {
  LLVMTypeRef s = scalar_type(cg, t, false);
  return t.lanes > 1 ? LLVMVectorType(s, t.lanes) : s;
}

LLVMTypeRef cg_mem_type(CG *cg, DType t) {
  LLVMTypeRef s = scalar_type(cg, t, true);
  return t.lanes > 1 ? LLVMVectorType(s, t.lanes) : s;
}

LLVMTypeRef cg_ptr_type(CG *cg, unsigned as) { return LLVMPointerTypeInContext(cg->ctx, as); }

int cg_dtype_bytes(DType t) {
  int bits = tirx_dtype_bits(t);
  if (tirx_dtype_is_bool(t) || bits < 8) return 1;
  return bits / 8;
}

bool cg_dtype_signed(DType t) { return tirx_dtype_code(t) == DTC_INT; }

static bool is_fp(DType t) {
  DTypeCode c = tirx_dtype_code(t);
  return c == DTC_FLOAT || c == DTC_BFLOAT;
}

LLVMValueRef cg_poison(CG *cg, DType t) {
  if (tirx_dtype_code(t) == DTC_VOID) return LLVMGetPoison(cg->t_i32);
  return LLVMGetPoison(cg_type(cg, t));
}

LLVMValueRef cg_i32(CG *cg, int64_t v) { return LLVMConstInt(cg->t_i32, (unsigned long long)v, 1); }
LLVMValueRef cg_i64(CG *cg, int64_t v) { return LLVMConstInt(cg->t_i64, (unsigned long long)v, 1); }

LLVMValueRef cg_splat(CG *cg, LLVMValueRef v, int lanes) {
  if (lanes <= 1) return v;
  LLVMTypeRef vt = LLVMVectorType(LLVMTypeOf(v), (unsigned)lanes);
  LLVMValueRef one = LLVMBuildInsertElement(cg->b, LLVMGetPoison(vt), v, cg_i32(cg, 0), "");
  LLVMValueRef mask = LLVMConstNull(LLVMVectorType(cg->t_i32, (unsigned)lanes));
  return LLVMBuildShuffleVector(cg->b, one, LLVMGetPoison(vt), mask, "");
}

LLVMValueRef cg_const(CG *cg, DType t, int64_t iv, double fv) {
  DType s = t;
  s.lanes = 1;
  LLVMTypeRef ty = scalar_type(cg, s, false);
  LLVMValueRef c;
  switch (tirx_dtype_code(s)) {
  case DTC_FLOAT:
  case DTC_BFLOAT: c = LLVMConstReal(ty, fv); break;
  case DTC_BOOL: c = LLVMConstInt(ty, iv != 0, 0); break;
  case DTC_HANDLE: c = iv ? LLVMConstIntToPtr(cg_i64(cg, iv), ty) : LLVMConstNull(ty); break;
  case DTC_VOID: return LLVMGetPoison(cg->t_i32);
  default: c = LLVMConstInt(ty, (unsigned long long)iv, cg_dtype_signed(s)); break;
  }
  if (t.lanes <= 1) return c;
  LLVMValueRef elems[64];
  int n = t.lanes > 64 ? 64 : t.lanes;
  for (int i = 0; i < n; i++) elems[i] = c;
  return LLVMConstVector(elems, (unsigned)n);
}

unsigned cg_ptr_as(LLVMValueRef p) { return LLVMGetPointerAddressSpace(LLVMTypeOf(p)); }

LLVMValueRef cg_cast_ptr(CG *cg, LLVMValueRef p, unsigned as) {
  unsigned from = cg_ptr_as(p);
  if (from == as) return p;
  if (from == AS_SHARED && as == AS_SHARED_CLUSTER) {
    /* A shared::cta address is the executing CTA's shared::cluster address
     * (PTX ISA, state spaces): the same 32 bits, no round trip through cvta. */
    LLVMValueRef bits = LLVMBuildPtrToInt(cg->b, p, cg->t_i32, "");
    return LLVMBuildIntToPtr(cg->b, bits, cg_ptr_type(cg, as), "");
  }
  if (from != AS_GENERIC && as != AS_GENERIC) p = LLVMBuildAddrSpaceCast(cg->b, p, cg->t_ptr, "");
  return LLVMBuildAddrSpaceCast(cg->b, p, cg_ptr_type(cg, as), "");
}

LLVMValueRef cg_bool(CG *cg, LLVMValueRef v) {
  LLVMTypeRef t = LLVMTypeOf(v);
  LLVMTypeRef s = LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
  switch (LLVMGetTypeKind(s)) {
  case LLVMIntegerTypeKind:
    if (LLVMGetIntTypeWidth(s) == 1) return v;
    return LLVMBuildICmp(cg->b, LLVMIntNE, v, LLVMConstNull(t), "");
  case LLVMPointerTypeKind: return LLVMBuildIsNotNull(cg->b, v, "");
  default: return LLVMBuildFCmp(cg->b, LLVMRealUNE, v, LLVMConstNull(t), "");
  }
}

static bool type_is_int(LLVMTypeRef t) { return LLVMGetTypeKind(t) == LLVMIntegerTypeKind; }
static bool type_is_fp(LLVMTypeRef t) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  return k == LLVMHalfTypeKind || k == LLVMBFloatTypeKind || k == LLVMFloatTypeKind ||
         k == LLVMDoubleTypeKind;
}
static unsigned type_bits(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind: return LLVMGetIntTypeWidth(t);
  case LLVMHalfTypeKind:
  case LLVMBFloatTypeKind: return 16;
  case LLVMFloatTypeKind: return 32;
  case LLVMDoubleTypeKind: return 64;
  case LLVMPointerTypeKind: return 64;
  default: return 0;
  }
}

LLVMValueRef cg_coerce(CG *cg, LLVMValueRef v, LLVMTypeRef ty, bool is_signed) {
  LLVMTypeRef vt = LLVMTypeOf(v);
  if (vt == ty) return v;
  LLVMTypeKind vk = LLVMGetTypeKind(vt), tk = LLVMGetTypeKind(ty);
  /* two vectors of one lane count convert lane-wise (LLVM's casts take vectors):
   * the int and float rules below read their element types */
  LLVMTypeRef ve = vt, te = ty;
  unsigned lanes = 0;
  if (vk == LLVMVectorTypeKind && tk == LLVMVectorTypeKind &&
      LLVMGetVectorSize(vt) == LLVMGetVectorSize(ty)) {
    ve = LLVMGetElementType(vt), te = LLVMGetElementType(ty);
    lanes = LLVMGetVectorSize(vt);
  }
  if (type_is_int(ve) && type_is_int(te)) {
    unsigned vb = LLVMGetIntTypeWidth(ve), tb = LLVMGetIntTypeWidth(te);
    if (tb == 1) return cg_bool(cg, v);
    if (vb == tb) return v;
    if (vb > tb) return LLVMBuildTrunc(cg->b, v, ty, "");
    return is_signed && vb > 1 ? LLVMBuildSExt(cg->b, v, ty, "") : LLVMBuildZExt(cg->b, v, ty, "");
  }
  if (type_is_fp(ve) && type_is_fp(te)) {
    unsigned vb = type_bits(ve), tb = type_bits(te);
    if (vb == tb) { /* half <-> bfloat, through float */
      v = LLVMBuildFPExt(cg->b, v, lanes ? LLVMVectorType(cg->t_f32, lanes) : cg->t_f32, "");
      return LLVMBuildFPTrunc(cg->b, v, ty, "");
    }
    return vb < tb ? LLVMBuildFPExt(cg->b, v, ty, "") : LLVMBuildFPTrunc(cg->b, v, ty, "");
  }
  if (vk == LLVMPointerTypeKind && tk == LLVMPointerTypeKind)
    return cg_cast_ptr(cg, v, LLVMGetPointerAddressSpace(ty));
  if (vk == LLVMIntegerTypeKind && tk == LLVMPointerTypeKind) {
    if (LLVMGetIntTypeWidth(vt) < 64) v = LLVMBuildZExt(cg->b, v, cg->t_i64, "");
    return LLVMBuildIntToPtr(cg->b, v, ty, "");
  }
  if (vk == LLVMPointerTypeKind && tk == LLVMIntegerTypeKind) {
    if (cg_ptr_as(v) != AS_GENERIC && LLVMGetIntTypeWidth(ty) == 64)
      v = cg_cast_ptr(cg, v, AS_GENERIC);
    return LLVMBuildPtrToInt(cg->b, v, ty, "");
  }
  if (type_bits(vt) == type_bits(ty) && type_bits(vt)) return LLVMBuildBitCast(cg->b, v, ty, "");
  if (type_is_fp(vt) && type_is_int(ty)) { /* bit pattern, widened/narrowed */
    LLVMValueRef bits =
        LLVMBuildBitCast(cg->b, v, LLVMIntTypeInContext(cg->ctx, type_bits(vt)), "");
    return cg_coerce(cg, bits, ty, false);
  }
  if (type_is_int(vt) && type_is_fp(ty)) {
    LLVMValueRef bits = cg_coerce(cg, v, LLVMIntTypeInContext(cg->ctx, type_bits(ty)), false);
    return LLVMBuildBitCast(cg->b, bits, ty, "");
  }
  return LLVMGetPoison(ty);
}

/* ---- casts ------------------------------------------------------------------ */

static bool fp8_kind(DType t, const char **name) {
  switch ((DTypeId)t.id) {
  case DT_E4M3FN: *name = "e4m3x2"; return true;
  case DT_E5M2: *name = "e5m2x2"; return true;
  default: return false;
  }
}

/* One lane of an fp8 conversion (from/to float32 through LLVM's NVVM cvt
 * intrinsics, sm_89+). */
static LLVMValueRef fp8_to_f32(CG *cg, LLVMValueRef v, const char *k) {
  char name[64];
  snprintf(name, sizeof name, "llvm.nvvm.%s.to.f16x2.rn", k);
  LLVMValueRef w = LLVMBuildZExt(cg->b, v, cg->t_i16, "");
  LLVMValueRef h2 = cg_intrinsic(cg, name, NULL, 0, &w, 1);
  if (!h2) return LLVMGetPoison(cg->t_f32);
  LLVMValueRef h = LLVMBuildExtractElement(cg->b, h2, cg_i32(cg, 0), "");
  return LLVMBuildFPExt(cg->b, h, cg->t_f32, "");
}

static LLVMValueRef f32_to_fp8(CG *cg, LLVMValueRef v, const char *k) {
  char name[64];
  snprintf(name, sizeof name, "llvm.nvvm.ff.to.%s.rn", k);
  LLVMValueRef args[2] = {LLVMConstReal(cg->t_f32, 0.0), v};
  LLVMValueRef p = cg_intrinsic(cg, name, NULL, 0, args, 2);
  if (!p) return LLVMGetPoison(cg->t_i8);
  return LLVMBuildTrunc(cg->b, p, cg->t_i8, "");
}

static LLVMValueRef cast_scalar(CG *cg, LLVMValueRef v, DType from, DType to, Loc loc) {
  DTypeCode fc = tirx_dtype_code(from), tc = tirx_dtype_code(to);
  LLVMTypeRef tt = cg_type(cg, to);
  if (fc == DTC_F8 || tc == DTC_F8 || fc == DTC_F6 || tc == DTC_F6 || fc == DTC_F4 ||
      tc == DTC_F4) {
    const char *k;
    char a[32], b[32];
    if ((fc == DTC_F8) == (tc == DTC_F8) && from.id == to.id) return v;
    if (cg->arch->sm < 89) {
      cg_error(cg, loc, "casts between %s and %s need sm_89 or newer (target is %s)",
               tirx_dtype_str(from, a), tirx_dtype_str(to, b), cg->arch->name);
      return LLVMGetPoison(tt);
    }
    if (fc == DTC_F8 && fp8_kind(from, &k) && tc != DTC_F8 && tc != DTC_F6 && tc != DTC_F4) {
      DType f32 = tirx_dtype(DT_FLOAT32);
      return cast_scalar(cg, fp8_to_f32(cg, v, k), f32, to, loc);
    }
    if (tc == DTC_F8 && fp8_kind(to, &k) && fc != DTC_F8 && fc != DTC_F6 && fc != DTC_F4) {
      DType f32 = tirx_dtype(DT_FLOAT32);
      return f32_to_fp8(cg, cast_scalar(cg, v, from, f32, loc), k);
    }
    cg_error(cg, loc, "cast from %s to %s is not supported by the NVPTX backend yet",
             tirx_dtype_str(from, a), tirx_dtype_str(to, b));
    return LLVMGetPoison(tt);
  }
  if (tc == DTC_HANDLE) {
    if (fc == DTC_HANDLE) return v;
    return cg_coerce(cg, v, cg->t_ptr, false);
  }
  if (fc == DTC_HANDLE) {
    if (tc == DTC_BOOL) return LLVMBuildIsNotNull(cg->b, v, "");
    return cg_coerce(cg, v, tt, false);
  }
  if (tc == DTC_BOOL) return cg_bool(cg, v);
  if (fc == DTC_BOOL) {
    if (is_fp(to)) return LLVMBuildUIToFP(cg->b, v, tt, "");
    return LLVMBuildZExt(cg->b, v, tt, "");
  }
  bool fi = !is_fp(from), ti = !is_fp(to);
  if (fi && ti) return cg_coerce(cg, v, tt, cg_dtype_signed(from));
  if (fi)
    return cg_dtype_signed(from) ? LLVMBuildSIToFP(cg->b, v, tt, "")
                                 : LLVMBuildUIToFP(cg->b, v, tt, "");
  if (ti)
    return cg_dtype_signed(to) ? LLVMBuildFPToSI(cg->b, v, tt, "")
                               : LLVMBuildFPToUI(cg->b, v, tt, "");
  return cg_coerce(cg, v, tt, false); /* float ↔ float */
}

LLVMValueRef cg_cast(CG *cg, LLVMValueRef v, DType from, DType to, Loc loc) {
  if (tirx_dtype_eq(from, to)) return v;
  if (tirx_dtype_code(to) == DTC_VOID) return v;
  if (from.lanes == 1 && to.lanes > 1) {
    DType s = to;
    s.lanes = 1;
    return cg_splat(cg, cast_scalar(cg, v, from, s, loc), to.lanes);
  }
  if (from.lanes != to.lanes) {
    char a[32], b[32];
    cg_error(cg, loc, "cannot cast %s to %s (lane counts differ)", tirx_dtype_str(from, a),
             tirx_dtype_str(to, b));
    return cg_poison(cg, to);
  }
  bool lanewise = tirx_dtype_code(from) == DTC_F8 || tirx_dtype_code(to) == DTC_F8;
  if (to.lanes > 1 && lanewise) {
    DType fs = from, ts = to;
    fs.lanes = ts.lanes = 1;
    LLVMValueRef out = LLVMGetUndef(cg_type(cg, to));
    for (int i = 0; i < to.lanes; i++) {
      LLVMValueRef x = LLVMBuildExtractElement(cg->b, v, cg_i32(cg, i), "");
      out = LLVMBuildInsertElement(cg->b, out, cast_scalar(cg, x, fs, ts, loc), cg_i32(cg, i), "");
    }
    return out;
  }
  return cast_scalar(cg, v, from, to, loc); /* LLVM casts work lane-wise */
}

/* ---- arithmetic --------------------------------------------------------------- */

static LLVMValueRef fp_intrinsic1(CG *cg, const char *name, LLVMValueRef x) {
  LLVMTypeRef t = LLVMTypeOf(x);
  return cg_intrinsic(cg, name, &t, 1, &x, 1);
}

static LLVMValueRef fp_intrinsic2(CG *cg, const char *name, LLVMValueRef a, LLVMValueRef b) {
  LLVMTypeRef t = LLVMTypeOf(a);
  LLVMValueRef args[2] = {a, b};
  return cg_intrinsic(cg, name, &t, 1, args, 2);
}

/* A positive power-of-two integer constant divisor: its log2, else -1. */
static int pow2_divisor(LLVMValueRef b) {
  if (!LLVMIsAConstantInt(b)) return -1;
  long long v = LLVMConstIntGetSExtValue(b);
  if (v <= 0 || (v & (v - 1))) return -1;
  int k = 0;
  while ((1LL << k) < v) k++;
  return k;
}

/* A floating-point add, sub or mul of the program's arithmetic may be contracted into an
 * fma with its neighbour (LLVM's `contract` flag), as nvcc's default --fmad=true does;
 * tirx-llc --fmad=false (TirxCompileOptions.no_fmad) keeps every operation rounded.  The
 * explicit rounded operations (T.ptx.add / mul ..., __fmul2_rn) are never contracted. */
LLVMValueRef cg_contract(CG *cg, LLVMValueRef v) {
  if (!cg->no_fmad && LLVMIsAInstruction(v) && LLVMCanValueUseFastMathFlags(v))
    LLVMSetFastMathFlags(v, LLVMGetFastMathFlags(v) | LLVMFastMathAllowContract);
  return v;
}

LLVMValueRef cg_binary(CG *cg, ExprKind k, LLVMValueRef a, LLVMValueRef b, DType t, Loc loc) {
  LLVMBuilderRef B = cg->b;
  bool fp = is_fp(t), sg = cg_dtype_signed(t);
  bool nsw = sg && tirx_dtype_bits(t) >= 32;
  DTypeCode code = tirx_dtype_code(t);
  if (code == DTC_F8 || code == DTC_F6 || code == DTC_F4 || code == DTC_HANDLE) {
    char s[32];
    cg_error(cg, loc, "arithmetic on %s is not supported on the device", tirx_dtype_str(t, s));
    return cg_poison(cg, t);
  }
  if (code == DTC_BOOL) { /* bool arithmetic as 0/1 */
    switch (k) {
    case E_MIN:
    case E_MUL: return LLVMBuildAnd(B, a, b, "");
    case E_MAX: return LLVMBuildOr(B, a, b, "");
    case E_ADD:
    case E_SUB: return LLVMBuildXor(B, a, b, "");
    default: break;
    }
  }
  switch (k) {
  case E_ADD:
    return fp    ? cg_contract(cg, LLVMBuildFAdd(B, a, b, ""))
           : nsw ? LLVMBuildNSWAdd(B, a, b, "")
                 : LLVMBuildAdd(B, a, b, "");
  case E_SUB:
    return fp    ? cg_contract(cg, LLVMBuildFSub(B, a, b, ""))
           : nsw ? LLVMBuildNSWSub(B, a, b, "")
                 : LLVMBuildSub(B, a, b, "");
  case E_MUL:
    return fp    ? cg_contract(cg, LLVMBuildFMul(B, a, b, ""))
           : nsw ? LLVMBuildNSWMul(B, a, b, "")
                 : LLVMBuildMul(B, a, b, "");
  case E_DIV:
    return fp   ? LLVMBuildFDiv(B, a, b, "")
           : sg ? LLVMBuildSDiv(B, a, b, "")
                : LLVMBuildUDiv(B, a, b, "");
  case E_MOD:
    return fp   ? LLVMBuildFRem(B, a, b, "")
           : sg ? LLVMBuildSRem(B, a, b, "")
                : LLVMBuildURem(B, a, b, "");
  case E_FLOORDIV:
  case E_FLOORMOD: {
    if (fp) {
      LLVMValueRef q = fp_intrinsic1(cg, "llvm.floor", LLVMBuildFDiv(B, a, b, ""));
      if (k == E_FLOORDIV) return q;
      return cg_contract(cg, LLVMBuildFSub(B, a, cg_contract(cg, LLVMBuildFMul(B, q, b, "")), ""));
    }
    if (!sg) return k == E_FLOORDIV ? LLVMBuildUDiv(B, a, b, "") : LLVMBuildURem(B, a, b, "");
    int p2 = pow2_divisor(b);
    if (p2 >= 0) { /* exact floor semantics in two's complement */
      LLVMTypeRef ty = LLVMTypeOf(a);
      if (k == E_FLOORDIV) return LLVMBuildAShr(B, a, LLVMConstInt(ty, (unsigned)p2, 0), "");
      return LLVMBuildAnd(B, a, LLVMConstInt(ty, (1ULL << p2) - 1, 0), "");
    }
    /* Python semantics: q = trunc(a/b); r = a%b; if (r != 0 && (r ^ b) < 0) { q -= 1; r += b } */
    LLVMValueRef q = LLVMBuildSDiv(B, a, b, ""), r = LLVMBuildSRem(B, a, b, "");
    LLVMValueRef zero = LLVMConstNull(LLVMTypeOf(a));
    LLVMValueRef rnz = LLVMBuildICmp(B, LLVMIntNE, r, zero, "");
    LLVMValueRef neg = LLVMBuildICmp(B, LLVMIntSLT, LLVMBuildXor(B, r, b, ""), zero, "");
    LLVMValueRef adj = LLVMBuildAnd(B, rnz, neg, "");
    if (k == E_FLOORDIV) return LLVMBuildSub(B, q, LLVMBuildZExt(B, adj, LLVMTypeOf(a), ""), "");
    return LLVMBuildSelect(B, adj, LLVMBuildAdd(B, r, b, ""), r, "");
  }
  case E_MIN:
  case E_MAX:
    if (fp) return fp_intrinsic2(cg, k == E_MIN ? "llvm.minnum" : "llvm.maxnum", a, b);
    {
      LLVMIntPredicate p =
          k == E_MIN ? (sg ? LLVMIntSLT : LLVMIntULT) : (sg ? LLVMIntSGT : LLVMIntUGT);
      return LLVMBuildSelect(B, LLVMBuildICmp(B, p, a, b, ""), a, b, "");
    }
  default: break;
  }
  return cg_poison(cg, t);
}

static LLVMValueRef compare(CG *cg, ExprKind k, LLVMValueRef a, LLVMValueRef b, DType t) {
  if (is_fp(t)) {
    LLVMRealPredicate p = k == E_EQ   ? LLVMRealOEQ
                          : k == E_NE ? LLVMRealUNE
                          : k == E_LT ? LLVMRealOLT
                          : k == E_LE ? LLVMRealOLE
                          : k == E_GT ? LLVMRealOGT
                                      : LLVMRealOGE;
    return LLVMBuildFCmp(cg->b, p, a, b, "");
  }
  bool sg = cg_dtype_signed(t);
  LLVMIntPredicate p = k == E_EQ   ? LLVMIntEQ
                       : k == E_NE ? LLVMIntNE
                       : k == E_LT ? (sg ? LLVMIntSLT : LLVMIntULT)
                       : k == E_LE ? (sg ? LLVMIntSLE : LLVMIntULE)
                       : k == E_GT ? (sg ? LLVMIntSGT : LLVMIntUGT)
                                   : (sg ? LLVMIntSGE : LLVMIntUGE);
  if (LLVMGetTypeKind(LLVMTypeOf(a)) == LLVMPointerTypeKind) {
    a = cg_coerce(cg, a, cg->t_i64, false);
    b = cg_coerce(cg, b, cg->t_i64, false);
  }
  return LLVMBuildICmp(cg->b, p, a, b, "");
}

bool cg_expr_is_trivial(const Expr *e) {
  if (!e) return true;
  switch ((ExprKind)e->kind) {
  case E_INT:
  case E_FLOAT:
  case E_STR:
  case E_VAR: return true;
  case E_NOT:
  case E_CAST: return cg_expr_is_trivial(e->u.un.a);
  case E_SELECT:
    return cg_expr_is_trivial(e->u.sel.c) && cg_expr_is_trivial(e->u.sel.t) &&
           cg_expr_is_trivial(e->u.sel.f);
  case E_RAMP: return cg_expr_is_trivial(e->u.ramp.base) && cg_expr_is_trivial(e->u.ramp.stride);
  case E_BCAST: return cg_expr_is_trivial(e->u.bcast.value);
  case E_CALL:
    if (!(e->u.call.op->flags & INTRIN_PURE)) return false;
    for (int i = 0; i < e->u.call.n; i++)
      if (!cg_expr_is_trivial(e->u.call.args[i])) return false;
    return e->u.call.op->id != I_IF_THEN_ELSE;
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
  case E_AND:
  case E_OR: return cg_expr_is_trivial(e->u.bin.a) && cg_expr_is_trivial(e->u.bin.b);
  case E_LOAD:
  case E_LET:
  case E_NONE:
  case E_REGION:
  case E_TUPLE:
  case E_LIST:
  case E_DICT:
  case E_BUFREF:
  case E_DTYPE:
  case E_LAYOUT:
  case E_COUNT: return false;
  }
  return false;
}

/* and/or: the right side is evaluated only when needed unless it is trivial
 * (C's && / ||, which TVM's CUDA output relies on for guarded loads). */
static LLVMValueRef logic(CG *cg, Expr *e) {
  bool is_and = e->kind == E_AND;
  if (e->dtype.lanes > 1 || cg_expr_is_trivial(e->u.bin.b)) {
    LLVMValueRef a = cg_cond(cg, e->u.bin.a), b = cg_cond(cg, e->u.bin.b);
    return is_and ? LLVMBuildAnd(cg->b, a, b, "") : LLVMBuildOr(cg->b, a, b, "");
  }
  LLVMValueRef a = cg_cond(cg, e->u.bin.a);
  LLVMBasicBlockRef from = LLVMGetInsertBlock(cg->b);
  LLVMBasicBlockRef rhs = cg_block(cg, is_and ? "and.rhs" : "or.rhs"),
                    end = cg_block(cg, is_and ? "and.end" : "or.end");
  if (is_and) LLVMBuildCondBr(cg->b, a, rhs, end);
  else LLVMBuildCondBr(cg->b, a, end, rhs);
  LLVMPositionBuilderAtEnd(cg->b, rhs);
  LLVMValueRef b = cg_cond(cg, e->u.bin.b);
  LLVMBasicBlockRef rhs_end = LLVMGetInsertBlock(cg->b);
  LLVMBuildBr(cg->b, end);
  LLVMPositionBuilderAtEnd(cg->b, end);
  LLVMValueRef phi = LLVMBuildPhi(cg->b, cg->t_i1, "");
  LLVMValueRef vals[2] = {LLVMConstInt(cg->t_i1, is_and ? 0 : 1, 0), b};
  LLVMBasicBlockRef bbs[2] = {from, rhs_end};
  LLVMAddIncoming(phi, vals, bbs, 2);
  return phi;
}

/* ---- buffers ---------------------------------------------------------------- */

LLVMValueRef cg_buffer_base(CG *cg, Buffer *b, Loc loc) {
  LLVMValueRef p = txmap_get(&cg->bufs, b);
  if (!p) p = txmap_get(&cg->vars, b->data);
  if (!p) {
    cg_error(cg, loc, "buffer '%s' is used but not allocated or declared in kernel '%s'", b->name,
             cg->f ? cg->f->name : "?");
    return LLVMGetPoison(cg->t_ptr);
  }
  return p;
}

/* An index value of dtype t as i32 or i64 (GEP indices are sign-extended). */
static LLVMValueRef index_value(CG *cg, LLVMValueRef v, DType t) {
  LLVMTypeRef ty = LLVMTypeOf(v);
  if (!type_is_int(ty)) return cg_coerce(cg, v, cg->t_i64, true);
  unsigned w = LLVMGetIntTypeWidth(ty);
  if (cg_dtype_signed(t)) return w < 32 ? LLVMBuildSExt(cg->b, v, cg->t_i32, "") : v;
  if (w < 32) return LLVMBuildZExt(cg->b, v, cg->t_i32, "");
  if (w == 32) return LLVMBuildZExt(cg->b, v, cg->t_i64, "");
  return v;
}

static LLVMValueRef add_index(CG *cg, LLVMValueRef a, LLVMValueRef b) {
  LLVMTypeRef ta = LLVMTypeOf(a), tb = LLVMTypeOf(b);
  if (ta != tb) {
    a = LLVMGetIntTypeWidth(ta) < 64 ? LLVMBuildSExt(cg->b, a, cg->t_i64, "") : a;
    b = LLVMGetIntTypeWidth(tb) < 64 ? LLVMBuildSExt(cg->b, b, cg->t_i64, "") : b;
  }
  return LLVMBuildNSWAdd(cg->b, a, b, "");
}

LLVMValueRef cg_flat_index(CG *cg, Buffer *b, Expr **idx, int n, Loc loc) {
  if (n <= 0) return cg_i32(cg, 0);
  if (n == 1) return index_value(cg, cg_expr(cg, idx[0]), idx[0]->dtype);
  /* Not flattened: row-major (or declared strides). */
  LLVMValueRef acc = NULL;
  for (int i = 0; i < n; i++) {
    if (idx[i]->dtype.lanes > 1) {
      cg_error(cg, loc,
               "vector index into multi-dimensional buffer '%s' (run flatten-buffer first)",
               b->name);
      return cg_i32(cg, 0);
    }
    LLVMValueRef x = index_value(cg, cg_expr(cg, idx[i]), idx[i]->dtype);
    if (b->nstrides == n) {
      Expr *st = b->strides[i];
      LLVMValueRef s = index_value(cg, cg_expr(cg, st), st->dtype);
      x = LLVMBuildNSWMul(
          cg->b, x, LLVMTypeOf(s) == LLVMTypeOf(x) ? s : cg_coerce(cg, s, LLVMTypeOf(x), true), "");
      acc = acc ? add_index(cg, acc, x) : x;
    } else {
      if (acc) {
        Expr *d = b->shape[i];
        LLVMValueRef dv = index_value(cg, cg_expr(cg, d), d->dtype);
        LLVMTypeRef at = LLVMTypeOf(acc);
        acc = LLVMBuildNSWMul(cg->b, acc, LLVMTypeOf(dv) == at ? dv : cg_coerce(cg, dv, at, true),
                              "");
        acc = add_index(cg, acc, x);
      } else {
        acc = x;
      }
    }
  }
  return acc;
}

LLVMValueRef cg_buffer_elem_ptr(CG *cg, Buffer *b, LLVMValueRef idx, Loc loc) {
  LLVMValueRef base = cg_buffer_base(cg, b, loc);
  int64_t off;
  if (b->elem_offset && !(tirx_expr_is_const_int(b->elem_offset, &off) && off == 0))
    idx = add_index(cg, idx, index_value(cg, cg_expr(cg, b->elem_offset), b->elem_offset->dtype));
  /* Element 0 is the base itself: a scalar's local buffer, read and written at [0]
   * thousands of times in a large kernel, costs no instruction for every LLVM pass to
   * look at (the IR is otherwise the same). */
  if (LLVMIsAConstantInt(idx) && LLVMConstIntGetZExtValue(idx) == 0) return base;
  LLVMTypeRef et = cg_mem_type(cg, b->dtype);
  return LLVMBuildInBoundsGEP2(cg->b, et, base, &idx, 1, "");
}

LLVMValueRef cg_load_typed(CG *cg, LLVMValueRef ptr, DType t, unsigned align) {
  LLVMTypeRef mt = cg_mem_type(cg, t);
  LLVMValueRef v = LLVMBuildLoad2(cg->b, mt, ptr, "");
  LLVMSetAlignment(v, align ? align : (unsigned)cg_dtype_bytes(t));
  if (tirx_dtype_is_bool(t)) v = LLVMBuildICmp(cg->b, LLVMIntNE, v, LLVMConstNull(mt), "");
  return v;
}

void cg_store_typed(CG *cg, LLVMValueRef ptr, LLVMValueRef v, DType t, unsigned align) {
  if (tirx_dtype_is_bool(t)) v = LLVMBuildZExt(cg->b, v, cg_mem_type(cg, t), "");
  LLVMValueRef s = LLVMBuildStore(cg->b, v, ptr);
  LLVMSetAlignment(s, align ? align : (unsigned)cg_dtype_bytes(t));
}

LLVMValueRef cg_index_lane(CG *cg, LLVMValueRef v, DType t) {
  t.lanes = 1;
  return index_value(cg, v, t);
}

/* ---- expressions ---------------------------------------------------------------- */

LLVMValueRef cg_cond(CG *cg, Expr *e) { return cg_bool(cg, cg_expr(cg, e)); }

bool cg_const_arg(CG *cg, const Expr *call, int i, const char *what, int64_t *out) {
  const Expr *a = i < call->u.call.n ? call->u.call.args[i] : NULL;
  while (a && a->kind == E_CAST) a = a->u.un.a;
  if (a && tirx_expr_is_const_int(a, out)) return true;
  cg_error(cg, a ? a->loc : call->loc, "T.%s: %s must be a compile-time integer constant",
           call->u.call.op->name, what);
  *out = 0;
  return false;
}

static LLVMValueRef ramp(CG *cg, Expr *e) {
  int L = e->u.ramp.lanes;
  DType st = e->u.ramp.base->dtype;
  LLVMValueRef base = cg_expr(cg, e->u.ramp.base);
  LLVMValueRef stride =
      cg_cast(cg, cg_expr(cg, e->u.ramp.stride), e->u.ramp.stride->dtype, st, e->loc);
  LLVMValueRef steps[64];
  LLVMTypeRef ty = LLVMTypeOf(base);
  if (L > 64) L = 64;
  for (int i = 0; i < L; i++)
    steps[i] = is_fp(st) ? LLVMConstReal(ty, i) : LLVMConstInt(ty, (unsigned long long)i, 0);
  LLVMValueRef iota = LLVMConstVector(steps, (unsigned)L);
  LLVMValueRef off = is_fp(st)
                         ? cg_contract(cg, LLVMBuildFMul(cg->b, cg_splat(cg, stride, L), iota, ""))
                         : LLVMBuildMul(cg->b, cg_splat(cg, stride, L), iota, "");
  return is_fp(st) ? cg_contract(cg, LLVMBuildFAdd(cg->b, cg_splat(cg, base, L), off, ""))
                   : LLVMBuildAdd(cg->b, cg_splat(cg, base, L), off, "");
}

static LLVMValueRef binary_expr(CG *cg, Expr *e) {
  Expr *ea = e->u.bin.a, *eb = e->u.bin.b;
  LLVMValueRef a = cg_expr(cg, ea), b = cg_expr(cg, eb);
  DType t = ea->dtype;
  /* Operands should agree; splat a scalar side, convert a mismatched one. */
  if (eb->dtype.lanes > t.lanes) t.lanes = eb->dtype.lanes;
  DType ta = t, tb = t;
  ta.id = ea->dtype.id;
  tb.id = eb->dtype.id;
  if (tirx_dtype_is_handle(ea->dtype) || tirx_dtype_is_handle(eb->dtype)) {
    if (e->kind >= E_EQ && e->kind <= E_GE) return compare(cg, (ExprKind)e->kind, a, b, t);
  }
  if (ea->dtype.lanes != t.lanes) a = cg_splat(cg, a, t.lanes);
  if (eb->dtype.lanes != t.lanes) b = cg_splat(cg, b, t.lanes);
  if (eb->dtype.id != ea->dtype.id) b = cg_cast(cg, b, tb, ta, e->loc);
  if (e->kind >= E_EQ && e->kind <= E_GE) return compare(cg, (ExprKind)e->kind, a, b, t);
  return cg_binary(cg, (ExprKind)e->kind, a, b, t, e->loc);
}

LLVMValueRef cg_expr(CG *cg, Expr *e) {
  LLVMValueRef v = NULL;
  switch ((ExprKind)e->kind) {
  case E_INT: return cg_const(cg, e->dtype, e->u.i.v, (double)e->u.i.v);
  case E_FLOAT: {
    DTypeCode c = tirx_dtype_code(e->dtype);
    if (c == DTC_F8 || c == DTC_F6 || c == DTC_F4) {
      DType f32 = tirx_dtype(DT_FLOAT32);
      return cg_cast(cg, LLVMConstReal(cg->t_f32, e->u.f.v), f32, e->dtype, e->loc);
    }
    if (!is_fp(e->dtype)) return cg_const(cg, e->dtype, (int64_t)e->u.f.v, e->u.f.v);
    return cg_const(cg, e->dtype, 0, e->u.f.v);
  }
  case E_STR: return cg_cstring(cg, e->u.s.p, e->u.s.len);
  case E_VAR: v = cg_var(cg, e->u.var, e->loc); break;
  case E_ADD:
  case E_SUB:
    if (tirx_dtype_is_handle(e->dtype) && tirx_dtype_is_int(e->u.bin.b->dtype)) {
      /* pointer ± bytes */
      LLVMValueRef p = cg_expr(cg, e->u.bin.a);
      LLVMValueRef n =
          cg_coerce(cg, cg_expr(cg, e->u.bin.b), cg->t_i64, cg_dtype_signed(e->u.bin.b->dtype));
      if (e->kind == E_SUB) n = LLVMBuildNeg(cg->b, n, "");
      return LLVMBuildGEP2(cg->b, cg->t_i8, p, &n, 1, "");
    }
    /* fall through */
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
  case E_GE: return binary_expr(cg, e);
  case E_AND:
  case E_OR: return logic(cg, e);
  case E_NOT: return LLVMBuildNot(cg->b, cg_cond(cg, e->u.un.a), "");
  case E_CAST: return cg_cast(cg, cg_expr(cg, e->u.un.a), e->u.un.a->dtype, e->dtype, e->loc);
  case E_SELECT: {
    LLVMValueRef c = cg_cond(cg, e->u.sel.c);
    LLVMValueRef t = cg_expr(cg, e->u.sel.t), f = cg_expr(cg, e->u.sel.f);
    if (!tirx_dtype_eq(e->u.sel.t->dtype, e->dtype))
      t = cg_cast(cg, t, e->u.sel.t->dtype, e->dtype, e->loc);
    if (!tirx_dtype_eq(e->u.sel.f->dtype, e->dtype))
      f = cg_cast(cg, f, e->u.sel.f->dtype, e->dtype, e->loc);
    return LLVMBuildSelect(cg->b, c, t, f, "");
  }
  case E_LOAD: return cg_emit_load(cg, e);
  case E_RAMP: return ramp(cg, e);
  case E_BCAST: {
    DType s = e->dtype;
    s.lanes = 1;
    LLVMValueRef x = cg_cast(cg, cg_expr(cg, e->u.bcast.value), e->u.bcast.value->dtype, s, e->loc);
    return cg_splat(cg, x, e->u.bcast.lanes);
  }
  case E_CALL: v = cg_call(cg, e); break;
  case E_LET: {
    LLVMValueRef x = cg_expr(cg, e->u.let.value);
    txmap_put(&cg->vars, e->u.let.var, x);
    return cg_expr(cg, e->u.let.body);
  }
  case E_NONE:
  case E_REGION:
  case E_TUPLE:
  case E_LIST:
  case E_DICT:
  case E_BUFREF:
  case E_DTYPE:
  case E_LAYOUT:
  case E_COUNT:
    cg_error(cg, e->loc, "%s cannot be used as a value on the device",
             tirx_expr_kind_name((ExprKind)e->kind));
    break;
  }
  if (!v) return cg_poison(cg, e->dtype);
  return v;
}

/* ---- calls ------------------------------------------------------------------------ */

LLVMValueRef cg_unsupported(CG *cg, const Expr *e) {
  if (e->u.call.name) /* tile primitives keep their T.<scope>.<op> spelling */
    cg_error(cg, e->loc, "%s is not supported by the NVPTX backend yet", e->u.call.name);
  else cg_error(cg, e->loc, "T.%s is not supported by the NVPTX backend yet", e->u.call.op->name);
  return cg_poison(cg, e->dtype);
}

bool cg_require_sm(CG *cg, const Expr *e, int sm, bool arch_specific) {
  const TirxArchInfo *a = cg->arch;
  if (a->sm >= sm && (!arch_specific || a->arch_specific)) return true;
  cg_error(cg, e->loc, "T.%s requires sm_%d%s or newer (target is %s)", e->u.call.op->name, sm,
           arch_specific ? "a" : "", a->name);
  return false;
}

LLVMValueRef cg_call(CG *cg, Expr *e) {
  const Intrin *op = e->u.call.op;
  if ((op->flags & INTRIN_SPECIAL) && op->id != I_PTX_ALU && op->id != I_PTX_INSTR)
    return cg_unsupported(cg, e);
  CgIntrinFn fn = cg_intrin_core(op->id);
  if (!fn) fn = cg_intrin_cuda(op->id);
  if (!fn) fn = cg_intrin_ptx(op->id);
  if (!fn) fn = cg_intrin_nvshmem(op->id);
  if (!fn) return cg_unsupported(cg, e);
  if ((op->flags & INTRIN_SM100) && !cg_require_sm(cg, e, 100, true))
    return cg_poison(cg, e->dtype);
  if ((op->flags & INTRIN_SM90) && !cg_require_sm(cg, e, 90, false)) return cg_poison(cg, e->dtype);
  int nerr = cg->nerrors;
  LLVMValueRef v = fn(cg, e);
  if (cg->nerrors != nerr && tirx_dtype_code(e->dtype) != DTC_VOID) return cg_poison(cg, e->dtype);
  return v;
}
