/* Scalar T.ptx ALU and conversion instructions (the PTX_ALU rows of ptx_table.def): the one
 * generic row I_PTX_ALU, whose call name keeps the spelling
 * (T.ptx["mul.wide.s32"]).  The spelling is decoded again with
 * tirx_ptx_alu_parse and lowered to plain LLVM IR (integer arithmetic,
 * shifts with PTX's clamping, selects, compares, casts) or to NVVM
 * intrinsics where the rounding or approximation matters (add/mul/fma/div/
 * rcp/sqrt with an explicit rounding, .approx transcendentals, cvt with a
 * rounding).  Nothing here uses inline asm except rcp.approx.f32 without
 * .ftz, which already has its asm_table row (LLVM 22 has no intrinsic).
 * Whatever is not covered reports "codegen: T.ptx["<spelling>"] is not
 * supported by the NVPTX backend yet" at the call.
 *
 * 16-bit float types travel as uint16 (f16x2/bf16x2 as uint32): they are
 * bitcast to half/bfloat (or <2 x ...>) for the operation and back. */
#include <stdio.h>
#include <string.h>

#include "Target/NVPTX/cg.h"

#define ARG(i) (e->u.call.args[i])

typedef struct {
  CG *cg;
  Expr *e;
  const char *sp; /* the spelling, "mul.wide.s32" */
  PtxAlu p;
} Alu;

static LLVMValueRef unsupported(Alu *a) {
  if (a->cg->alu_probe) {
    a->cg->alu_failed = true;
    return cg_poison(a->cg, a->e->dtype);
  }
  cg_error(a->cg, a->e->loc, "T.ptx[\"%s\"] is not supported by the NVPTX backend yet", a->sp);
  return cg_poison(a->cg, a->e->dtype);
}

static bool need_sm(Alu *a, int sm) {
  if (a->cg->arch->sm >= sm) return true;
  cg_error(a->cg, a->e->loc, "T.ptx[\"%s\"] requires sm_%d or newer (target is %s)", a->sp, sm,
           a->cg->arch->name);
  return false;
}

static bool is_h(PtxType t) { return t >= PT_F16 && t <= PT_BF16X2; }
static bool is_fp(PtxType t) { return t == PT_F32 || t == PT_F64; }

/* The LLVM type an operation of PTX type t computes in. */
static LLVMTypeRef vty(CG *cg, PtxType t) {
  switch (t) {
  case PT_F16: return cg->t_f16;
  case PT_BF16: return cg->t_bf16;
  case PT_F16X2: return LLVMVectorType(cg->t_f16, 2);
  case PT_BF16X2: return LLVMVectorType(cg->t_bf16, 2);
  case PT_F32: return cg->t_f32;
  case PT_F64: return cg->t_f64;
  default: return LLVMIntTypeInContext(cg->ctx, (unsigned)tirx_ptx_type_bits(t));
  }
}

static LLVMTypeRef ity(CG *cg, int bits) { return LLVMIntTypeInContext(cg->ctx, (unsigned)bits); }

/* Operand i as a value of PTX type t. */
static LLVMValueRef opnd_as(Alu *a, int i, PtxType t) {
  CG *cg = a->cg;
  Expr *x = a->e->u.call.args[i];
  LLVMValueRef v = cg_expr(cg, x);
  if (!v) return LLVMGetPoison(vty(cg, t));
  if (is_fp(t) && tirx_dtype_code(x->dtype) == DTC_FLOAT)
    return cg_cast(cg, v, x->dtype, t == PT_F32 ? tirx_dtype(DT_FLOAT32) : tirx_dtype(DT_FLOAT64),
                   x->loc);
  int bits = tirx_ptx_type_bits(t);
  if (LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMIntegerTypeKind) /* float16/bfloat16 carriers */
    v = LLVMBuildBitCast(cg->b, v, ity(cg, tirx_dtype_bits(x->dtype)), "");
  v = cg_coerce(cg, v, ity(cg, bits), cg_dtype_signed(x->dtype));
  if (is_h(t) || is_fp(t)) v = LLVMBuildBitCast(cg->b, v, vty(cg, t), "");
  return v;
}

static LLVMValueRef opnd(Alu *a, int i) { return opnd_as(a, i, a->p.type[0]); }

/* An uint32 position/shift operand as i32. */
static LLVMValueRef u32_opnd(Alu *a, int i) {
  CG *cg = a->cg;
  Expr *x = a->e->u.call.args[i];
  return cg_coerce(cg, cg_expr(cg, x), cg->t_i32, cg_dtype_signed(x->dtype));
}

