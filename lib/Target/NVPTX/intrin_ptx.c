/* T.ptx.* value rows (the PTX_NVVM rows of ptx_table.def) → NVVM intrinsics.
 *
 * Most rows are one NVVM intrinsic whose operands are the call's arguments
 * converted by kind; they are data (the row's EMIT emit_row, "llvm", "ops", SM,
 * ARCH columns, gathered into `rows` below).  An operand spec is a
 * sequence of two-character tokens, KIND then the argument index ('-' for
 * none):
 *   s  shared address (pointer or uint32 shared window) → ptr addrspace(3)
 *   C  shared address as a shared::cluster pointer      → ptr addrspace(7)
 *   g  global address (pointer or uint64)                → ptr addrspace(1)
 *   p  generic address                                   → ptr
 *   t  tensor-memory address (uint32)                    → ptr addrspace(6)
 *   v  a value (coerced to the parameter type)
 *   c  a compile-time integer (immediate operands)
 *   b  a predicate (x != 0)
 *   0 F Z H  constants i32 0, i1 false, i64 0, i16 0 (unused optional operands)
 * Rows that need more (size-selected names, operand-order detection, fast-math
 * free arithmetic) have their own emitter.  wgmma.fence/commit/wait have NVVM
 * intrinsics in LLVM 22, so no row needs the asm table except lop3, tanh.approx
 * and rcp.approx (no intrinsic).
 */
#include <stdio.h>
#include <string.h>

#include "Target/NVPTX/cg.h"

#define ARG(i) (e->u.call.args[i])

typedef struct PtxRow {
  IntrinId id;
  const char *llvm;
  const char *ops;
  int sm;    /* minimum sm_XX (0 = any tirx arch) */
  bool arch; /* needs an "a" arch */
} PtxRow;

/* The PTX_NVVM rows of the registry (ptx_table.def) whose emitter is emit_row. */
static const PtxRow rows[INTRIN_COUNT] = {
#define PTX_NVVM(ID, sp, mn, mx, kinds, ret, flags, emit, llvm, ops, sm, arch) \
  [ID] = {ID, llvm, ops, sm, arch},
#include "tirx/internal/ptx_table.def"
};

static const PtxRow *find_row(IntrinId id) {
  return id < INTRIN_COUNT && rows[id].llvm && rows[id].llvm[0] ? &rows[id] : NULL;
}

static LLVMValueRef ret(CG *cg, Expr *e, LLVMValueRef v) {
  if (!v || tirx_dtype_code(e->dtype) == DTC_VOID ||
      LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMVoidTypeKind)
    return NULL;
  return cg_coerce(cg, v, cg_type(cg, e->dtype), false);
}

static LLVMValueRef operand(CG *cg, Expr *e, char kind, int i) {
  Expr *a = i >= 0 && i < e->u.call.n ? ARG(i) : NULL;
  int64_t c;
  switch (kind) {
  case '0': return cg_i32(cg, 0);
  case 'F': return LLVMConstInt(cg->t_i1, 0, 0);
  case 'Z': return cg_i64(cg, 0);
  case 'H': return LLVMConstInt(cg->t_i16, 0, 0);
  default: break;
  }
  if (!a) {
    cg_error(cg, e->loc, "T.%s: missing operand %d", e->u.call.op->name, i + 1);
    return cg_i32(cg, 0);
  }
  switch (kind) {
  case 's': return cg_shared_addr(cg, a);
  case 'C': return cg_cast_ptr(cg, cg_shared_addr(cg, a), AS_SHARED_CLUSTER);
  case 'g': return cg_cast_ptr(cg, cg_generic_addr(cg, a), AS_GLOBAL);
  case 'p': return cg_generic_addr(cg, a);
  case 't':
    return LLVMBuildIntToPtr(cg->b, cg_coerce(cg, cg_expr(cg, a), cg->t_i32, false),
                             cg_ptr_type(cg, AS_TMEM), "");
  case 'c': cg_const_arg(cg, e, i, "this operand", &c); return cg_i32(cg, c);
  case 'b': return cg_cond(cg, a);
  default: return cg_expr(cg, a);
  }
}

