/* Building blocks the intrinsic tables share: NVVM intrinsic calls by name,
 * special registers, address conversions, warp shuffles and reductions,
 * vprintf, string constants, the inline-asm table, libdevice declarations.
 */
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "Support/oom.h"
#include "Support/strbuf.h"
#include "Target/NVPTX/cg.h"

/* ---- intrinsics by name ------------------------------------------------------ */

LLVMValueRef cg_intrinsic(CG *cg, const char *name, LLVMTypeRef *ov, int nov, LLVMValueRef *args,
                          int nargs) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  if (!id) {
    cg_error(cg, (Loc){0, 0}, "internal error: LLVM has no intrinsic '%s'", name);
    return NULL;
  }
  if (!LLVMIntrinsicIsOverloaded(id)) nov = 0;
  LLVMTypeRef fty = LLVMIntrinsicGetType(cg->ctx, id, nov ? ov : NULL, (size_t)nov);
  unsigned np = LLVMCountParamTypes(fty);
  if (np != (unsigned)nargs || nargs > 16) {
    cg_error(cg, (Loc){0, 0}, "internal error: '%s' takes %u arguments, not %d", name, np, nargs);
    return NULL;
  }
  LLVMTypeRef pts[16];
  LLVMValueRef cargs[16];
  LLVMGetParamTypes(fty, pts);
  for (int i = 0; i < nargs; i++) cargs[i] = cg_coerce(cg, args[i], pts[i], false);
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(cg->mod, id, nov ? ov : NULL, (size_t)nov);
  return LLVMBuildCall2(cg->b, fty, fn, cargs, (unsigned)nargs, "");
}

LLVMValueRef cg_sreg(CG *cg, const char *name) {
  char full[96];
  snprintf(full, sizeof full, "llvm.nvvm.read.ptx.sreg.%s", name);
  return cg_intrinsic(cg, full, NULL, 0, NULL, 0);
}

LLVMValueRef cg_linear_tid(CG *cg) {
  LLVMValueRef x = cg_sreg(cg, "tid.x"), y = cg_sreg(cg, "tid.y"), z = cg_sreg(cg, "tid.z");
  LLVMValueRef nx = cg_sreg(cg, "ntid.x"), ny = cg_sreg(cg, "ntid.y");
  LLVMValueRef yz = LLVMBuildAdd(cg->b, y, LLVMBuildMul(cg->b, ny, z, ""), "");
  return LLVMBuildAdd(cg->b, x, LLVMBuildMul(cg->b, nx, yz, ""), "");
}

void cg_trap_unless(CG *cg, LLVMValueRef ok, const char *fail_name, const char *ok_name) {
  LLVMBasicBlockRef fail = cg_block(cg, fail_name), cont = cg_block(cg, ok_name);
  LLVMBuildCondBr(cg->b, ok, cont, fail);
  LLVMPositionBuilderAtEnd(cg->b, fail);
  cg_intrinsic(cg, "llvm.trap", NULL, 0, NULL, 0);
  LLVMBuildUnreachable(cg->b);
  LLVMPositionBuilderAtEnd(cg->b, cont);
}

/* ---- addresses ---------------------------------------------------------------- */

LLVMValueRef cg_shared_addr(CG *cg, Expr *arg) {
  LLVMValueRef v = cg_expr(cg, arg);
  LLVMTypeRef t = LLVMTypeOf(v);
  LLVMTypeRef p3 = cg_ptr_type(cg, AS_SHARED);
  if (LLVMGetTypeKind(t) == LLVMPointerTypeKind) {
    unsigned as = cg_ptr_as(v);
    /* A "global" handle may hold a generic address into shared memory (TVM's
     * T.reinterpret(T.handle(dt, "global").ty, T.address_of(smem[0]))): the
     * global window maps addresses one to one, so it goes through generic. */
    if (as == AS_GLOBAL) v = cg_cast_ptr(cg, v, AS_GENERIC), as = AS_GENERIC;
    if (as != AS_SHARED && as != AS_GENERIC) {
      cg_error(cg, arg->loc, "expected a shared-memory address, got a pointer to %s memory",
               as == AS_GLOBAL  ? "global"
               : as == AS_LOCAL ? "local"
                                : "non-shared");
      return LLVMGetPoison(p3);
    }
    return cg_cast_ptr(cg, v, AS_SHARED);
  }
  if (LLVMGetTypeKind(t) == LLVMIntegerTypeKind) {
    if (LLVMGetIntTypeWidth(t) >= 64) /* a generic address */
      return cg_cast_ptr(cg, LLVMBuildIntToPtr(cg->b, v, cg->t_ptr, ""), AS_SHARED);
    return LLVMBuildIntToPtr(cg->b, LLVMBuildZExt(cg->b, v, cg->t_i64, ""), p3, "");
  }
  cg_error(cg, arg->loc, "expected a shared-memory address (a pointer or a uint32)");
  return LLVMGetPoison(p3);
}