/* The call's value from a result of PTX type t. */
static LLVMValueRef result(Alu *a, LLVMValueRef v, PtxType t) {
  CG *cg = a->cg;
  if (!v) return cg_poison(cg, a->e->dtype);
  if (is_h(t)) v = LLVMBuildBitCast(cg->b, v, ity(cg, tirx_ptx_type_bits(t)), "");
  return cg_coerce(cg, v, cg_type(cg, a->e->dtype), tirx_ptx_type_is_signed(t));
}

static LLVMValueRef call1(CG *cg, const char *name, LLVMTypeRef ov, LLVMValueRef x) {
  return cg_intrinsic(cg, name, ov ? &ov : NULL, ov ? 1 : 0, &x, 1);
}

static LLVMValueRef call2(CG *cg, const char *name, LLVMTypeRef ov, LLVMValueRef x,
                          LLVMValueRef y) {
  LLVMValueRef args[2] = {x, y};
  return cg_intrinsic(cg, name, ov ? &ov : NULL, ov ? 1 : 0, args, 2);
}

/* i32 `v` zero-extended or truncated to `ty`. */
static LLVMValueRef to_width(CG *cg, LLVMValueRef v, LLVMTypeRef ty) {
  return cg_coerce(cg, v, ty, false);
}

/* ---- integers ------------------------------------------------------------------------------ */

/* shl/shr: PTX clamps shift amounts above the width (shl → 0, shr.u → 0,
 * shr.s → the sign); LLVM's shifts are poison there, so select. */
static LLVMValueRef int_shift(Alu *a, LLVMValueRef x, LLVMValueRef amt, bool left, bool sgn) {
  CG *cg = a->cg;
  LLVMTypeRef ty = LLVMTypeOf(x);
  int w = (int)LLVMGetIntTypeWidth(ty);
  LLVMValueRef big = LLVMBuildICmp(cg->b, LLVMIntUGE, amt, cg_i32(cg, w), "");
  if (sgn && !left) {
    LLVMValueRef c = LLVMBuildSelect(cg->b, big, cg_i32(cg, w - 1), amt, "");
    return LLVMBuildAShr(cg->b, x, to_width(cg, c, ty), "");
  }
  LLVMValueRef s = left ? LLVMBuildShl(cg->b, x, to_width(cg, amt, ty), "")
                        : LLVMBuildLShr(cg->b, x, to_width(cg, amt, ty), "");
  return LLVMBuildSelect(cg->b, big, LLVMConstInt(ty, 0, 0), s, "");
}

/* (1 << len) - 1, all ones when len >= width. */
static LLVMValueRef low_mask(CG *cg, LLVMTypeRef ty, LLVMValueRef len32) {
  int w = (int)LLVMGetIntTypeWidth(ty);
  LLVMValueRef one = LLVMConstInt(ty, 1, 0);
  LLVMValueRef m =
      LLVMBuildSub(cg->b, LLVMBuildShl(cg->b, one, to_width(cg, len32, ty), ""), one, "");
  LLVMValueRef big = LLVMBuildICmp(cg->b, LLVMIntUGE, len32, cg_i32(cg, w), "");
  return LLVMBuildSelect(cg->b, big, LLVMConstAllOnes(ty), m, "");
}

static LLVMValueRef umin32(CG *cg, LLVMValueRef x, int k) {
  return call2(cg, "llvm.umin", cg->t_i32, x, cg_i32(cg, k));
}

/* bfe: d[i] = a[pos + i] for i < len and pos + i <= msb, else the sign bit
 * a[min(pos + len - 1, msb)] (.s) or 0 (.u); pos and len are taken mod 256. */