static LLVMValueRef emit_row(CG *cg, Expr *e) {
  const PtxRow *r = find_row(e->u.call.op->id);
  if (!r) return cg_unsupported(cg, e);
  if (r->sm && !cg_require_sm(cg, e, r->sm, r->arch)) return NULL;
  LLVMValueRef args[16];
  int n = 0;
  for (const char *s = r->ops; s[0] && s[1] && n < 16; s += 2)
    args[n++] = operand(cg, e, s[0], s[1] == '-' ? -1 : s[1] - '0');
  return ret(cg, e, cg_intrinsic(cg, r->llvm, NULL, 0, args, n));
}

/* ---- rows with their own emitter -------------------------------------------------------- */

/* cp.async.{ca,cg}.shared.global [dst], [src], cp_size[, src_size] */
static LLVMValueRef emit_cp_async(CG *cg, Expr *e) {
  if (!cg_require_sm(cg, e, 80, false)) return NULL;
  bool cg_variant = e->u.call.op->id == I_PTX_CP_ASYNC_CG;
  int64_t size;
  if (!cg_const_arg(cg, e, 2, "cp_size", &size)) return NULL;
  if (cg_variant ? size != 16 : (size != 4 && size != 8 && size != 16)) {
    cg_error(cg, ARG(2)->loc, "T.%s: cp_size must be %s, not %lld", e->u.call.op->name,
             cg_variant ? "16" : "4, 8 or 16", (long long)size);
    return NULL;
  }
  char name[64];
  bool src_size = e->u.call.n > 3;
  snprintf(name, sizeof name, "llvm.nvvm.cp.async.%s.shared.global.%d%s", cg_variant ? "cg" : "ca",
           (int)size, src_size ? ".s" : "");
  LLVMValueRef args[3];
  args[0] = operand(cg, e, 's', 0);
  args[1] = operand(cg, e, 'g', 1);
  args[2] = src_size ? operand(cg, e, 'v', 3) : NULL;
  cg_intrinsic(cg, name, NULL, 0, args, src_size ? 3 : 2);
  return NULL;
}

/* bar.sync id[, count] */
static LLVMValueRef emit_bar_sync(CG *cg, Expr *e) {
  LLVMValueRef args[2];
  args[0] = cg_expr(cg, ARG(0));
  args[1] = e->u.call.n > 1 ? cg_expr(cg, ARG(1)) : NULL;
  cg_intrinsic(cg,
               e->u.call.n > 1 ? "llvm.nvvm.barrier.cta.sync.aligned.count"
                               : "llvm.nvvm.barrier.cta.sync.aligned.all",
               NULL, 0, args, e->u.call.n > 1 ? 2 : 1);
  return NULL;
}

/* mapa.shared::cluster.u32 d, a, rank: on 32-bit shared-window addresses */
static LLVMValueRef emit_mapa_u32(CG *cg, Expr *e) {
  LLVMValueRef args[2];
  args[0] = operand(cg, e, 's', 0);
  args[1] = cg_expr(cg, ARG(1));
  LLVMValueRef p = cg_intrinsic(cg, "llvm.nvvm.mapa.shared.cluster", NULL, 0, args, 2);
  if (!p) return NULL;
  return ret(cg, e, LLVMBuildPtrToInt(cg->b, p, cg->t_i32, ""));
}

static LLVMValueRef emit_setmaxnreg(CG *cg, Expr *e) {
  if (!cg_require_sm(cg, e, 90, true)) return NULL;
  int64_t n;
  if (!cg_const_arg(cg, e, 0, "the register count", &n)) return NULL;
  if (n < 24 || n > 256 || n % 8) {
    cg_error(cg, ARG(0)->loc, "T.%s: the register count must be a multiple of 8 in [24, 256]",
             e->u.call.op->name);
    return NULL;
  }
  LLVMValueRef c = cg_i32(cg, n);
  cg_intrinsic(cg,
               e->u.call.op->id == I_PTX_SETMAXNREG_INC
                   ? "llvm.nvvm.setmaxnreg.inc.sync.aligned.u32"
                   : "llvm.nvvm.setmaxnreg.dec.sync.aligned.u32",
               NULL, 0, &c, 1);
  return NULL;
}