LLVMValueRef cg_generic_addr(CG *cg, Expr *arg) {
  LLVMValueRef v = cg_expr(cg, arg);
  LLVMTypeRef t = LLVMTypeOf(v);
  if (LLVMGetTypeKind(t) == LLVMPointerTypeKind) return cg_cast_ptr(cg, v, AS_GENERIC);
  if (LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 64)
    return LLVMBuildIntToPtr(cg->b, v, cg->t_ptr, "");
  cg_error(cg, arg->loc, "expected a pointer or a 64-bit address");
  return LLVMGetPoison(cg->t_ptr);
}

/* ---- shuffles -------------------------------------------------------------------- */

static LLVMValueRef shfl32(CG *cg, ShflMode mode, LLVMValueRef mask, LLVMValueRef v,
                           LLVMValueRef lane, LLVMValueRef c) {
  static const char *const modes[] = {"idx", "up", "down", "bfly"};
  bool f = LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMFloatTypeKind;
  char name[64];
  snprintf(name, sizeof name, "llvm.nvvm.shfl.sync.%s.%s", modes[mode], f ? "f32" : "i32");
  LLVMValueRef args[4] = {mask, v, lane, c};
  LLVMValueRef r = cg_intrinsic(cg, name, NULL, 0, args, 4);
  return r ? r : LLVMGetPoison(LLVMTypeOf(v));
}

LLVMValueRef cg_shfl(CG *cg, ShflMode mode, LLVMValueRef mask, LLVMValueRef v, DType t,
                     LLVMValueRef lane, LLVMValueRef width) {
  LLVMBuilderRef B = cg->b;
  mask = cg_coerce(cg, mask, cg->t_i32, false);
  lane = cg_coerce(cg, lane, cg->t_i32, true);
  width = cg_coerce(cg, width, cg->t_i32, true);
  /* c = ((32 - width) << 8) | 0x1f, without the 0x1f for shfl.up */
  LLVMValueRef c = LLVMBuildShl(B, LLVMBuildSub(B, cg_i32(cg, 32), width, ""), cg_i32(cg, 8), "");
  if (mode != SHFL_UP) c = LLVMBuildOr(B, c, cg_i32(cg, 0x1f), "");
  LLVMTypeRef ty = LLVMTypeOf(v);
  LLVMTypeKind k = LLVMGetTypeKind(ty);
  if (k == LLVMFloatTypeKind) return shfl32(cg, mode, mask, v, lane, c);
  int bits = tirx_dtype_bits(t) * t.lanes;
  if (tirx_dtype_is_bool(t) && t.lanes == 1) bits = 1;
  if (tirx_dtype_is_handle(t)) bits = 64;
  if (k == LLVMIntegerTypeKind && bits == 32) return shfl32(cg, mode, mask, v, lane, c);
  if (bits == 64) {
    LLVMValueRef x = k == LLVMPointerTypeKind ? cg_coerce(cg, v, cg->t_i64, false)
                                              : LLVMBuildBitCast(B, v, cg->t_i64, "");
    LLVMValueRef lo = LLVMBuildTrunc(B, x, cg->t_i32, "");
    LLVMValueRef hi = LLVMBuildTrunc(B, LLVMBuildLShr(B, x, cg_i64(cg, 32), ""), cg->t_i32, "");
    lo = LLVMBuildZExt(B, shfl32(cg, mode, mask, lo, lane, c), cg->t_i64, "");
    hi = LLVMBuildZExt(B, shfl32(cg, mode, mask, hi, lane, c), cg->t_i64, "");
    x = LLVMBuildOr(B, lo, LLVMBuildShl(B, hi, cg_i64(cg, 32), ""), "");
    if (k == LLVMPointerTypeKind) return LLVMBuildIntToPtr(B, x, ty, "");
    return LLVMBuildBitCast(B, x, ty, "");
  }
  if (bits == 32) /* e.g. float16x2 */
    return LLVMBuildBitCast(
        B, shfl32(cg, mode, mask, LLVMBuildBitCast(B, v, cg->t_i32, ""), lane, c), ty, "");
  if (bits < 32 && t.lanes == 1) {
    LLVMTypeRef it = LLVMIntTypeInContext(cg->ctx, (unsigned)bits);
    LLVMValueRef x = k == LLVMIntegerTypeKind ? v : LLVMBuildBitCast(B, v, it, "");
    x = LLVMBuildZExt(B, x, cg->t_i32, "");
    x = LLVMBuildTrunc(B, shfl32(cg, mode, mask, x, lane, c), it, "");
    return k == LLVMIntegerTypeKind ? x : LLVMBuildBitCast(B, x, ty, "");
  }
  /* other vectors: lane by lane */
  DType s = t;
  s.lanes = 1;
  LLVMValueRef out = LLVMGetUndef(ty);
  for (int i = 0; i < t.lanes; i++) {
    LLVMValueRef x = LLVMBuildExtractElement(B, v, cg_i32(cg, i), "");
    x = cg_shfl(cg, mode, mask, x, s, lane, width);
    out = LLVMBuildInsertElement(B, out, x, cg_i32(cg, i), "");
  }
  return out;
}