static LLVMValueRef int_bfe(Alu *a) {
  CG *cg = a->cg;
  bool sgn = tirx_ptx_type_is_signed(a->p.type[0]);
  LLVMValueRef x = opnd(a, 0);
  LLVMTypeRef ty = LLVMTypeOf(x);
  int w = (int)LLVMGetIntTypeWidth(ty);
  LLVMValueRef ff = cg_i32(cg, 0xff);
  LLVMValueRef pos = LLVMBuildAnd(cg->b, u32_opnd(a, 1), ff, "");
  LLVMValueRef len = LLVMBuildAnd(cg->b, u32_opnd(a, 2), ff, "");
  LLVMValueRef zero = LLVMConstInt(ty, 0, 0);
  if (!sgn) {
    LLVMValueRef t = int_shift(a, x, pos, false, false);
    return LLVMBuildAnd(cg->b, t, low_mask(cg, ty, len), "");
  }
  /* sign-extend from bit top-1, top = min(pos + len, w), then shift down */
  LLVMValueRef top = umin32(cg, LLVMBuildAdd(cg->b, pos, len, ""), w);
  LLVMValueRef up = to_width(cg, LLVMBuildSub(cg->b, cg_i32(cg, w), top, ""), ty);
  LLVMValueRef t = LLVMBuildAShr(cg->b, LLVMBuildShl(cg->b, x, up, ""), up, "");
  t = LLVMBuildAShr(cg->b, t, to_width(cg, umin32(cg, pos, w - 1), ty), "");
  LLVMValueRef none = LLVMBuildICmp(cg->b, LLVMIntEQ, len, cg_i32(cg, 0), "");
  return LLVMBuildSelect(cg->b, none, zero, t, "");
}

/* bfi f, a, b, pos, len: b with the low len bits of a inserted at pos. */
static LLVMValueRef int_bfi(Alu *a) {
  CG *cg = a->cg;
  LLVMValueRef x = opnd(a, 0), base = opnd(a, 1);
  LLVMTypeRef ty = LLVMTypeOf(x);
  LLVMValueRef ff = cg_i32(cg, 0xff);
  LLVMValueRef pos = LLVMBuildAnd(cg->b, u32_opnd(a, 2), ff, "");
  LLVMValueRef len = LLVMBuildAnd(cg->b, u32_opnd(a, 3), ff, "");
  LLVMValueRef m = int_shift(a, low_mask(cg, ty, len), pos, true, false);
  LLVMValueRef ins = LLVMBuildAnd(cg->b, int_shift(a, x, pos, true, false), m, "");
  LLVMValueRef keep = LLVMBuildAnd(cg->b, base, LLVMBuildNot(cg->b, m, ""), "");
  return LLVMBuildOr(cg->b, keep, ins, "");
}

/* mul/mad .lo/.hi/.wide */
static LLVMValueRef int_mul(Alu *a, LLVMValueRef x, LLVMValueRef y, bool sgn) {
  CG *cg = a->cg;
  if (a->p.hlw == 'l') return LLVMBuildMul(cg->b, x, y, "");
  LLVMTypeRef ty = LLVMTypeOf(x);
  int w = (int)LLVMGetIntTypeWidth(ty);
  LLVMTypeRef wt = ity(cg, 2 * w);
  LLVMValueRef xw = sgn ? LLVMBuildSExt(cg->b, x, wt, "") : LLVMBuildZExt(cg->b, x, wt, "");
  LLVMValueRef yw = sgn ? LLVMBuildSExt(cg->b, y, wt, "") : LLVMBuildZExt(cg->b, y, wt, "");
  LLVMValueRef pr = LLVMBuildMul(cg->b, xw, yw, "");
  if (a->p.hlw == 'w') return pr;
  if (w >= 16) { /* mul.hi: the NVVM intrinsic, so it stays one instruction */
    char name[32];
    snprintf(name, sizeof name, "llvm.nvvm.mulhi.%s%s", sgn ? "" : "u",
             w == 16   ? "s"
             : w == 32 ? "i"
                       : "ll");
    return call2(cg, name, NULL, x, y);
  }
  return LLVMBuildTrunc(cg->b, LLVMBuildLShr(cg->b, pr, LLVMConstInt(wt, (unsigned)w, 0), ""), ty,
                        "");
}

static LLVMValueRef int_cmp(Alu *a, LLVMValueRef x, LLVMValueRef y, bool sgn) {
  static const struct {
    const char *op;
    LLVMIntPredicate s, u;
  } ops[] = {{"eq", LLVMIntEQ, LLVMIntEQ},   {"ne", LLVMIntNE, LLVMIntNE},
             {"lt", LLVMIntSLT, LLVMIntULT}, {"le", LLVMIntSLE, LLVMIntULE},
             {"gt", LLVMIntSGT, LLVMIntUGT}, {"ge", LLVMIntSGE, LLVMIntUGE},
             {"lo", LLVMIntULT, LLVMIntULT}, {"ls", LLVMIntULE, LLVMIntULE},
             {"hi", LLVMIntUGT, LLVMIntUGT}, {"hs", LLVMIntUGE, LLVMIntUGE}};
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
    if (strcmp(ops[i].op, a->p.cmp) == 0)
      return LLVMBuildICmp(a->cg->b, sgn ? ops[i].s : ops[i].u, x, y, "");
  return NULL;
}