static LLVMValueRef emit_elect(CG *cg, Expr *e) {
  LLVMValueRef mask = cg_expr(cg, ARG(0));
  LLVMValueRef r = cg_intrinsic(cg, "llvm.nvvm.elect.sync", NULL, 0, &mask, 1);
  return r ? ret(cg, e, LLVMBuildExtractValue(cg->b, r, 1, "")) : NULL;
}

static bool is_pointer(LLVMValueRef v) {
  return LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind;
}

static bool coord_count_ok(CG *cg, Expr *e, int ncoord) {
  if (ncoord >= 1 && ncoord <= 5) return true;
  cg_error(cg, e->loc, "T.%s: 1 to 5 coordinates are needed", e->u.call.op->name);
  return false;
}

/* cp.async.bulk.tensor.Nd.shared::cluster.global.tile.mbarrier::complete_tx::bytes
 *   [dst], [tmap, {coords}], [mbar]
 * Operands in PTX order (dst, tmap, coords..., mbar); the order
 * (dst, tmap|mbar, mbar|tmap, coords...) is accepted too (the shared-memory
 * pointer of the two is the mbarrier). */
static LLVMValueRef emit_tensor_g2s(CG *cg, Expr *e) {
  int n = e->u.call.n;
  int first_coord, ncoord;
  LLVMValueRef dst = operand(cg, e, 'C', 0), tmap, mbar;
  if (n >= 4 && tirx_dtype_is_handle(ARG(2)->dtype) && tirx_dtype_is_handle(ARG(1)->dtype)) {
    LLVMValueRef a = cg_expr(cg, ARG(1)), b = cg_expr(cg, ARG(2));
    bool a_shared = is_pointer(a) && cg_ptr_as(a) == AS_SHARED;
    tmap = a_shared ? b : a;
    mbar = a_shared ? a : b;
    if (!is_pointer(tmap)) tmap = cg_coerce(cg, tmap, cg->t_ptr, false);
    mbar =
        cg_cast_ptr(cg, is_pointer(mbar) ? mbar : cg_coerce(cg, mbar, cg->t_ptr, false), AS_SHARED);
    first_coord = 3;
    ncoord = n - 3;
  } else {
    tmap = operand(cg, e, 'p', 1);
    mbar = operand(cg, e, 's', n - 1);
    first_coord = 2;
    ncoord = n - 3;
  }
  if (!coord_count_ok(cg, e, ncoord)) return NULL;
  LLVMValueRef args[16];
  int k = 0;
  args[k++] = dst;
  args[k++] = mbar;
  args[k++] = cg_cast_ptr(cg, tmap, AS_GENERIC);
  for (int i = 0; i < ncoord; i++) args[k++] = cg_expr(cg, ARG(first_coord + i));
  args[k++] = LLVMConstInt(cg->t_i16, 0, 0);
  args[k++] = cg_i64(cg, 0);
  args[k++] = LLVMConstInt(cg->t_i1, 0, 0);
  args[k++] = LLVMConstInt(cg->t_i1, 0, 0);
  args[k++] = cg_i32(cg, 0);
  char name[64];
  snprintf(name, sizeof name, "llvm.nvvm.cp.async.bulk.tensor.g2s.tile.%dd", ncoord);
  cg_intrinsic(cg, name, NULL, 0, args, k);
  return NULL;
}

/* cp.async.bulk.tensor.Nd.global.shared::cta.tile.bulk_group [tmap, {coords}], [src]
 * PTX order (tmap, coords..., src); (tmap, src, coords...) is accepted too. */