bool cg_reduce_op(const char *s, size_t len, ReduceOp *op) {
  if (len == 3 && !memcmp(s, "sum", 3)) *op = RED_SUM;
  else if (len == 3 && !memcmp(s, "max", 3)) *op = RED_MAX;
  else if (len == 3 && !memcmp(s, "min", 3)) *op = RED_MIN;
  else return false;
  return true;
}

LLVMValueRef cg_reduce2(CG *cg, ReduceOp op, LLVMValueRef a, LLVMValueRef b, DType t) {
  ExprKind k = op == RED_SUM ? E_ADD : op == RED_MAX ? E_MAX : E_MIN;
  return cg_binary(cg, k, a, b, t, (Loc){0, 0});
}

LLVMValueRef cg_warp_reduce(CG *cg, ReduceOp op, LLVMValueRef v, DType t, int width) {
  for (int off = width / 2; off >= 1; off /= 2) {
    LLVMValueRef o =
        cg_shfl(cg, SHFL_BFLY, cg_i32(cg, -1), v, t, cg_i32(cg, off), cg_i32(cg, width));
    v = cg_reduce2(cg, op, v, o, t);
  }
  return v;
}

LLVMValueRef cg_reduce_identity(CG *cg, ReduceOp op, DType t) {
  if (op == RED_SUM) return cg_const(cg, t, 0, 0.0);
  bool lowest = op == RED_MAX;
  switch (tirx_dtype_code(t)) {
  case DTC_FLOAT:
  case DTC_BFLOAT: return cg_const(cg, t, 0, lowest ? -(double)INFINITY : (double)INFINITY);
  case DTC_INT: {
    int bits = tirx_dtype_bits(t);
    int64_t hi = bits >= 64 ? INT64_MAX : (int64_t)((1ULL << (bits - 1)) - 1);
    return cg_const(cg, t, lowest ? -hi - 1 : hi, 0.0);
  }
  case DTC_UINT: return cg_const(cg, t, lowest ? 0 : -1, 0.0);
  case DTC_BOOL: return cg_const(cg, t, lowest ? 0 : 1, 0.0);
  default: return cg_const(cg, t, 0, 0.0);
  }
}

/* ---- strings and vprintf -------------------------------------------------------- */

LLVMValueRef cg_cstring(CG *cg, const char *s, size_t len) {
  LLVMValueRef str = LLVMConstStringInContext2(cg->ctx, s, len, 0);
  LLVMValueRef g = LLVMAddGlobalInAddressSpace(cg->mod, LLVMTypeOf(str), ".str", AS_GLOBAL);
  LLVMSetInitializer(g, str);
  LLVMSetGlobalConstant(g, 1);
  LLVMSetLinkage(g, LLVMPrivateLinkage);
  LLVMSetUnnamedAddress(g, LLVMGlobalUnnamedAddr);
  LLVMSetAlignment(g, 1);
  return LLVMConstAddrSpaceCast(g, cg->t_ptr);
}