static LLVMValueRef emit_int(Alu *a) {
  CG *cg = a->cg;
  const PtxAlu *p = &a->p;
  PtxType t = p->type[0];
  bool sgn = tirx_ptx_type_is_signed(t);
  const char *f = p->fam->name;
  LLVMTypeRef ty = vty(cg, t);
  LLVMValueRef r = NULL;
  PtxType rt = t;
  if (!strcmp(f, "add") || !strcmp(f, "sub")) {
    bool add = f[0] == 'a';
    LLVMValueRef x = opnd(a, 0), y = opnd(a, 1);
    if (p->sat)
      r = call2(cg,
                add ? (sgn ? "llvm.sadd.sat" : "llvm.uadd.sat")
                    : (sgn ? "llvm.ssub.sat" : "llvm.usub.sat"),
                ty, x, y);
    else r = add ? LLVMBuildAdd(cg->b, x, y, "") : LLVMBuildSub(cg->b, x, y, "");
  } else if (!strcmp(f, "mul") || !strcmp(f, "mad")) {
    if (p->sat) return unsupported(a);
    r = int_mul(a, opnd(a, 0), opnd(a, 1), sgn);
    if (f[1] == 'a') {
      LLVMValueRef c = p->hlw == 'w'
                           ? cg_coerce(cg, cg_expr(cg, a->e->u.call.args[2]), LLVMTypeOf(r), sgn)
                           : opnd(a, 2);
      r = LLVMBuildAdd(cg->b, r, c, "");
    }
    if (p->hlw == 'w') return cg_coerce(cg, r, cg_type(cg, a->e->dtype), sgn);
  } else if (!strcmp(f, "div") || !strcmp(f, "rem")) {
    LLVMValueRef x = opnd(a, 0), y = opnd(a, 1);
    r = f[0] == 'd' ? (sgn ? LLVMBuildSDiv(cg->b, x, y, "") : LLVMBuildUDiv(cg->b, x, y, ""))
                    : (sgn ? LLVMBuildSRem(cg->b, x, y, "") : LLVMBuildURem(cg->b, x, y, ""));
  } else if (!strcmp(f, "min") || !strcmp(f, "max")) {
    const char *n =
        f[1] == 'i' ? (sgn ? "llvm.smin" : "llvm.umin") : (sgn ? "llvm.smax" : "llvm.umax");
    r = call2(cg, n, ty, opnd(a, 0), opnd(a, 1));
  } else if (!strcmp(f, "abs")) {
    if (!sgn) return unsupported(a);
    r = call2(cg, "llvm.abs", ty, opnd(a, 0), LLVMConstInt(cg->t_i1, 0, 0));
  } else if (!strcmp(f, "neg")) {
    r = LLVMBuildNeg(cg->b, opnd(a, 0), "");
  } else if (!strcmp(f, "and")) {
    r = LLVMBuildAnd(cg->b, opnd(a, 0), opnd(a, 1), "");
  } else if (!strcmp(f, "or")) {
    r = LLVMBuildOr(cg->b, opnd(a, 0), opnd(a, 1), "");
  } else if (!strcmp(f, "xor")) {
    r = LLVMBuildXor(cg->b, opnd(a, 0), opnd(a, 1), "");
  } else if (!strcmp(f, "not")) {
    r = LLVMBuildNot(cg->b, opnd(a, 0), "");
  } else if (!strcmp(f, "shl") || !strcmp(f, "shr")) {
    r = int_shift(a, opnd(a, 0), u32_opnd(a, 1), f[2] == 'l', sgn);
  } else if (!strcmp(f, "popc")) {
    r = to_width(cg, call1(cg, "llvm.ctpop", ty, opnd(a, 0)), cg->t_i32);
    rt = PT_U32;
  } else if (!strcmp(f, "clz")) {
    r = to_width(cg, call2(cg, "llvm.ctlz", ty, opnd(a, 0), LLVMConstInt(cg->t_i1, 0, 0)),
                 cg->t_i32);
    rt = PT_U32;
  } else if (!strcmp(f, "brev")) {
    r = call1(cg, "llvm.bitreverse", ty, opnd(a, 0));
  } else if (!strcmp(f, "bfe")) {
    r = int_bfe(a);
  } else if (!strcmp(f, "bfi")) {
    r = int_bfi(a);
  } else if (!strcmp(f, "prmt")) {
    LLVMValueRef args[3] = {opnd(a, 0), opnd(a, 1), opnd(a, 2)};
    r = cg_intrinsic(cg, "llvm.nvvm.prmt", NULL, 0, args, 3);
  } else if (!strcmp(f, "setp")) {
    if (p->ftz) return unsupported(a);
    r = int_cmp(a, opnd(a, 0), opnd(a, 1), sgn);
    if (!r) return unsupported(a);
    return cg_coerce(cg, r, cg_type(cg, a->e->dtype), false);
  } else {
    return unsupported(a);
  }
  return result(a, r, rt);
}