static LLVMValueRef emit_tensor_s2g(CG *cg, Expr *e) {
  int n = e->u.call.n;
  LLVMValueRef tmap = operand(cg, e, 'p', 0), src;
  int first_coord;
  if (tirx_dtype_is_handle(ARG(1)->dtype)) {
    src = operand(cg, e, 's', 1);
    first_coord = 2;
  } else {
    src = operand(cg, e, 's', n - 1);
    first_coord = 1;
  }
  int ncoord = n - 2;
  if (!coord_count_ok(cg, e, ncoord)) return NULL;
  LLVMValueRef args[12];
  int k = 0;
  args[k++] = src;
  args[k++] = tmap;
  for (int i = 0; i < ncoord; i++) args[k++] = cg_expr(cg, ARG(first_coord + i));
  args[k++] = cg_i64(cg, 0);
  args[k++] = LLVMConstInt(cg->t_i1, 0, 0);
  char name[64];
  snprintf(name, sizeof name, "llvm.nvvm.cp.async.bulk.tensor.s2g.tile.%dd", ncoord);
  cg_intrinsic(cg, name, NULL, 0, args, k);
  return NULL;
}

static LLVMValueRef emit_prefetch_tensormap(CG *cg, Expr *e) {
  LLVMValueRef p = operand(cg, e, 'p', 0);
  LLVMTypeRef ty = LLVMTypeOf(p);
  cg_intrinsic(cg, "llvm.nvvm.prefetch.tensormap", &ty, 1, &p, 1);
  return NULL;
}

/* wgmma.* exists on sm_90a only (not on sm_100a). */
static LLVMValueRef emit_wgmma(CG *cg, Expr *e) {
  if (cg->arch->sm != 90 || !cg->arch->arch_specific) {
    cg_error(cg, e->loc, "T.%s requires sm_90a (target is %s)", e->u.call.op->name, cg->arch->name);
    return NULL;
  }
  switch (e->u.call.op->id) {
  case I_PTX_WGMMA_FENCE:
    cg_intrinsic(cg, "llvm.nvvm.wgmma.fence.sync.aligned", NULL, 0, NULL, 0);
    break;
  case I_PTX_WGMMA_COMMIT:
    cg_intrinsic(cg, "llvm.nvvm.wgmma.commit_group.sync.aligned", NULL, 0, NULL, 0);
    break;
  default: {
    int64_t n;
    if (!cg_const_arg(cg, e, 0, "the group count", &n)) return NULL;
    LLVMValueRef c = cg_i64(cg, n);
    cg_intrinsic(cg, "llvm.nvvm.wgmma.wait_group.sync.aligned", NULL, 0, &c, 1);
  }
  }
  return NULL;
}

static LLVMValueRef f32_arg(CG *cg, Expr *e, int i) {
  return cg_cast(cg, cg_expr(cg, ARG(i)), ARG(i)->dtype, tirx_dtype(DT_FLOAT32), e->loc);
}

/* add.rn.f32 / mul.rn.f32: never contracted into an fma */
static LLVMValueRef emit_f32_arith(CG *cg, Expr *e) {
  LLVMValueRef args[2];
  args[0] = f32_arg(cg, e, 0);
  args[1] = f32_arg(cg, e, 1);
  const char *name =
      e->u.call.op->id == I_PTX_ADD_F32 ? "llvm.nvvm.add.rn.f" : "llvm.nvvm.mul.rn.f";
  return ret(cg, e, cg_intrinsic(cg, name, NULL, 0, args, 2));
}

static LLVMValueRef emit_f32_unary(CG *cg, Expr *e) {
  LLVMValueRef x = f32_arg(cg, e, 0);
  LLVMTypeRef f = cg->t_f32;
  switch (e->u.call.op->id) {
  case I_PTX_EX2_APPROX_F32:
    return ret(cg, e, cg_intrinsic(cg, "llvm.nvvm.ex2.approx", &f, 1, &x, 1));
  case I_PTX_ABS_F32: return ret(cg, e, cg_intrinsic(cg, "llvm.fabs", &f, 1, &x, 1));
  case I_PTX_TANH_APPROX_F32:
    if (!cg_require_sm(cg, e, 75, false)) return NULL;
    return ret(cg, e, cg_asm(cg, ASM_TANH_APPROX_F32, f, &x, 1));
  default: return ret(cg, e, cg_asm(cg, ASM_RCP_APPROX_F32, f, &x, 1));
  }
}

