/* cg_pack_half_pairs: after the optimisation pipeline, rewrite the integer packing of two
 * 16-bit floats into one 32-bit word
 *
 *   or (shl (zext (bitcast half H to i16) to i32), 16), (zext (bitcast half L to i16) to i32)
 *
 * (either operand order, half or bfloat) into the vector form LLVM's NVPTX backend selects
 * as one instruction
 *
 *   bitcast (insertelement (insertelement poison, L, 0), H, 1) <2 x half> to i32
 *
 * When L and H are fptruncs of floats that is `cvt.rn.f16x2.f32` / `cvt.rn.bf16x2.f32`
 * (F2FP.PACK_AB in SASS) instead of two scalar conversions and the integer packing (F2F,
 * F2F, PRMT).  The packing comes from SROA: a register tile of 16-bit elements read
 * through a 32-bit view (T.wg.cast into a float16 tile, T.wg.copy of it to shared memory),
 * which InstCombine leaves as integer ops.  The two forms are the same bits (element 0 is
 * the low half), so the rewrite is exact.  The integer ops left without uses are erased. */
#include "Target/NVPTX/cg.h"

/* V is `zext (bitcast X to i16) to i32` with X a half or bfloat: X, else NULL */
static LLVMValueRef half_of_zext(LLVMValueRef v) {
  if (!LLVMIsAZExtInst(v)) return NULL;
  LLVMValueRef bc = LLVMGetOperand(v, 0);
  if (!LLVMIsABitCastInst(bc)) return NULL;
  LLVMValueRef x = LLVMGetOperand(bc, 0);
  LLVMTypeKind k = LLVMGetTypeKind(LLVMTypeOf(x));
  return k == LLVMHalfTypeKind || k == LLVMBFloatTypeKind ? x : NULL;
}

/* V is `shl (zext ...) , 16`: the half, else NULL */
static LLVMValueRef half_of_shl16(LLVMValueRef v) {
  if (!LLVMIsAInstruction(v) || LLVMGetInstructionOpcode(v) != LLVMShl) return NULL;
  LLVMValueRef amt = LLVMGetOperand(v, 1);
  if (!LLVMIsAConstantInt(amt) || LLVMConstIntGetZExtValue(amt) != 16) return NULL;
  return half_of_zext(LLVMGetOperand(v, 0));
}

/* erase V and then its operands that became dead (the zext / shl / bitcast chain) */
static void erase_dead(LLVMValueRef v) {
  if (!LLVMIsAInstruction(v) || LLVMGetFirstUse(v)) return;
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  if (op != LLVMShl && op != LLVMZExt && op != LLVMBitCast) return;
  LLVMValueRef src = LLVMGetOperand(v, 0);
  LLVMInstructionEraseFromParent(v);
  erase_dead(src);
}

/* I is the packing `or`: replace it; true when it did */
static bool rewrite_or(LLVMContextRef ctx, LLVMBuilderRef b, LLVMValueRef i) {
  if (LLVMGetInstructionOpcode(i) != LLVMOr) return false;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  if (LLVMTypeOf(i) != i32) return false;
  LLVMValueRef a = LLVMGetOperand(i, 0), c = LLVMGetOperand(i, 1);
  LLVMValueRef hi = half_of_shl16(a), lo = half_of_zext(c);
  if (!hi || !lo) hi = half_of_shl16(c), lo = half_of_zext(a);
  if (!hi || !lo || LLVMTypeOf(hi) != LLVMTypeOf(lo)) return false;
  LLVMPositionBuilderBefore(b, i);
  LLVMTypeRef vt = LLVMVectorType(LLVMTypeOf(lo), 2);
  LLVMValueRef v = LLVMBuildInsertElement(b, LLVMGetPoison(vt), lo, LLVMConstInt(i32, 0, 0), "");
  v = LLVMBuildInsertElement(b, v, hi, LLVMConstInt(i32, 1, 0), "");
  LLVMValueRef w = LLVMBuildBitCast(b, v, i32, "pk");
  LLVMReplaceAllUsesWith(i, w);
  LLVMInstructionEraseFromParent(i);
  erase_dead(a);
  erase_dead(c);
  return true;
}

int cg_pack_half_pairs(LLVMModuleRef mod) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  int n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;) {
        LLVMValueRef next = LLVMGetNextInstruction(i);
        n += rewrite_or(ctx, b, i);
        i = next;
      }
  LLVMDisposeBuilder(b);
  return n;
}