/* ---- floats -------------------------------------------------------------------------------- */

/* "llvm.nvvm.<op>.<rnd>[.ftz][.sat].<f|d>" */
static LLVMValueRef nvvm_rounded(Alu *a, const char *op, LLVMValueRef *args, int n, bool has_sat) {
  const PtxAlu *p = &a->p;
  bool d = p->type[0] == PT_F64;
  if (d && (p->ftz || p->sat)) return NULL;
  if (p->sat && !has_sat) return NULL;
  char name[64];
  snprintf(name, sizeof name, "llvm.nvvm.%s.%s%s%s.%s", op, p->rnd ? p->rnd : "rn",
           p->ftz ? ".ftz" : "", p->sat ? ".sat" : "", d ? "d" : "f");
  return cg_intrinsic(a->cg, name, NULL, 0, args, n);
}

static LLVMValueRef float_cmp(Alu *a, LLVMValueRef x, LLVMValueRef y) {
  static const struct {
    const char *op;
    LLVMRealPredicate pr;
  } ops[] = {{"eq", LLVMRealOEQ},  {"ne", LLVMRealONE},  {"lt", LLVMRealOLT},  {"le", LLVMRealOLE},
             {"gt", LLVMRealOGT},  {"ge", LLVMRealOGE},  {"equ", LLVMRealUEQ}, {"neu", LLVMRealUNE},
             {"ltu", LLVMRealULT}, {"leu", LLVMRealULE}, {"gtu", LLVMRealUGT}, {"geu", LLVMRealUGE},
             {"num", LLVMRealORD}, {"nan", LLVMRealUNO}};
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
    if (strcmp(ops[i].op, a->p.cmp) == 0) return LLVMBuildFCmp(a->cg->b, ops[i].pr, x, y, "");
  return NULL;
}

/* testp.<property>: llvm.is.fpclass with the matching class mask */
static LLVMValueRef float_testp(Alu *a, LLVMValueRef x) {
  static const struct {
    const char *op;
    unsigned mask;
  } ops[] = {{"finite", 0x1f8},     {"infinite", 0x204}, {"number", 0x3fc},
             {"notanumber", 0x003}, {"normal", 0x108},   {"subnormal", 0x090}};
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
    if (strcmp(ops[i].op, a->p.cmp) == 0)
      return call2(a->cg, "llvm.is.fpclass", LLVMTypeOf(x), x, cg_i32(a->cg, ops[i].mask));
  return NULL;
}