LLVMValueRef cg_printf_promote(CG *cg, LLVMValueRef v, DType t) {
  switch (tirx_dtype_code(t)) {
  case DTC_FLOAT:
  case DTC_BFLOAT: return tirx_dtype_bits(t) == 64 ? v : cg_coerce(cg, v, cg->t_f64, false);
  case DTC_INT: return tirx_dtype_bits(t) < 32 ? LLVMBuildSExt(cg->b, v, cg->t_i32, "") : v;
  case DTC_UINT:
  case DTC_BOOL:
  case DTC_F8:
  case DTC_F6:
  case DTC_F4: return tirx_dtype_bits(t) < 32 ? LLVMBuildZExt(cg->b, v, cg->t_i32, "") : v;
  case DTC_HANDLE: return cg_cast_ptr(cg, v, AS_GENERIC);
  default: return v;
  }
}

void cg_vprintf(CG *cg, LLVMValueRef fmt, LLVMValueRef *args, int n) {
  LLVMTypeRef pts[2] = {cg->t_ptr, cg->t_ptr};
  LLVMTypeRef fty = LLVMFunctionType(cg->t_i32, pts, 2, 0);
  LLVMValueRef fn = LLVMGetNamedFunction(cg->mod, "vprintf");
  if (!fn) fn = LLVMAddFunction(cg->mod, "vprintf", fty);
  LLVMValueRef buf = LLVMConstNull(cg->t_ptr);
  if (n > 0) {
    LLVMTypeRef *tys = tirx_xcalloc((size_t)n, sizeof *tys);
    for (int i = 0; i < n; i++) tys[i] = LLVMTypeOf(args[i]);
    LLVMTypeRef st = LLVMStructTypeInContext(cg->ctx, tys, (unsigned)n, 0);
    free(tys);
    LLVMValueRef a = cg_alloca(cg, st, 8, "printf.args");
    for (int i = 0; i < n; i++)
      LLVMBuildStore(cg->b, args[i], LLVMBuildStructGEP2(cg->b, st, a, (unsigned)i, ""));
    buf = cg_cast_ptr(cg, a, AS_GENERIC);
  }
  LLVMValueRef cargs[2] = {fmt, buf};
  LLVMBuildCall2(cg->b, fty, fn, cargs, 2, "");
}

/* ---- inline asm ----------------------------------------------------------------- */

static const struct {
  const char *text, *constraints;
} asm_rows[ASM_COUNT] = {
#define X(ID, text, constraints) [ID] = {text, constraints},
#include "asm_table.def"
#undef X
};

LLVMValueRef cg_asm(CG *cg, AsmId id, LLVMTypeRef ret, LLVMValueRef *args, int n) {
  LLVMTypeRef tys[8];
  for (int i = 0; i < n && i < 8; i++) tys[i] = LLVMTypeOf(args[i]);
  LLVMTypeRef fty = LLVMFunctionType(ret, tys, (unsigned)n, 0);
  const char *t = asm_rows[id].text, *c = asm_rows[id].constraints;
  LLVMValueRef f =
      LLVMGetInlineAsm(fty, t, strlen(t), c, strlen(c), 1, 0, LLVMInlineAsmDialectATT, 0);
  return LLVMBuildCall2(cg->b, fty, f, args, (unsigned)n, "");
}

/* ---- libdevice ------------------------------------------------------------------- */

LLVMValueRef cg_libdevice(CG *cg, const char *name, LLVMTypeRef ret, LLVMValueRef *args, int n) {
  LLVMTypeRef tys[4];
  for (int i = 0; i < n && i < 4; i++) tys[i] = LLVMTypeOf(args[i]);
  LLVMTypeRef fty = LLVMFunctionType(ret, tys, (unsigned)n, 0);
  LLVMValueRef f = LLVMGetNamedFunction(cg->mod, name);
  if (!f) f = LLVMAddFunction(cg->mod, name, fty);
  return LLVMBuildCall2(cg->b, fty, f, args, (unsigned)n, "");
}