static LLVMValueRef emit_mad_lo(CG *cg, Expr *e) {
  LLVMValueRef a = cg_coerce(cg, cg_expr(cg, ARG(0)), cg->t_i32, true);
  LLVMValueRef b = cg_coerce(cg, cg_expr(cg, ARG(1)), cg->t_i32, true);
  LLVMValueRef c = cg_coerce(cg, cg_expr(cg, ARG(2)), cg->t_i32, true);
  return ret(cg, e, LLVMBuildAdd(cg->b, LLVMBuildMul(cg->b, a, b, ""), c, ""));
}

static LLVMValueRef emit_lop3(CG *cg, Expr *e) {
  int64_t lut;
  if (!cg_const_arg(cg, e, 3, "the LUT", &lut)) return NULL;
  if (lut < 0 || lut > 255) {
    cg_error(cg, ARG(3)->loc, "T.ptx.lop3.b32: the LUT must be in [0, 255]");
    return NULL;
  }
  LLVMValueRef args[4];
  for (int i = 0; i < 3; i++) args[i] = cg_coerce(cg, cg_expr(cg, ARG(i)), cg->t_i32, false);
  args[3] = cg_i32(cg, lut);
  return ret(cg, e, cg_asm(cg, ASM_LOP3_B32, cg->t_i32, args, 4));
}

static LLVMValueRef emit_cvt_bf16x2(CG *cg, Expr *e) {
  LLVMValueRef args[2];
  args[0] = f32_arg(cg, e, 0);
  args[1] = f32_arg(cg, e, 1);
  LLVMValueRef v = cg_intrinsic(cg, "llvm.nvvm.ff2bf16x2.rn", NULL, 0, args, 2);
  if (!v) return NULL;
  return ret(cg, e, LLVMBuildBitCast(cg->b, v, cg->t_i32, ""));
}

/* atom.global.add.f32 (old value) / red.global.add.f32 (none) */
static LLVMValueRef emit_atom_add_f32(CG *cg, Expr *e) {
  LLVMValueRef p = operand(cg, e, 'g', 0);
  LLVMValueRef v = f32_arg(cg, e, 1);
  unsigned dev = LLVMGetSyncScopeID(cg->ctx, "device", 6);
  LLVMValueRef r = LLVMBuildAtomicRMWSyncScope(cg->b, LLVMAtomicRMWBinOpFAdd, p, v,
                                               LLVMAtomicOrderingMonotonic, dev);
  LLVMSetAlignment(r, 4);
  return e->u.call.op->id == I_PTX_ATOM_ADD_F32 ? ret(cg, e, r) : NULL;
}

/* fence.acq_rel.gpu / fence.sc.gpu: LLVM fences at device scope. */
static LLVMValueRef emit_fence(CG *cg, Expr *e) {
  unsigned dev = LLVMGetSyncScopeID(cg->ctx, "device", 6);
  LLVMBuildFenceSyncScope(cg->b,
                          e->u.call.op->id == I_PTX_FENCE_SC_GPU
                              ? LLVMAtomicOrderingSequentiallyConsistent
                              : LLVMAtomicOrderingAcquireRelease,
                          dev, "");
  return NULL;
}

/* ---- the table --------------------------------------------------------------------------- */

/* Each PTX_NVVM / PTX_IR row's emitter (its EMIT column): cg_ptx_alu in
 * intrin_ptx_alu.c, cg_ptx_instr in intrin_ptx_table.c, the others above. */
static const CgIntrinFn ptx_table[INTRIN_COUNT] = {
#define PTX_NVVM(ID, sp, mn, mx, kinds, ret, flags, emit, ...) [ID] = emit,
#define PTX_IR(ID, name, mn, mx, kinds, ret, flags, emit) [ID] = emit,
#include "tirx/internal/ptx_table.def"
};

CgIntrinFn cg_intrin_ptx(IntrinId id) { return id < INTRIN_COUNT ? ptx_table[id] : NULL; }