/* f16/bf16 (x2): plain IR with round-to-nearest, NVVM min/max/fma variants */
static LLVMValueRef emit_half(Alu *a) {
  CG *cg = a->cg;
  const PtxAlu *p = &a->p;
  PtxType t = p->type[0];
  const char *f = p->fam->name;
  LLVMTypeRef ty = vty(cg, t);
  if (p->rnd && strcmp(p->rnd, "rn")) return unsupported(a);
  if (!need_sm(a, t == PT_BF16 || t == PT_BF16X2 ? 80 : 53)) return NULL;
  static const char *const suffix[] = {
      [PT_F16] = "f16", [PT_F16X2] = "f16x2", [PT_BF16] = "bf16", [PT_BF16X2] = "bf16x2"};
  LLVMValueRef r = NULL;
  if (!strcmp(f, "add") || !strcmp(f, "sub") || !strcmp(f, "mul")) {
    if (p->ftz || p->sat) return unsupported(a);
    LLVMValueRef x = opnd(a, 0), y = opnd(a, 1);
    r = f[0] == 'a'   ? LLVMBuildFAdd(cg->b, x, y, "")
        : f[0] == 's' ? LLVMBuildFSub(cg->b, x, y, "")
                      : LLVMBuildFMul(cg->b, x, y, "");
  } else if (!strcmp(f, "fma")) {
    LLVMValueRef args[3] = {opnd(a, 0), opnd(a, 1), opnd(a, 2)};
    if (!p->ftz && !p->sat) {
      r = cg_intrinsic(cg, "llvm.fma", &ty, 1, args, 3);
    } else {
      if (p->ftz && (t == PT_BF16 || t == PT_BF16X2)) return unsupported(a);
      char name[64];
      snprintf(name, sizeof name, "llvm.nvvm.fma.rn%s%s.%s", p->ftz ? ".ftz" : "",
               p->sat ? ".sat" : "", suffix[t]);
      r = cg_intrinsic(cg, name, NULL, 0, args, 3);
    }
  } else if (!strcmp(f, "min") || !strcmp(f, "max")) {
    char name[64];
    snprintf(name, sizeof name, "llvm.nvvm.f%s%s.%s", f, p->ftz ? ".ftz" : "", suffix[t]);
    r = call2(cg, name, NULL, opnd(a, 0), opnd(a, 1));
  } else if (!strcmp(f, "abs") || !strcmp(f, "neg")) {
    if (p->ftz) return unsupported(a);
    r = f[0] == 'a' ? call1(cg, "llvm.fabs", ty, opnd(a, 0)) : LLVMBuildFNeg(cg->b, opnd(a, 0), "");
  } else if (!strcmp(f, "setp")) {
    if (p->ftz || t == PT_F16X2 || t == PT_BF16X2) return unsupported(a);
    r = float_cmp(a, opnd(a, 0), opnd(a, 1));
    if (!r) return unsupported(a);
    return cg_coerce(cg, r, cg_type(cg, a->e->dtype), false);
  } else {
    return unsupported(a);
  }
  return result(a, r, t);
}

static LLVMValueRef emit_float(Alu *a) {
  CG *cg = a->cg;
  const PtxAlu *p = &a->p;
  PtxType t = p->type[0];
  bool d = t == PT_F64;
  const char *f = p->fam->name;
  LLVMTypeRef ty = vty(cg, t);
  if (p->rnd && strlen(p->rnd) == 3) return unsupported(a);
  LLVMValueRef r = NULL;
  char name[64];
  if (!strcmp(f, "add") || !strcmp(f, "mul")) {
    LLVMValueRef args[2] = {opnd(a, 0), opnd(a, 1)};
    r = nvvm_rounded(a, f, args, 2, f[0] == 'a');
  } else if (!strcmp(f, "sub")) {
    LLVMValueRef args[2] = {opnd(a, 0), LLVMBuildFNeg(cg->b, opnd(a, 1), "")};
    r = nvvm_rounded(a, "add", args, 2, true);
  } else if (!strcmp(f, "fma") || !strcmp(f, "mad")) {
    LLVMValueRef args[3] = {opnd(a, 0), opnd(a, 1), opnd(a, 2)};
    r = nvvm_rounded(a, "fma", args, 3, true);
  } else if (!strcmp(f, "div")) {
    LLVMValueRef args[2] = {opnd(a, 0), opnd(a, 1)};
    if (p->approx || p->full) {
      if (d) return unsupported(a);
      snprintf(name, sizeof name, "llvm.nvvm.div.%s%s%s", p->approx ? "approx" : "full",
               p->ftz ? ".ftz" : "", p->approx ? ".f" : "");
      r = cg_intrinsic(cg, name, NULL, 0, args, 2);
    } else {
      r = nvvm_rounded(a, "div", args, 2, false);
    }
  } else if (!strcmp(f, "rcp") || !strcmp(f, "sqrt")) {
    LLVMValueRef x = opnd(a, 0);
    if (p->approx) {
      bool rcp = f[0] == 'r';
      if (rcp && !p->ftz && !d) {
        r = cg_asm(cg, ASM_RCP_APPROX_F32, cg->t_f32, &x, 1);
      } else if (rcp && p->ftz) {
        r = call1(cg, d ? "llvm.nvvm.rcp.approx.ftz.d" : "llvm.nvvm.rcp.approx.ftz.f", NULL, x);
      } else if (!rcp && !d) {
        r = call1(cg, p->ftz ? "llvm.nvvm.sqrt.approx.ftz.f" : "llvm.nvvm.sqrt.approx.f", NULL, x);
      }
    } else {
      r = nvvm_rounded(a, f, &x, 1, false);
    }
  } else if (!strcmp(f, "rsqrt")) {
    snprintf(name, sizeof name, "llvm.nvvm.rsqrt.approx%s.%s", p->ftz ? ".ftz" : "", d ? "d" : "f");
    r = call1(cg, name, NULL, opnd(a, 0));
  } else if (!strcmp(f, "lg2") || !strcmp(f, "sin") || !strcmp(f, "cos")) {
    if (d) return unsupported(a); /* PTX has these for f32 only */
    snprintf(name, sizeof name, "llvm.nvvm.%s.approx%s.%s", f, p->ftz ? ".ftz" : "", d ? "d" : "f");
    r = call1(cg, name, NULL, opnd(a, 0));
  } else if (!strcmp(f, "ex2")) {
    if (d) return unsupported(a);
    r = call1(cg, p->ftz ? "llvm.nvvm.ex2.approx.ftz" : "llvm.nvvm.ex2.approx", ty, opnd(a, 0));
  } else if (!strcmp(f, "min") || !strcmp(f, "max")) {
    if (d && p->ftz) return unsupported(a);
    snprintf(name, sizeof name, "llvm.nvvm.f%s%s.%s", f, p->ftz ? ".ftz" : "", d ? "d" : "f");
    r = call2(cg, name, NULL, opnd(a, 0), opnd(a, 1));
  } else if (!strcmp(f, "abs")) {
    r = p->ftz ? (d ? NULL : call1(cg, "llvm.nvvm.fabs.ftz", ty, opnd(a, 0)))
               : call1(cg, "llvm.fabs", ty, opnd(a, 0));
  } else if (!strcmp(f, "neg")) {
    if (!p->ftz) r = LLVMBuildFNeg(cg->b, opnd(a, 0), "");
  } else if (!strcmp(f, "copysign")) {
    /* copysign d, a, b: the sign of a, the magnitude of b */
    r = call2(cg, "llvm.copysign", ty, opnd(a, 1), opnd(a, 0));
  } else if (!strcmp(f, "setp")) {
    if (p->ftz) return unsupported(a);
    r = float_cmp(a, opnd(a, 0), opnd(a, 1));
    if (!r) return unsupported(a);
    return cg_coerce(cg, r, cg_type(cg, a->e->dtype), false);
  } else if (!strcmp(f, "testp")) {
    r = float_testp(a, opnd(a, 0));
    if (!r) return unsupported(a);
    return cg_coerce(cg, r, cg_type(cg, a->e->dtype), false);
  }
  if (!r) return unsupported(a);
  return result(a, r, t);
}

/* ---- cvt ----------------------------------------------------------------------------------- */

static LLVMValueRef emit_cvt(Alu *a) {
  CG *cg = a->cg;
  const PtxAlu *p = &a->p;
  PtxType dt = p->type[0], st = p->type[1];
  bool dfl = tirx_ptx_type_is_float(dt), sfl = tirx_ptx_type_is_float(st);
  bool ssg = tirx_ptx_type_is_signed(st), dsg = tirx_ptx_type_is_signed(dt);
  int db = tirx_ptx_type_bits(dt), sb = tirx_ptx_type_bits(st);
  const char *rnd = p->rnd;
  bool irnd = rnd && strlen(rnd) == 3;
  if (p->sat || dt == PT_F16X2 || dt == PT_BF16X2 || st == PT_F16X2 || st == PT_BF16X2)
    return unsupported(a);
  LLVMValueRef x = opnd_as(a, 0, st), r = NULL;
  LLVMTypeRef dty = vty(cg, dt);
  char name[64];
  if (!dfl && !sfl) { /* integer ↔ integer */
    if (rnd || p->ftz) return unsupported(a);
    r = db > sb   ? (ssg ? LLVMBuildSExt(cg->b, x, dty, "") : LLVMBuildZExt(cg->b, x, dty, ""))
        : db < sb ? LLVMBuildTrunc(cg->b, x, dty, "")
                  : x;
  } else if (!sfl) { /* integer → float */
    if (irnd || p->ftz) return unsupported(a);
    if (!rnd || !strcmp(rnd, "rn")) {
      r = ssg ? LLVMBuildSIToFP(cg->b, x, dty, "") : LLVMBuildUIToFP(cg->b, x, dty, "");
    } else if (is_fp(dt)) {
      if (sb < 32)
        x = ssg ? LLVMBuildSExt(cg->b, x, cg->t_i32, "") : LLVMBuildZExt(cg->b, x, cg->t_i32, "");
      snprintf(name, sizeof name, "llvm.nvvm.%s%s2%s.%s", ssg ? "" : "u", sb == 64 ? "ll" : "i",
               dt == PT_F64 ? "d" : "f", rnd);
      r = call1(cg, name, NULL, x);
    }
  } else if (!dfl) { /* float → integer: an integer rounding is required */
    if (!irnd) return unsupported(a);
    if (is_h(st)) x = LLVMBuildFPExt(cg->b, x, cg->t_f32, "");
    bool sd = st == PT_F64;
    if (db >= 32) {
      char r2[3] = {rnd[0], rnd[1], 0};
      snprintf(name, sizeof name, "llvm.nvvm.%s2%s%s.%s%s", sd ? "d" : "f", dsg ? "" : "u",
               db == 64 ? "ll" : "i", r2, p->ftz && !sd ? ".ftz" : "");
      if (p->ftz && sd) return unsupported(a);
      r = call1(cg, name, NULL, x);
    } else if (!strcmp(rnd, "rzi") && !p->ftz) {
      LLVMTypeRef ov[2] = {dty, LLVMTypeOf(x)};
      r = cg_intrinsic(cg, dsg ? "llvm.fptosi.sat" : "llvm.fptoui.sat", ov, 2, &x, 1);
    }
  } else if (dt == st) { /* float → same float: round to an integer */
    if (!irnd || p->ftz || !is_fp(dt)) return unsupported(a);
    const char *n = !strcmp(rnd, "rni")   ? "llvm.roundeven"
                    : !strcmp(rnd, "rzi") ? "llvm.trunc"
                    : !strcmp(rnd, "rmi") ? "llvm.floor"
                                          : "llvm.ceil";
    r = call1(cg, n, dty, x);
  } else if (db > sb) { /* widening: exact */
    if (rnd || p->ftz) return unsupported(a);
    r = LLVMBuildFPExt(cg->b, x, dty, "");
  } else if (db < sb) { /* narrowing */
    if (irnd) return unsupported(a);
    const char *rr = rnd ? rnd : "rn";
    if (dt == PT_F32) { /* from f64 */
      if (!strcmp(rr, "rn") && !p->ftz) r = LLVMBuildFPTrunc(cg->b, x, dty, "");
      else {
        snprintf(name, sizeof name, "llvm.nvvm.d2f.%s%s", rr, p->ftz ? ".ftz" : "");
        r = call1(cg, name, NULL, x);
      }
    } else if (!p->ftz && !strcmp(rr, "rn")) { /* to f16/bf16 */
      if (dt == PT_BF16 && !need_sm(a, 80)) return NULL;
      r = LLVMBuildFPTrunc(cg->b, x, dty, "");
    } else if (!p->ftz && !strcmp(rr, "rz") && st == PT_F32) {
      if (!need_sm(a, 80)) return NULL;
      r = call1(cg, dt == PT_BF16 ? "llvm.nvvm.f2bf16.rz" : "llvm.nvvm.f2f16.rz", NULL, x);
    }
  }
  if (!r) return unsupported(a);
  return result(a, r, dt);
}

LLVMValueRef cg_ptx_alu(CG *cg, Expr *e) {
  const char *nm = e->u.call.name;
  Alu a = {cg, e, NULL, {0}};
  char sp[512];
  size_t n = nm ? strlen(nm) : 0;
  if (n < 10 || strncmp(nm, "T.ptx[\"", 7) != 0 || n - 9 >= sizeof sp) return cg_unsupported(cg, e);
  memcpy(sp, nm + 7, n - 9);
  sp[n - 9] = '\0';
  a.sp = sp;
  char err[256];
  if (!tirx_ptx_alu_parse(sp, &a.p, err, sizeof err)) {
    cg_error(cg, e->loc, "T.ptx[\"%s\"]: %s", sp, err);
    return cg_poison(cg, e->dtype);
  }
  if (e->u.call.n != a.p.fam->nops) {
    cg_error(cg, e->loc, "T.ptx[\"%s\"] takes %d operands, got %d", sp, a.p.fam->nops, e->u.call.n);
    return cg_poison(cg, e->dtype);
  }
  const char *f = a.p.fam->name;
  PtxType t = a.p.type[0];
  if (a.p.fam->rule == PA_CVT) return emit_cvt(&a);
  if (!strcmp(f, "mov")) return result(&a, opnd(&a, 0), t);
  if (!strcmp(f, "selp")) {
    LLVMValueRef c = cg_cond(cg, ARG(2));
    return result(&a, LLVMBuildSelect(cg->b, c, opnd(&a, 0), opnd(&a, 1), ""), t);
  }
  if (is_h(t)) return emit_half(&a);
  if (is_fp(t)) return emit_float(&a);
  return emit_int(&a);
}
