/* T.cuda.* builtins (intrin_cuda.def) → NVVM intrinsics and LLVM IR.
 *
 * TVM lowers each of these to a small CUDA helper (tirx_intrinsics.md §4);
 * here each becomes the NVVM intrinsic the helper's builtin compiles to:
 * __syncthreads → barrier.cta.sync.aligned.all(0), __shfl_xor_sync →
 * shfl.sync.bfly, atomicAdd → atomicrmw (device scope, relaxed), __ldg → an
 * invariant global load (ld.global.nc), printf → vprintf.
 * T.cuda.func_call carries CUDA C source, which has no place in an LLVM
 * pipeline: it is rejected with a pointer to T.ptx (spec README decision 4).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Support/oom.h"
#include "Support/strbuf.h"
#include "Target/NVPTX/cg.h"

#define ARG(i) (e->u.call.args[i])

static LLVMValueRef result(CG *cg, Expr *e, LLVMValueRef v, DType from) {
  return v ? cg_cast(cg, v, from, e->dtype, e->loc) : NULL;
}

/* ---- barriers and fences ------------------------------------------------------------ */

static LLVMValueRef emit_cta_sync(CG *cg, Expr *e) {
  (void)e;
  LLVMValueRef zero = cg_i32(cg, 0);
  cg_intrinsic(cg, "llvm.nvvm.barrier.cta.sync.aligned.all", NULL, 0, &zero, 1);
  return NULL;
}

static LLVMValueRef emit_warp_sync(CG *cg, Expr *e) {
  (void)e;
  LLVMValueRef all = cg_i32(cg, -1);
  cg_intrinsic(cg, "llvm.nvvm.bar.warp.sync", NULL, 0, &all, 1);
  return NULL;
}

/* bar.sync id, 128: the 128 threads of a warpgroup on named barrier `id`. */
static LLVMValueRef emit_warpgroup_sync(CG *cg, Expr *e) {
  LLVMValueRef args[2] = {cg_expr(cg, ARG(0)), cg_i32(cg, 128)};
  cg_intrinsic(cg, "llvm.nvvm.barrier.cta.sync.aligned.count", NULL, 0, args, 2);
  return NULL;
}

static LLVMValueRef emit_cluster_sync(CG *cg, Expr *e) {
  (void)e;
  cg_intrinsic(cg, "llvm.nvvm.barrier.cluster.arrive.aligned", NULL, 0, NULL, 0);
  cg_intrinsic(cg, "llvm.nvvm.barrier.cluster.wait.aligned", NULL, 0, NULL, 0);
  return NULL;
}

static LLVMValueRef emit_syncthreads_red(CG *cg, Expr *e) {
  bool is_and = e->u.call.op->id == I_CUDA_SYNCTHREADS_AND;
  LLVMValueRef args[2] = {cg_i32(cg, 0), cg_cond(cg, ARG(0))};
  LLVMValueRef r = cg_intrinsic(cg,
                                is_and ? "llvm.nvvm.barrier.cta.red.and.aligned.all"
                                       : "llvm.nvvm.barrier.cta.red.or.aligned.all",
                                NULL, 0, args, 2);
  return result(cg, e, r, tirx_dtype(DT_BOOL));
}

static LLVMValueRef emit_thread_fence(CG *cg, Expr *e) {
  (void)e;
  cg_intrinsic(cg, "llvm.nvvm.membar.gl", NULL, 0, NULL, 0);
  return NULL;
}

/* while (!mbarrier.try_wait.parity(bar, phase)) {} — .acquire.cta with the
 * 0x989680 suspend-time hint, or .acquire.cluster without one. */
static LLVMValueRef emit_mbarrier_wait(CG *cg, Expr *e) {
  bool cluster = e->u.call.op->id == I_CUDA_MBARRIER_WAIT_CLUSTER;
  LLVMValueRef bar = cg_shared_addr(cg, ARG(0));
  LLVMValueRef phase = cg_expr(cg, ARG(1));
  LLVMBasicBlockRef loop = cg_block(cg, "mbar.wait"), done = cg_block(cg, "mbar.done");
  LLVMBuildBr(cg->b, loop);
  LLVMPositionBuilderAtEnd(cg->b, loop);
  LLVMValueRef args[3] = {bar, phase, cg_i32(cg, 0x989680)};
  LLVMValueRef ok =
      cluster ? cg_intrinsic(cg, "llvm.nvvm.mbarrier.try.wait.parity.scope.cluster.space.cta", NULL,
                             0, args, 2)
              : cg_intrinsic(cg, "llvm.nvvm.mbarrier.try.wait.parity.tl.scope.cta.space.cta", NULL,
                             0, args, 3);
  LLVMBuildCondBr(cg->b, ok ? ok : LLVMConstInt(cg->t_i1, 1, 0), done, loop);
  LLVMPositionBuilderAtEnd(cg->b, done);
  return NULL;
}

static LLVMValueRef emit_elect_sync(CG *cg, Expr *e) {
  LLVMValueRef all = cg_i32(cg, -1);
  LLVMValueRef r = cg_intrinsic(cg, "llvm.nvvm.elect.sync", NULL, 0, &all, 1);
  if (!r) return NULL;
  LLVMValueRef p = LLVMBuildExtractValue(cg->b, r, 1, "");
  return result(cg, e, p, tirx_dtype(DT_BOOL));
}

/* grid_sync(): a barrier over every CTA of a cooperative launch.  The driver
 * hands such a launch a workspace whose address is %envreg1:%envreg2 (high,
 * low words) and whose second word is the barrier counter.  Thread 0 of each
 * CTA adds 1 to it (CTA 0 adds 0x80000000 - (CTAs - 1), so that the last
 * arrival flips the top bit) with release semantics, then polls with acquire
 * loads until the top bit differs from what it saw; the CTA waits at
 * bar.sync before and after.  The kernel is launched cooperatively
 * (host_plan.c marks it). */
/* sreg.x | sreg.y | sreg.z (zero exactly when all three are). */
static LLVMValueRef sreg_or_xyz(CG *cg, const char *sreg) {
  char n[32];
  LLVMValueRef r = NULL;
  for (int i = 0; i < 3; i++) {
    snprintf(n, sizeof n, "%s.%c", sreg, 'x' + i);
    LLVMValueRef v = cg_sreg(cg, n);
    r = r ? LLVMBuildOr(cg->b, r, v, "") : v;
  }
  return r;
}

static LLVMValueRef emit_grid_sync(CG *cg, Expr *e) {
  (void)e;
  LLVMValueRef zero = cg_i32(cg, 0);
  cg_intrinsic(cg, "llvm.nvvm.barrier.cta.sync.aligned.all", NULL, 0, &zero, 1);
  LLVMBuilderRef B = cg->b;
  LLVMValueRef t = sreg_or_xyz(cg, "tid");
  LLVMBasicBlockRef master = cg_block(cg, "gridsync.master"), poll = cg_block(cg, "gridsync.poll"),
                    done = cg_block(cg, "gridsync.done");
  LLVMBuildCondBr(B, LLVMBuildICmp(B, LLVMIntEQ, t, zero, ""), master, done);
  LLVMPositionBuilderAtEnd(B, master);
  LLVMValueRef hi = LLVMBuildZExt(B, cg_sreg(cg, "envreg1"), cg->t_i64, "");
  LLVMValueRef lo = LLVMBuildZExt(B, cg_sreg(cg, "envreg2"), cg->t_i64, "");
  LLVMValueRef ws = LLVMBuildOr(B, LLVMBuildShl(B, hi, cg_i64(cg, 32), ""), lo, "grid.ws");
  LLVMValueRef bar = LLVMBuildIntToPtr(B, LLVMBuildAdd(B, ws, cg_i64(cg, 4), ""),
                                       cg_ptr_type(cg, AS_GLOBAL), "grid.bar");
  LLVMValueRef n =
      LLVMBuildMul(B, LLVMBuildMul(B, cg_sreg(cg, "nctaid.x"), cg_sreg(cg, "nctaid.y"), ""),
                   cg_sreg(cg, "nctaid.z"), "");
  LLVMValueRef c = sreg_or_xyz(cg, "ctaid");
  LLVMValueRef first =
      LLVMBuildSub(B, cg_i32(cg, (int32_t)0x80000000u), LLVMBuildSub(B, n, cg_i32(cg, 1), ""), "");
  LLVMValueRef nb =
      LLVMBuildSelect(B, LLVMBuildICmp(B, LLVMIntEQ, c, zero, ""), first, cg_i32(cg, 1), "");
  /* LLVM 22's NVPTX prints an atomicrmw's ordering as a plain atom: the
   * release and acquire are also explicit fences (fence.acq_rel.gpu). */
  unsigned dev = LLVMGetSyncScopeID(cg->ctx, "device", 6);
  LLVMBuildFenceSyncScope(B, LLVMAtomicOrderingRelease, dev, "");
  LLVMValueRef old = LLVMBuildAtomicRMWSyncScope(B, LLVMAtomicRMWBinOpAdd, bar, nb,
                                                 LLVMAtomicOrderingRelease, dev);
  LLVMBuildBr(B, poll);
  LLVMPositionBuilderAtEnd(B, poll);
  LLVMValueRef cur = LLVMBuildLoad2(B, cg->t_i32, bar, "");
  LLVMSetOrdering(cur, LLVMAtomicOrderingAcquire);
  LLVMSetAtomicSyncScopeID(cur, dev);
  LLVMSetAlignment(cur, 4);
  LLVMValueRef flipped =
      LLVMBuildAnd(B, LLVMBuildXor(B, old, cur, ""), cg_i32(cg, (int32_t)0x80000000u), "");
  LLVMBasicBlockRef acq = cg_block(cg, "gridsync.acquire");
  LLVMBuildCondBr(B, LLVMBuildICmp(B, LLVMIntNE, flipped, zero, ""), acq, poll);
  LLVMPositionBuilderAtEnd(B, acq);
  LLVMBuildFenceSyncScope(B, LLVMAtomicOrderingAcquire, dev, "");
  LLVMBuildBr(B, done);
  LLVMPositionBuilderAtEnd(B, done);
  cg_intrinsic(cg, "llvm.nvvm.barrier.cta.sync.aligned.all", NULL, 0, &zero, 1);
  return NULL;
}

static LLVMValueRef emit_nano_sleep(CG *cg, Expr *e) {
  LLVMValueRef t = cg_expr(cg, ARG(0));
  cg_intrinsic(cg, "llvm.nvvm.nanosleep", NULL, 0, &t, 1);
  return NULL;
}

static LLVMValueRef emit_thread_rank(CG *cg, Expr *e) {
  return result(cg, e, cg_linear_tid(cg), tirx_dtype(DT_INT32));
}

/* ---- warp and CTA reductions ----------------------------------------------------------- */

static bool reduce_width(CG *cg, Expr *e, int i, int deflt, int *w) {
  int64_t v = deflt;
  if (i < e->u.call.n && !cg_const_arg(cg, e, i, "the width", &v)) return false;
  if (v < 1 || v > 32 || (v & (v - 1))) {
    cg_error(cg, ARG(i)->loc, "T.%s: the width must be a power of two in [1, 32], not %lld",
             e->u.call.op->name, (long long)v);
    return false;
  }
  *w = (int)v;
  return true;
}

static bool reduce_kind(CG *cg, Expr *e, ReduceOp *op) {
  switch (e->u.call.op->id) {
  case I_CUDA_WARP_SUM:
  case I_CUDA_CTA_SUM: *op = RED_SUM; return true;
  case I_CUDA_WARP_MAX:
  case I_CUDA_CTA_MAX: *op = RED_MAX; return true;
  case I_CUDA_WARP_MIN:
  case I_CUDA_CTA_MIN: *op = RED_MIN; return true;
  default: break;
  }
  Expr *s = ARG(1);
  if (s->kind == E_STR && cg_reduce_op(s->u.s.p, s->u.s.len, op)) return true;
  cg_error(cg, s->loc, "T.%s: the op must be \"sum\", \"max\" or \"min\"", e->u.call.op->name);
  return false;
}

static LLVMValueRef emit_warp_reduce(CG *cg, Expr *e) {
  ReduceOp op;
  int w;
  bool generic = e->u.call.op->id == I_CUDA_WARP_REDUCE;
  if (!reduce_kind(cg, e, &op) || !reduce_width(cg, e, generic ? 2 : 1, 32, &w)) return NULL;
  DType t = e->dtype;
  LLVMValueRef v = cg_cast(cg, cg_expr(cg, ARG(0)), ARG(0)->dtype, t, e->loc);
  return cg_warp_reduce(cg, op, v, t, w);
}

/* TVM's tvm_builtin_cuda_cta_reduce_<op>_<nw>: warp-reduce, lane 0 of each
 * warp writes scratch[warp], barrier, warp 0 reduces the partials, lane 0
 * writes scratch[0], barrier, everyone reads scratch[0].  The identities are
 * the dtype's (0, lowest, highest), so integer reductions work too. */
static LLVMValueRef emit_cta_reduce(CG *cg, Expr *e) {
  ReduceOp op;
  bool generic = e->u.call.op->id == I_CUDA_CTA_REDUCE;
  int64_t nw;
  if (!reduce_kind(cg, e, &op) || !cg_const_arg(cg, e, generic ? 2 : 1, "num_warps", &nw))
    return NULL;
  if (nw < 1 || nw > 32 || (nw & (nw - 1))) {
    cg_error(cg, e->loc, "T.%s: num_warps must be a power of two in [1, 32], not %lld",
             e->u.call.op->name, (long long)nw);
    return NULL;
  }
  DType t = e->dtype;
  LLVMBuilderRef B = cg->b;
  LLVMValueRef v = cg_cast(cg, cg_expr(cg, ARG(0)), ARG(0)->dtype, t, e->loc);
  LLVMValueRef scratch = cg_expr(cg, ARG(generic ? 3 : 2));
  if (LLVMGetTypeKind(LLVMTypeOf(scratch)) != LLVMPointerTypeKind) {
    cg_error(cg, ARG(generic ? 3 : 2)->loc, "T.%s: scratch must be a pointer to shared memory",
             e->u.call.op->name);
    return NULL;
  }
  LLVMTypeRef mt = cg_mem_type(cg, t);
  v = cg_warp_reduce(cg, op, v, t, 32);
  LLVMValueRef tid = cg_linear_tid(cg);
  LLVMValueRef lane = LLVMBuildAnd(B, tid, cg_i32(cg, 31), "lane");
  LLVMValueRef warp = LLVMBuildLShr(B, tid, cg_i32(cg, 5), "warp");
  LLVMValueRef lane0 = LLVMBuildICmp(B, LLVMIntEQ, lane, cg_i32(cg, 0), "");

  LLVMBasicBlockRef wr = cg_block(cg, "cta.partial"), sync1 = cg_block(cg, "cta.sync");
  LLVMBuildCondBr(B, lane0, wr, sync1);
  LLVMPositionBuilderAtEnd(B, wr);
  cg_store_typed(cg, LLVMBuildGEP2(B, mt, scratch, &warp, 1, ""), v, t, 0);
  LLVMBuildBr(B, sync1);
  LLVMPositionBuilderAtEnd(B, sync1);
  emit_cta_sync(cg, e);

  LLVMBasicBlockRef w0 = cg_block(cg, "cta.warp0"), sync2 = cg_block(cg, "cta.sync2");
  LLVMBuildCondBr(B, LLVMBuildICmp(B, LLVMIntEQ, warp, cg_i32(cg, 0), ""), w0, sync2);
  LLVMPositionBuilderAtEnd(B, w0);
  LLVMValueRef in = LLVMBuildICmp(B, LLVMIntULT, lane, cg_i32(cg, nw), "");
  LLVMValueRef idx = LLVMBuildSelect(B, in, lane, cg_i32(cg, 0), "");
  LLVMValueRef x = cg_load_typed(cg, LLVMBuildGEP2(B, mt, scratch, &idx, 1, ""), t, 0);
  x = LLVMBuildSelect(B, in, x, cg_reduce_identity(cg, op, t), "");
  if (nw > 1) x = cg_warp_reduce(cg, op, x, t, (int)nw);
  LLVMBasicBlockRef wr0 = cg_block(cg, "cta.total");
  LLVMBuildCondBr(B, lane0, wr0, sync2);
  LLVMPositionBuilderAtEnd(B, wr0);
  cg_store_typed(cg, scratch, x, t, 0);
  LLVMBuildBr(B, sync2);
  LLVMPositionBuilderAtEnd(B, sync2);
  emit_cta_sync(cg, e);
  return cg_load_typed(cg, scratch, t, 0);
}

/* ---- votes, shuffles -------------------------------------------------------------------- */

static LLVMValueRef emit_vote(CG *cg, Expr *e) {
  bool any = e->u.call.op->id == I_CUDA_ANY_SYNC;
  LLVMValueRef args[2];
  args[0] = cg_expr(cg, ARG(0));
  args[1] = cg_cond(cg, ARG(1));
  LLVMValueRef r = cg_intrinsic(cg, any ? "llvm.nvvm.vote.any.sync" : "llvm.nvvm.vote.ballot.sync",
                                NULL, 0, args, 2);
  return result(cg, e, r, any ? tirx_dtype(DT_BOOL) : tirx_dtype(DT_UINT32));
}

static LLVMValueRef emit_redux(CG *cg, Expr *e) {
  if (!cg_require_sm(cg, e, 80, false)) return NULL;
  bool add = e->u.call.op->id == I_CUDA_REDUCE_ADD_SYNC_U32;
  LLVMValueRef args[2]; /* (value, mask) */
  args[1] = cg_expr(cg, ARG(0));
  args[0] = cg_expr(cg, ARG(1));
  LLVMValueRef r = cg_intrinsic(cg, add ? "llvm.nvvm.redux.sync.add" : "llvm.nvvm.redux.sync.umin",
                                NULL, 0, args, 2);
  return result(cg, e, r, tirx_dtype(DT_UINT32));
}

/* __ffs: 1 + index of the lowest set bit, 0 for 0. */
static LLVMValueRef emit_ffs(CG *cg, Expr *e) {
  LLVMValueRef x = cg_coerce(cg, cg_expr(cg, ARG(0)), cg->t_i32, false);
  LLVMTypeRef ty = cg->t_i32;
  LLVMValueRef args[2] = {x, LLVMConstInt(cg->t_i1, 0, 0)};
  LLVMValueRef tz = cg_intrinsic(cg, "llvm.cttz", &ty, 1, args, 2);
  LLVMValueRef r = LLVMBuildSelect(cg->b, LLVMBuildICmp(cg->b, LLVMIntEQ, x, cg_i32(cg, 0), ""),
                                   cg_i32(cg, 0), LLVMBuildAdd(cg->b, tz, cg_i32(cg, 1), ""), "");
  return result(cg, e, r, tirx_dtype(DT_INT32));
}

/* A value argument that may be a 1-element buffer. */
static LLVMValueRef value_arg(CG *cg, Expr *a, DType *t) {
  if (a->kind == E_BUFREF) {
    Buffer *b = a->u.bufref;
    *t = b->dtype;
    return cg_load_typed(cg, cg_buffer_elem_ptr(cg, b, cg_i32(cg, 0), a->loc), b->dtype, 0);
  }
  *t = a->dtype;
  return cg_expr(cg, a);
}

static LLVMValueRef emit_shfl_sync(CG *cg, Expr *e) {
  ShflMode m = e->u.call.op->id == I_CUDA_SHFL_SYNC        ? SHFL_IDX
               : e->u.call.op->id == I_CUDA_SHFL_UP_SYNC   ? SHFL_UP
               : e->u.call.op->id == I_CUDA_SHFL_DOWN_SYNC ? SHFL_DOWN
                                                           : SHFL_BFLY;
  DType t;
  LLVMValueRef v = value_arg(cg, ARG(1), &t);
  LLVMValueRef mask = cg_expr(cg, ARG(0));
  LLVMValueRef lane = cg_expr(cg, ARG(2));
  LLVMValueRef width = cg_expr(cg, ARG(3));
  v = cg_shfl(cg, m, mask, v, t, lane, width);
  return result(cg, e, v, t);
}

static LLVMValueRef emit_activemask(CG *cg, Expr *e) {
  (void)e;
  return cg_intrinsic(cg, "llvm.nvvm.activemask", NULL, 0, NULL, 0);
}

/* ---- memory --------------------------------------------------------------------------- */

static LLVMValueRef ptr_arg(CG *cg, Expr *a) {
  LLVMValueRef p = cg_expr(cg, a);
  if (LLVMGetTypeKind(LLVMTypeOf(p)) == LLVMPointerTypeKind) return p;
  return cg_generic_addr(cg, a);
}

static LLVMValueRef emit_atomic_add(CG *cg, Expr *e) {
  DType t = e->dtype;
  DTypeCode c = tirx_dtype_code(t);
  if (t.lanes > 1 || !(c == DTC_INT || c == DTC_UINT || c == DTC_FLOAT || c == DTC_BFLOAT) ||
      tirx_dtype_bits(t) < 16 || (c != DTC_FLOAT && c != DTC_BFLOAT && tirx_dtype_bits(t) < 32)) {
    char s[32];
    cg_error(cg, e->loc, "T.cuda.atomic_add: %s values are not supported", tirx_dtype_str(t, s));
    return NULL;
  }
  if (c == DTC_BFLOAT && !cg_require_sm(cg, e, 90, false)) return NULL;
  LLVMValueRef p = ptr_arg(cg, ARG(0));
  LLVMValueRef v = cg_cast(cg, cg_expr(cg, ARG(1)), ARG(1)->dtype, t, e->loc);
  unsigned dev = LLVMGetSyncScopeID(cg->ctx, "device", 6);
  bool fp = c == DTC_FLOAT || c == DTC_BFLOAT;
  LLVMValueRef r =
      LLVMBuildAtomicRMWSyncScope(cg->b, fp ? LLVMAtomicRMWBinOpFAdd : LLVMAtomicRMWBinOpAdd, p, v,
                                  LLVMAtomicOrderingMonotonic, dev);
  LLVMSetAlignment(r, (unsigned)cg_dtype_bytes(t));
  return r;
}

static LLVMValueRef emit_atomic_cas(CG *cg, Expr *e) {
  DType t = e->dtype;
  int bits = tirx_dtype_bits(t);
  if (t.lanes > 1 || (bits != 32 && bits != 64) || tirx_dtype_is_handle(t)) {
    char s[32];
    cg_error(cg, e->loc, "T.cuda.atomic_cas: %s values are not supported", tirx_dtype_str(t, s));
    return NULL;
  }
  LLVMTypeRef it = LLVMIntTypeInContext(cg->ctx, (unsigned)bits);
  LLVMValueRef p = ptr_arg(cg, ARG(0));
  LLVMValueRef cmp = cg_cast(cg, cg_expr(cg, ARG(1)), ARG(1)->dtype, t, e->loc);
  LLVMValueRef val = cg_cast(cg, cg_expr(cg, ARG(2)), ARG(2)->dtype, t, e->loc);
  cmp = LLVMBuildBitCast(cg->b, cmp, it, "");
  val = LLVMBuildBitCast(cg->b, val, it, "");
  unsigned dev = LLVMGetSyncScopeID(cg->ctx, "device", 6);
  LLVMValueRef x = LLVMBuildAtomicCmpXchgSyncScope(cg->b, p, cmp, val, LLVMAtomicOrderingMonotonic,
                                                   LLVMAtomicOrderingMonotonic, dev);
  LLVMValueRef old = LLVMBuildExtractValue(cg->b, x, 0, "");
  return LLVMBuildBitCast(cg->b, old, cg_type(cg, t), "");
}

/* __ldg: a load the optimiser may treat as invariant → ld.global.nc */
static LLVMValueRef emit_ldg(CG *cg, Expr *e) {
  DType t = e->dtype;
  LLVMValueRef p = cg_cast_ptr(cg, ptr_arg(cg, ARG(0)), AS_GLOBAL);
  LLVMValueRef v = LLVMBuildLoad2(cg->b, cg_mem_type(cg, t), p, "");
  LLVMSetAlignment(v, (unsigned)(cg_dtype_bytes(t) * t.lanes));
  unsigned kind = LLVMGetMDKindIDInContext(cg->ctx, "invariant.load", 14);
  LLVMSetMetadata(v, kind, LLVMMetadataAsValue(cg->ctx, LLVMMDNodeInContext2(cg->ctx, NULL, 0)));
  if (tirx_dtype_is_bool(t)) v = cg_bool(cg, v);
  return v;
}

/* vector T.cuda.ldg: one ld.global.nc.vN, lane i stored through dst i */
static LLVMValueRef emit_ldg_vec(CG *cg, Expr *e) {
  int n = e->u.call.n - 4;
  Expr *ds = ARG(n + 1);
  DType t;
  if (ds->kind != E_STR || !tirx_dtype_parse(ds->u.s.p, ds->u.s.len, &t)) {
    cg_error(cg, ds->loc, "vector T.cuda.ldg: unknown dtype");
    return NULL;
  }
  DType vt = t;
  vt.lanes = (uint16_t)n;
  LLVMValueRef p = cg_cast_ptr(cg, ptr_arg(cg, ARG(n)), AS_GLOBAL);
  LLVMValueRef v = LLVMBuildLoad2(cg->b, cg_mem_type(cg, vt), p, "");
  LLVMSetAlignment(v, (unsigned)(cg_dtype_bytes(t) * n));
  unsigned kind = LLVMGetMDKindIDInContext(cg->ctx, "invariant.load", 14);
  LLVMSetMetadata(v, kind, LLVMMetadataAsValue(cg->ctx, LLVMMDNodeInContext2(cg->ctx, NULL, 0)));
  for (int i = 0; i < n; i++) {
    LLVMValueRef x = LLVMBuildExtractElement(cg->b, v, cg_i32(cg, i), "");
    LLVMValueRef d = ptr_arg(cg, ARG(i));
    LLVMValueRef st = LLVMBuildStore(cg->b, x, d);
    LLVMSetAlignment(st, (unsigned)cg_dtype_bytes(t));
  }
  return NULL;
}

static LLVMValueRef emit_cvta_to_shared(CG *cg, Expr *e) {
  LLVMValueRef p = cg_shared_addr(cg, ARG(0));
  return result(cg, e, LLVMBuildPtrToInt(cg->b, p, cg->t_i32, ""), tirx_dtype(DT_UINT32));
}

static LLVMValueRef emit_smem_addr_u64(CG *cg, Expr *e) {
  LLVMValueRef x = cg_coerce(cg, cg_expr(cg, ARG(0)), cg->t_i32, false);
  return result(cg, e, x, tirx_dtype(DT_UINT32));
}

/* mov.u32/u64 %<reg>: the NVVM sreg intrinsic of that name. */
static LLVMValueRef emit_mov_sreg(CG *cg, Expr *e) {
  Expr *r = ARG(1);
  if (r->kind != E_STR || r->u.s.len == 0 || r->u.s.len > 48) {
    cg_error(cg, r->loc, "T.cuda.mov_sreg: the register must be a name such as \"clusterid.x\"");
    return NULL;
  }
  char name[64], dotted[64];
  snprintf(name, sizeof name, "%.*s", (int)r->u.s.len, r->u.s.p);
  if (name[0] == '%') memmove(name, name + 1, strlen(name));
  snprintf(dotted, sizeof dotted, "%s", name);
  for (char *c = dotted; *c; c++)
    if (*c == '_') *c = '.';
  if (strstr(name, "cluster") && !cg_require_sm(cg, e, 90, false)) return NULL;
  char full[96];
  for (int pass = 0; pass < 2; pass++) {
    snprintf(full, sizeof full, "llvm.nvvm.read.ptx.sreg.%s", pass ? dotted : name);
    unsigned id = LLVMLookupIntrinsicID(full, strlen(full));
    if (id && !LLVMIntrinsicIsOverloaded(id)) {
      size_t len;
      const char *got = LLVMIntrinsicGetName(id, &len);
      if (len == strlen(full) && memcmp(got, full, len) == 0) {
        LLVMValueRef v = cg_sreg(cg, pass ? dotted : name);
        if (!v) return NULL;
        return cg_coerce(cg, v, cg_type(cg, e->dtype), false);
      }
    }
  }
  cg_error(cg, r->loc, "T.cuda.mov_sreg: LLVM has no special register '%%%s'", name);
  return NULL;
}

static LLVMValueRef emit_clock64(CG *cg, Expr *e) {
  return result(cg, e, cg_sreg(cg, "clock64"), tirx_dtype(DT_UINT64));
}

/* ---- conversions ---------------------------------------------------------------------- */

static LLVMValueRef emit_to_float(CG *cg, Expr *e) {
  bool bf = e->u.call.op->id == I_CUDA_BFLOAT162FLOAT;
  LLVMValueRef x = cg_expr(cg, ARG(0));
  if (!tirx_dtype_is_float(ARG(0)->dtype)) /* bit pattern in a 16-bit integer */
    x = cg_coerce(cg, x, bf ? cg->t_bf16 : cg->t_f16, false);
  return result(cg, e, LLVMBuildFPExt(cg->b, x, cg->t_f32, ""), tirx_dtype(DT_FLOAT32));
}

static LLVMValueRef emit_bits_as(CG *cg, Expr *e) {
  bool to_float = e->u.call.op->id == I_CUDA_UINT_AS_FLOAT;
  LLVMValueRef x = cg_expr(cg, ARG(0));
  x = cg_coerce(cg, x, to_float ? cg->t_i32 : cg->t_f32, false);
  x = LLVMBuildBitCast(cg->b, x, to_float ? cg->t_f32 : cg->t_i32, "");
  return result(cg, e, x, to_float ? tirx_dtype(DT_FLOAT32) : tirx_dtype(DT_UINT32));
}

static LLVMValueRef emit_fdividef(CG *cg, Expr *e) {
  DType f32 = tirx_dtype(DT_FLOAT32);
  LLVMValueRef args[2];
  args[0] = cg_cast(cg, cg_expr(cg, ARG(0)), ARG(0)->dtype, f32, e->loc);
  args[1] = cg_cast(cg, cg_expr(cg, ARG(1)), ARG(1)->dtype, f32, e->loc);
  return result(cg, e, cg_intrinsic(cg, "llvm.nvvm.div.approx.f", NULL, 0, args, 2), f32);
}

/* make_float2(x, y) as a uint64 with .x in the low word */
static LLVMValueRef emit_make_float2(CG *cg, Expr *e) {
  DType f32 = tirx_dtype(DT_FLOAT32);
  LLVMValueRef x = cg_cast(cg, cg_expr(cg, ARG(0)), ARG(0)->dtype, f32, e->loc);
  LLVMValueRef y = cg_cast(cg, cg_expr(cg, ARG(1)), ARG(1)->dtype, f32, e->loc);
  x = LLVMBuildZExt(cg->b, LLVMBuildBitCast(cg->b, x, cg->t_i32, ""), cg->t_i64, "");
  y = LLVMBuildZExt(cg->b, LLVMBuildBitCast(cg->b, y, cg->t_i32, ""), cg->t_i64, "");
  LLVMValueRef r = LLVMBuildOr(cg->b, x, LLVMBuildShl(cg->b, y, cg_i64(cg, 32), ""), "");
  return result(cg, e, r, tirx_dtype(DT_UINT64));
}

static LLVMValueRef emit_float2_part(CG *cg, Expr *e) {
  LLVMValueRef p = cg_coerce(cg, cg_expr(cg, ARG(0)), cg->t_i64, false);
  if (e->u.call.op->id == I_CUDA_FLOAT2_Y) p = LLVMBuildLShr(cg->b, p, cg_i64(cg, 32), "");
  LLVMValueRef f = LLVMBuildBitCast(cg->b, LLVMBuildTrunc(cg->b, p, cg->t_i32, ""), cg->t_f32, "");
  return result(cg, e, f, tirx_dtype(DT_FLOAT32));
}

/* ---- escape hatches and instrumentation -------------------------------------------------- */

static LLVMValueRef emit_func_call(CG *cg, Expr *e) {
  cg_error(cg, e->loc,
           "T.cuda.func_call carries CUDA C source, which the LLVM NVPTX backend cannot compile; "
           "write the instruction as inline PTX with T.ptx[\"...\"] instead");
  return NULL;
}

/* The printf conversion for an argument of dtype t after cg_printf_promote. */
static const char *printf_conv(DType t) {
  switch (tirx_dtype_code(t)) {
  case DTC_FLOAT:
  case DTC_BFLOAT: return "%f";
  case DTC_INT: return tirx_dtype_bits(t) > 32 ? "%lld" : "%d";
  case DTC_HANDLE: return "%p";
  default: return tirx_dtype_bits(t) > 32 ? "%llu" : "%u";
  }
}

/* T.cuda.printf(fmt, args...).  TVM prints a kernel without its metadata
 * section, so a format it holds there reads metadata["ir.StringImm"][i]: the
 * text is lost.  The kernel still compiles (the printf is almost always a
 * diagnostic on a timeout or a failed check); the call prints a marker naming
 * the placeholder and every argument, and a warning says so. */
static LLVMValueRef emit_printf(CG *cg, Expr *e) {
  Expr *fmt = ARG(0);
  bool lost = fmt->kind == E_CALL && fmt->u.call.op->id == I_METADATA;
  if (!lost && fmt->kind != E_STR) {
    cg_error(cg, fmt->loc, "T.cuda.printf: the format must be a string literal");
    return NULL;
  }
  int n = e->u.call.n - 1;
  LLVMValueRef *args = n ? tirx_xcalloc((size_t)n, sizeof *args) : NULL;
  StrBuf gen = {0};
  if (lost) {
    Expr *kind = fmt->u.call.args[0], *idx = fmt->u.call.args[1];
    strbuf_printf(&gen, "[metadata[\"%.*s\"][%lld]]", (int)kind->u.s.len, kind->u.s.p,
                  (long long)idx->u.i.v);
    cg_warning(
        cg, fmt->loc,
        "T.cuda.printf: the format is TVM's metadata[\"%.*s\"][%lld] placeholder and its text "
        "is not in the input (TVM printed without show_meta); the call prints the "
        "placeholder's name and its %d argument%s instead",
        (int)kind->u.s.len, kind->u.s.p, (long long)idx->u.i.v, n, n == 1 ? "" : "s");
  }
  bool ok = true;
  for (int i = 0; i < n && ok; i++) {
    Expr *a = ARG(i + 1);
    if (a->dtype.lanes > 1) {
      cg_error(cg, a->loc, "T.cuda.printf: vector arguments cannot be printed");
      ok = false;
      break;
    }
    args[i] = cg_printf_promote(cg, cg_expr(cg, a), a->dtype);
    if (lost) strbuf_printf(&gen, " %s", printf_conv(a->dtype));
  }
  if (ok) {
    if (lost) strbuf_puts(&gen, "\n");
    const char *f = lost ? strbuf_str(&gen) : fmt->u.s.p;
    size_t fn = lost ? gen.n : fmt->u.s.len;
    cg_vprintf(cg, cg_cstring(cg, f, fn), args, n);
  }
  strbuf_free(&gen);
  free(args);
  return NULL;
}

static LLVMValueRef emit_trap_when(CG *cg, Expr *e) {
  cg_trap_unless(cg, cg_cond(cg, ARG(0)), "trap", "trap.ok");
  return NULL;
}

/* asm volatile("" : "+r"(reg) :: "memory") on a scalar lvalue. */
static LLVMValueRef emit_noop_barrier(CG *cg, Expr *e) {
  Expr *a = ARG(0);
  if (a->kind != E_LOAD) {
    cg_error(cg, a->loc, "T.cuda.wgmma.noop_barrier expects a scalar variable or buffer element");
    return NULL;
  }
  DType t = a->dtype;
  bool f32 = tirx_dtype_code(t) == DTC_FLOAT && tirx_dtype_bits(t) == 32;
  if (t.lanes != 1 || tirx_dtype_bits(t) != 32 || (!f32 && !tirx_dtype_is_int(t))) {
    char s[32];
    cg_error(cg, a->loc, "T.cuda.wgmma.noop_barrier: a 32-bit register is needed, not %s",
             tirx_dtype_str(t, s));
    return NULL;
  }
  LLVMValueRef i = cg_flat_index(cg, a->u.load.buf, a->u.load.idx, a->u.load.n, a->loc);
  LLVMValueRef p = cg_buffer_elem_ptr(cg, a->u.load.buf, i, a->loc);
  LLVMValueRef v = cg_load_typed(cg, p, t, 0);
  v = cg_asm(cg, f32 ? ASM_NOOP_BARRIER_F : ASM_NOOP_BARRIER_R, LLVMTypeOf(v), &v, 1);
  cg_store_typed(cg, p, v, t, 0);
  return NULL;
}

/* Matrix descriptors: 14-bit fields of (address >> 4) and the byte offsets
 * (given in 16-byte units), plus the swizzle/layout code. */
static LLVMValueRef emit_encode_desc(CG *cg, Expr *e) {
  bool tc05 = e->u.call.op->id == I_CUDA_TCGEN05_ENCODE_DESC;
  int64_t swz;
  if (!cg_const_arg(cg, e, 4, "swizzle", &swz)) return NULL;
  static const int wgmma_codes[] = {0, 3, 2, 1};
  static const int tc05_codes[] = {0, 6, 4, 2, 1};
  if (swz < 0 || swz > (tc05 ? 4 : 3)) {
    cg_error(cg, ARG(4)->loc, "T.%s: swizzle must be 0..%d", e->u.call.op->name, tc05 ? 4 : 3);
    return NULL;
  }
  LLVMBuilderRef B = cg->b;
  LLVMValueRef desc = ptr_arg(cg, ARG(0));
  LLVMValueRef addr = LLVMBuildPtrToInt(B, cg_shared_addr(cg, ARG(1)), cg->t_i32, "");
  LLVMValueRef mask14 = cg_i64(cg, 0x3FFF);
  LLVMValueRef start = LLVMBuildZExt(
      B, LLVMBuildLShr(B, LLVMBuildAnd(B, addr, cg_i32(cg, 0x3FFFF), ""), cg_i32(cg, 4), ""),
      cg->t_i64, "");
  LLVMValueRef ldo =
      LLVMBuildAnd(B, cg_coerce(cg, cg_expr(cg, ARG(2)), cg->t_i64, false), mask14, "");
  LLVMValueRef sdo =
      LLVMBuildAnd(B, cg_coerce(cg, cg_expr(cg, ARG(3)), cg->t_i64, false), mask14, "");
  LLVMValueRef d = LLVMBuildOr(B, start, LLVMBuildShl(B, ldo, cg_i64(cg, 16), ""), "");
  d = LLVMBuildOr(B, d, LLVMBuildShl(B, sdo, cg_i64(cg, 32), ""), "");
  uint64_t fixed = tc05 ? ((uint64_t)1 << 46) | ((uint64_t)tc05_codes[swz] << 61)
                        : (uint64_t)wgmma_codes[swz] << 62;
  d = LLVMBuildOr(B, d, LLVMConstInt(cg->t_i64, fixed, 0), "");
  LLVMValueRef st = LLVMBuildStore(B, d, desc);
  LLVMSetAlignment(st, 8);
  return NULL;
}

/* ---- the table ------------------------------------------------------------------------- */

/* ---- packed float2 / bfloat162 helpers (TVM's backend/cuda/cpp/builtins.py) --------- */
/* Packed values travel as integers: float2 in a uint64 (x low), bfloat162 in a
 * uint32 (x low).  Each helper is plain LLVM IR. */

static LLVMValueRef bf16_bits(CG *cg, LLVMValueRef f) { /* f32 → bf16 (rn) → i32 */
  LLVMValueRef h = LLVMBuildFPTrunc(cg->b, f, cg->t_bf16, "");
  return LLVMBuildZExt(cg->b, LLVMBuildBitCast(cg->b, h, cg->t_i16, ""), cg->t_i32, "");
}

static LLVMValueRef bf16_from_bits(CG *cg, LLVMValueRef w, int shift) { /* i32 half → f32 */
  LLVMValueRef v = shift ? LLVMBuildLShr(cg->b, w, cg_i32(cg, shift), "") : w;
  LLVMValueRef h = LLVMBuildBitCast(cg->b, LLVMBuildTrunc(cg->b, v, cg->t_i16, ""), cg->t_bf16, "");
  return LLVMBuildFPExt(cg->b, h, cg->t_f32, "");
}

static LLVMValueRef pack2_i32(CG *cg, LLVMValueRef lo,
                              LLVMValueRef hi) { /* two i32 halves of 16 bits */
  return LLVMBuildOr(cg->b, lo, LLVMBuildShl(cg->b, hi, cg_i32(cg, 16), ""), "");
}

static void float2_unpack(CG *cg, LLVMValueRef q, LLVMValueRef *x, LLVMValueRef *y) {
  *x = LLVMBuildBitCast(cg->b, LLVMBuildTrunc(cg->b, q, cg->t_i32, ""), cg->t_f32, "");
  *y = LLVMBuildBitCast(
      cg->b, LLVMBuildTrunc(cg->b, LLVMBuildLShr(cg->b, q, cg_i64(cg, 32), ""), cg->t_i32, ""),
      cg->t_f32, "");
}

static LLVMValueRef float2_pack(CG *cg, LLVMValueRef x, LLVMValueRef y) {
  LLVMValueRef lo = LLVMBuildZExt(cg->b, LLVMBuildBitCast(cg->b, x, cg->t_i32, ""), cg->t_i64, "");
  LLVMValueRef hi = LLVMBuildZExt(cg->b, LLVMBuildBitCast(cg->b, y, cg->t_i32, ""), cg->t_i64, "");
  return LLVMBuildOr(cg->b, lo, LLVMBuildShl(cg->b, hi, cg_i64(cg, 32), ""), "");
}

/* __float22bfloat162_rn(make_float2(x, y)) */
static LLVMValueRef emit_float22bfloat162_rn(CG *cg, Expr *e) {
  LLVMValueRef x = cg_expr(cg, ARG(0)), y = cg_expr(cg, ARG(1));
  return pack2_i32(cg, bf16_bits(cg, x), bf16_bits(cg, y));
}

static LLVMValueRef emit_float22bfloat162_rn_f2(CG *cg, Expr *e) {
  LLVMValueRef x, y;
  float2_unpack(cg, cg_expr(cg, ARG(0)), &x, &y);
  return pack2_i32(cg, bf16_bits(cg, x), bf16_bits(cg, y));
}

static LLVMValueRef emit_bfloat1622float2(CG *cg, Expr *e) {
  LLVMValueRef w = cg_expr(cg, ARG(0));
  return float2_pack(cg, bf16_from_bits(cg, w, 0), bf16_from_bits(cg, w, 16));
}

/* __fmul2_rn / __fadd2_rn on float2 packed in uint64 */
static LLVMValueRef emit_f2_arith(CG *cg, Expr *e) {
  LLVMValueRef ax, ay, bx, by;
  float2_unpack(cg, cg_expr(cg, ARG(0)), &ax, &ay);
  float2_unpack(cg, cg_expr(cg, ARG(1)), &bx, &by);
  bool mul = e->u.call.op->id == I_CUDA_FMUL2_RN;
  LLVMValueRef x = mul ? LLVMBuildFMul(cg->b, ax, bx, "") : LLVMBuildFAdd(cg->b, ax, bx, "");
  LLVMValueRef y = mul ? LLVMBuildFMul(cg->b, ay, by, "") : LLVMBuildFAdd(cg->b, ay, by, "");
  return float2_pack(cg, x, y);
}

/* __hmin2 / __hmax2 on bfloat162 packed in uint32 (NaN-propagating like CUDA's
 * bf16 min/max: minnum/maxnum per lane) */
static LLVMValueRef emit_bf162_minmax(CG *cg, Expr *e) {
  LLVMValueRef a = cg_expr(cg, ARG(0)), b = cg_expr(cg, ARG(1));
  const char *fn = e->u.call.op->id == I_CUDA_HMIN2 ? "llvm.minnum" : "llvm.maxnum";
  LLVMTypeRef ft = cg->t_f32;
  LLVMValueRef lo[2] = {bf16_from_bits(cg, a, 0), bf16_from_bits(cg, b, 0)};
  LLVMValueRef hi[2] = {bf16_from_bits(cg, a, 16), bf16_from_bits(cg, b, 16)};
  LLVMValueRef l = cg_intrinsic(cg, fn, &ft, 1, lo, 2), h = cg_intrinsic(cg, fn, &ft, 1, hi, 2);
  return pack2_i32(cg, bf16_bits(cg, l), bf16_bits(cg, h));
}

/* runtime_instr_desc(desc*, sf_id): patches the scale-factor ids of a
 * block-scaled tcgen05 instruction descriptor in place, a_sf_id (bits 29..30)
 * and b_sf_id (bits 4..5) both set to sf_id. */
static LLVMValueRef emit_runtime_instr_desc(CG *cg, Expr *e) {
  LLVMValueRef p = cg_expr(cg, ARG(0)), id = cg_expr(cg, ARG(1));
  if (!p || !id) return NULL;
  DType u32 = tirx_dtype(DT_UINT32);
  id = cg_cast(cg, id, ARG(1)->dtype, u32, e->loc);
  LLVMValueRef d = cg_load_typed(cg, p, u32, 4);
  d = LLVMBuildAnd(cg->b, d, cg_i32(cg, (int32_t)~0x60000030u), "");
  LLVMValueRef f = LLVMBuildOr(cg->b, LLVMBuildShl(cg->b, id, cg_i32(cg, 29), ""),
                               LLVMBuildShl(cg->b, id, cg_i32(cg, 4), ""), "");
  cg_store_typed(cg, p, LLVMBuildOr(cg->b, d, f, ""), u32, 4);
  return NULL;
}

/* get_tmem_addr(idx, row, col): lane in the high half, column in the low half,
 * each offset modulo 2^16 (TVM's helper) */
static LLVMValueRef emit_get_tmem_addr(CG *cg, Expr *e) {
  LLVMValueRef idx = cg_coerce(cg, cg_expr(cg, ARG(0)), cg->t_i32, false);
  LLVMValueRef row = cg_coerce(cg, cg_expr(cg, ARG(1)), cg->t_i32, true);
  LLVMValueRef col = cg_coerce(cg, cg_expr(cg, ARG(2)), cg->t_i32, true);
  LLVMValueRef m = cg_i32(cg, 0xFFFF);
  LLVMValueRef c =
      LLVMBuildAnd(cg->b, LLVMBuildAdd(cg->b, LLVMBuildAnd(cg->b, idx, m, ""), col, ""), m, "");
  LLVMValueRef r = LLVMBuildAnd(cg->b, LLVMBuildLShr(cg->b, idx, cg_i32(cg, 16), ""), m, "");
  r = LLVMBuildAnd(cg->b, LLVMBuildAdd(cg->b, r, row, ""), m, "");
  return LLVMBuildOr(cg->b, LLVMBuildShl(cg->b, r, cg_i32(cg, 16), ""), c, "");
}

/* __float22half2_rn: *dst (half2) = the float2 at src, rounded to nearest */
static LLVMValueRef emit_float22half2(CG *cg, Expr *e) {
  LLVMValueRef d = ptr_arg(cg, ARG(0)), sp = ptr_arg(cg, ARG(1));
  LLVMTypeRef v2f = LLVMVectorType(cg->t_f32, 2), v2h = LLVMVectorType(cg->t_f16, 2);
  LLVMValueRef x = LLVMBuildLoad2(cg->b, v2f, sp, "");
  LLVMSetAlignment(x, 8);
  LLVMValueRef h = LLVMBuildFPTrunc(cg->b, x, v2h, "");
  LLVMValueRef st = LLVMBuildStore(cg->b, h, d);
  LLVMSetAlignment(st, 4);
  return NULL;
}

/* __nv_fp8x4_e4m3(float4(x, y, z, w)): bytes x (lowest), y, z, w, each rounded to
 * nearest with saturation to the finite range (cvt.rn.satfinite.e4m3x2.f32, sm_89+) */
static LLVMValueRef emit_fp8x4_e4m3(CG *cg, Expr *e) {
  if (!cg_require_sm(cg, e, 89, false)) return NULL;
  LLVMValueRef f[4];
  for (int i = 0; i < 4; i++) f[i] = cg_expr(cg, ARG(i));
  LLVMValueRef lo_args[2] = {f[1], f[0]}, hi_args[2] = {f[3], f[2]};
  LLVMValueRef lo = cg_intrinsic(cg, "llvm.nvvm.ff.to.e4m3x2.rn", NULL, 0, lo_args, 2);
  LLVMValueRef hi = cg_intrinsic(cg, "llvm.nvvm.ff.to.e4m3x2.rn", NULL, 0, hi_args, 2);
  lo = LLVMBuildZExt(cg->b, lo, cg->t_i32, "");
  hi = LLVMBuildZExt(cg->b, hi, cg->t_i32, "");
  return LLVMBuildOr(cg->b, lo, LLVMBuildShl(cg->b, hi, cg_i32(cg, 16), ""), "");
}

/* ---- tcgen05 instruction descriptors ---------------------------------------------------- */
/* *desc = the 32-bit instruction descriptor of tcgen05.mma (PTX ISA "Instruction
 * descriptor"; TVM's InstrDescriptor / InstrDescriptorBlockScaled bit fields),
 * computed at compile time from the constant arguments. */

static int fmt_code(const Expr *s, bool scale) {
  static const struct {
    const char *name;
    int code, scode;
  } tab[] = {
#define TCGEN05_FORMAT(name, code, scode) {name, code, scode},
#include "tirx/internal/tcgen05_format.def"
#undef TCGEN05_FORMAT
  };
  if (s->kind != E_STR) return -1;
  for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
    if (strlen(tab[i].name) == s->u.s.len && memcmp(tab[i].name, s->u.s.p, s->u.s.len) == 0)
      return scale ? tab[i].scode : tab[i].code;
  return -1;
}

static LLVMValueRef emit_instr_desc(CG *cg, Expr *e) {
  bool bs = e->u.call.op->id == I_CUDA_TCGEN05_ENCODE_INSTR_DESC_BS;
  int first = bs ? 8 : 4,
      nint = bs ? 9 : 10; /* M N K trans_a trans_b n_cta neg_a neg_b [sat_d] is_sparse */
  int64_t v[10] = {0};
  for (int i = 0; i < nint; i++)
    if (!cg_const_arg(cg, e, first + i, "every descriptor field", &v[i])) return NULL;
  int64_t M = v[0], N = v[1], K = v[2], ta = v[3], tb = v[4], na = v[6], nb = v[7];
  int64_t sat = bs ? 0 : v[8], sparse = bs ? v[8] : v[9];
  int d = fmt_code(ARG(1), false), a = fmt_code(ARG(2), false), b = fmt_code(ARG(3), false);
  int sf = bs ? fmt_code(ARG(4), true) : 0;
  if (d < 0 || a < 0 || b < 0 || sf < 0) {
    cg_error(cg, e->loc, "T.%s: unsupported dtype combination", e->u.call.op->name);
    return NULL;
  }
  if (bs && a == 5 && b == 5) a = b = 1; /* .kind::mxf4 / mxf4nvf4: both E2M1 */
  uint32_t w = (uint32_t)((sparse & 1) << 2) | (uint32_t)(a << 7) | (uint32_t)(b << 10) |
               (uint32_t)((na & 1) << 13) | (uint32_t)((nb & 1) << 14) |
               (uint32_t)((ta & 1) << 15) | (uint32_t)((tb & 1) << 16) |
               (uint32_t)(((N >> 3) & 63) << 17) | (uint32_t)(((M >> 4) & 31) << 24);
  if (bs) w |= (uint32_t)(sf << 23) | (uint32_t)(K == 96) << 31;
  else w |= (uint32_t)((sat & 1) << 3) | (uint32_t)(d << 4);
  LLVMValueRef p = cg_expr(cg, ARG(0));
  LLVMBuildStore(cg->b, cg_i32(cg, (int32_t)w), p);
  return NULL;
}

/* ---- the in-kernel profiler (tvm.tirx.bench.CudaProfiler) ------------------------------ *
 * A record is one uint64: %globaltimer_lo (ns, 32 bits) in the high word, the lane's tag
 * | event << 2 | kind in the low word (kind 0 start, 1 end, 2 instant, 3 finalize).  The
 * lane is block * num_groups + group; its tag is lane << 12, its cursor starts at 1 + lane
 * and moves by write_stride per record, so lanes interleave without colliding.  Slot 0 is
 * the header, num_groups << 32 | num_blocks, written by thread 0 of block 0.  The thread
 * keeps tag and cursor in its two local registers (the profiler's buffers); only the
 * leader stores; every thread fences (fence.sc.cta) after a start and before an end or a
 * finalize, which brackets the region's memory traffic.  tirx.profile decodes the buffer. */

/* (ctaid.z * nctaid.y + ctaid.y) * nctaid.x + ctaid.x, and the grid's block count. */
static LLVMValueRef linear_cta(CG *cg, LLVMValueRef *nblocks) {
  LLVMBuilderRef B = cg->b;
  LLVMValueRef nx = cg_sreg(cg, "nctaid.x"), ny = cg_sreg(cg, "nctaid.y");
  LLVMValueRef nz = cg_sreg(cg, "nctaid.z");
  *nblocks = LLVMBuildMul(B, LLVMBuildMul(B, nx, ny, ""), nz, "prof.nblocks");
  LLVMValueRef zy =
      LLVMBuildAdd(B, LLVMBuildMul(B, cg_sreg(cg, "ctaid.z"), ny, ""), cg_sreg(cg, "ctaid.y"), "");
  return LLVMBuildAdd(B, LLVMBuildMul(B, zy, nx, ""), cg_sreg(cg, "ctaid.x"), "prof.block");
}

/* timer_init(buffer, tag*, offset*, num_groups, group_id) */
static LLVMValueRef emit_timer_init(CG *cg, Expr *e) {
  LLVMBuilderRef B = cg->b;
  LLVMValueRef buf = ptr_arg(cg, ARG(0)), tagp = ptr_arg(cg, ARG(1)), offp = ptr_arg(cg, ARG(2));
  LLVMValueRef ngroups = cg_coerce(cg, cg_expr(cg, ARG(3)), cg->t_i32, true);
  LLVMValueRef group = cg_coerce(cg, cg_expr(cg, ARG(4)), cg->t_i32, true);
  if (!buf || !tagp || !offp || !ngroups || !group) return NULL;
  LLVMValueRef nblocks, block = linear_cta(cg, &nblocks);
  LLVMValueRef lane = LLVMBuildAdd(B, LLVMBuildMul(B, block, ngroups, ""), group, "prof.lane");
  LLVMValueRef first =
      LLVMBuildICmp(B, LLVMIntEQ, LLVMBuildOr(B, block, cg_linear_tid(cg), ""), cg_i32(cg, 0), "");
  LLVMBasicBlockRef hdr = cg_block(cg, "prof.header"), cont = cg_block(cg, "prof.init");
  LLVMBuildCondBr(B, first, hdr, cont);
  LLVMPositionBuilderAtEnd(B, hdr);
  LLVMValueRef h =
      LLVMBuildOr(B, LLVMBuildShl(B, LLVMBuildZExt(B, ngroups, cg->t_i64, ""), cg_i64(cg, 32), ""),
                  LLVMBuildZExt(B, nblocks, cg->t_i64, ""), "prof.hdr");
  LLVMSetAlignment(LLVMBuildStore(B, h, buf), 8);
  LLVMBuildBr(B, cont);
  LLVMPositionBuilderAtEnd(B, cont);
  LLVMSetAlignment(LLVMBuildStore(B, LLVMBuildAdd(B, lane, cg_i32(cg, 1), ""), offp), 4);
  LLVMValueRef tag = LLVMBuildShl(B, LLVMBuildZExt(B, lane, cg->t_i64, ""), cg_i64(cg, 12), "");
  LLVMSetAlignment(LLVMBuildStore(B, tag, tagp), 8);
  return NULL;
}

/* if (leader) { buffer[*offset] = timer << 32 | (*tag | bits); *offset += stride; } */
static void timer_record(CG *cg, LLVMValueRef bits, Expr *buf_e, Expr *tag_e, Expr *off_e,
                         Expr *stride_e, Expr *leader_e) {
  LLVMBuilderRef B = cg->b;
  LLVMValueRef buf = ptr_arg(cg, buf_e), tagp = ptr_arg(cg, tag_e), offp = ptr_arg(cg, off_e);
  LLVMValueRef stride = cg_coerce(cg, cg_expr(cg, stride_e), cg->t_i32, true);
  LLVMValueRef leader = cg_cond(cg, leader_e);
  if (!buf || !tagp || !offp || !stride || !leader) return;
  LLVMBasicBlockRef rec = cg_block(cg, "prof.record"), cont = cg_block(cg, "prof.next");
  LLVMBuildCondBr(B, leader, rec, cont);
  LLVMPositionBuilderAtEnd(B, rec);
  LLVMValueRef off = LLVMBuildLoad2(B, cg->t_i32, offp, "prof.off");
  LLVMSetAlignment(off, 4);
  LLVMValueRef tag = LLVMBuildLoad2(B, cg->t_i64, tagp, "prof.tag");
  LLVMSetAlignment(tag, 8);
  LLVMValueRef ts = LLVMBuildZExt(B, cg_sreg(cg, "globaltimer.lo"), cg->t_i64, "");
  LLVMValueRef w = LLVMBuildOr(B, LLVMBuildShl(B, ts, cg_i64(cg, 32), ""),
                               LLVMBuildOr(B, tag, bits, ""), "prof.word");
  LLVMValueRef idx = LLVMBuildZExt(B, off, cg->t_i64, "");
  LLVMValueRef slot = LLVMBuildGEP2(B, cg->t_i64, buf, &idx, 1, "");
  LLVMSetAlignment(LLVMBuildStore(B, w, slot), 8);
  LLVMSetAlignment(LLVMBuildStore(B, LLVMBuildAdd(B, off, stride, ""), offp), 4);
  LLVMBuildBr(B, cont);
  LLVMPositionBuilderAtEnd(B, cont);
}

/* __threadfence_block: fence.sc.cta (membar.cta).  An IR fence, not the membar intrinsic:
 * LLVM keeps every memory access, noalias parameters' too, on its side of a fence. */
static void fence_block(CG *cg) {
  unsigned cta = LLVMGetSyncScopeID(cg->ctx, "block", 5);
  LLVMBuildFenceSyncScope(cg->b, LLVMAtomicOrderingSequentiallyConsistent, cta, "");
}

/* timer_start/end(event, buffer, tag*, offset*, stride, leader): the start records, then
 * fences; the end fences, then records. */
static LLVMValueRef emit_timer_event(CG *cg, Expr *e) {
  bool start = e->u.call.op->id == I_CUDA_TIMER_START;
  LLVMValueRef ev = cg_coerce(cg, cg_expr(cg, ARG(0)), cg->t_i64, true);
  if (!ev) return NULL;
  LLVMValueRef bits = LLVMBuildOr(
      cg->b, LLVMBuildShl(cg->b, LLVMBuildAnd(cg->b, ev, cg_i64(cg, 0x3ff), ""), cg_i64(cg, 2), ""),
      cg_i64(cg, start ? 0 : 1), "prof.bits");
  if (!start) fence_block(cg);
  timer_record(cg, bits, ARG(1), ARG(2), ARG(3), ARG(4), ARG(5));
  if (start) fence_block(cg);
  return NULL;
}

/* timer_finalize(buffer, tag*, offset*, stride, leader): fence, then record kind 3. */
static LLVMValueRef emit_timer_finalize(CG *cg, Expr *e) {
  fence_block(cg);
  timer_record(cg, cg_i64(cg, 3), ARG(0), ARG(1), ARG(2), ARG(3), ARG(4));
  return NULL;
}

/* IKET markers without tirx.iket.enabled (TVM's default): no code, tokens 0 */
static LLVMValueRef emit_iket(CG *cg, Expr *e) {
  if (e->dtype.id == DT_VOID) return NULL;
  return cg_i32(cg, 0);
}

static const CgIntrinFn cuda_table[INTRIN_COUNT] = {
    [I_CUDA_CTA_SYNC] = emit_cta_sync,
    [I_CUDA_WARP_SYNC] = emit_warp_sync,
    [I_CUDA_WARPGROUP_SYNC] = emit_warpgroup_sync,
    [I_CUDA_CLUSTER_SYNC] = emit_cluster_sync,
    [I_CUDA_SYNCTHREADS_AND] = emit_syncthreads_red,
    [I_CUDA_SYNCTHREADS_OR] = emit_syncthreads_red,
    [I_CUDA_THREAD_FENCE] = emit_thread_fence,
    [I_CUDA_MBARRIER_WAIT] = emit_mbarrier_wait,
    [I_CUDA_MBARRIER_WAIT_CLUSTER] = emit_mbarrier_wait,
    [I_CUDA_ELECT_SYNC] = emit_elect_sync,
    [I_CUDA_NANO_SLEEP] = emit_nano_sleep,
    [I_CUDA_GRID_SYNC] = emit_grid_sync,
    [I_CUDA_FLOAT22BFLOAT162_RN] = emit_float22bfloat162_rn,
    [I_CUDA_FLOAT22BFLOAT162_RN_F2] = emit_float22bfloat162_rn_f2,
    [I_CUDA_BFLOAT1622FLOAT2] = emit_bfloat1622float2,
    [I_CUDA_FMUL2_RN] = emit_f2_arith,
    [I_CUDA_FADD2_RN] = emit_f2_arith,
    [I_CUDA_HMIN2] = emit_bf162_minmax,
    [I_CUDA_HMAX2] = emit_bf162_minmax,
    [I_CUDA_GET_TMEM_ADDR] = emit_get_tmem_addr,
    [I_CUDA_RUNTIME_INSTR_DESC] = emit_runtime_instr_desc,
    [I_CUDA_FLOAT22HALF2] = emit_float22half2,
    [I_CUDA_FP8X4_E4M3_FROM_FLOAT4] = emit_fp8x4_e4m3,
    [I_CUDA_TCGEN05_ENCODE_INSTR_DESC] = emit_instr_desc,
    [I_CUDA_TCGEN05_ENCODE_INSTR_DESC_BS] = emit_instr_desc,
    [I_CUDA_TIMER_INIT] = emit_timer_init,
    [I_CUDA_TIMER_START] = emit_timer_event,
    [I_CUDA_TIMER_END] = emit_timer_event,
    [I_CUDA_TIMER_FINALIZE] = emit_timer_finalize,
    [I_CUDA_IKET_MARK] = emit_iket,
    [I_CUDA_IKET_RANGE_START] = emit_iket,
    [I_CUDA_IKET_RANGE_END] = emit_iket,
    [I_CUDA_IKET_RANGE_PUSH] = emit_iket,
    [I_CUDA_IKET_RANGE_POP] = emit_iket,
    [I_CUDA_IKET_SENTINEL_TOKEN] = emit_iket,
    [I_CUDA_THREAD_RANK] = emit_thread_rank,
    [I_CUDA_WARP_REDUCE] = emit_warp_reduce,
    [I_CUDA_WARP_SUM] = emit_warp_reduce,
    [I_CUDA_WARP_MAX] = emit_warp_reduce,
    [I_CUDA_WARP_MIN] = emit_warp_reduce,
    [I_CUDA_CTA_REDUCE] = emit_cta_reduce,
    [I_CUDA_CTA_SUM] = emit_cta_reduce,
    [I_CUDA_CTA_MAX] = emit_cta_reduce,
    [I_CUDA_CTA_MIN] = emit_cta_reduce,
    [I_CUDA_ANY_SYNC] = emit_vote,
    [I_CUDA_BALLOT_SYNC] = emit_vote,
    [I_CUDA_REDUCE_ADD_SYNC_U32] = emit_redux,
    [I_CUDA_REDUCE_MIN_SYNC_U32] = emit_redux,
    [I_CUDA_FFS_U32] = emit_ffs,
    [I_CUDA_SHFL_SYNC] = emit_shfl_sync,
    [I_CUDA_SHFL_UP_SYNC] = emit_shfl_sync,
    [I_CUDA_SHFL_DOWN_SYNC] = emit_shfl_sync,
    [I_CUDA_SHFL_XOR_SYNC] = emit_shfl_sync,
    [I_CUDA_ACTIVEMASK] = emit_activemask,
    [I_CUDA_ATOMIC_ADD] = emit_atomic_add,
    [I_CUDA_ATOMIC_CAS] = emit_atomic_cas,
    [I_CUDA_LDG] = emit_ldg,
    [I_CUDA_LDG_VEC] = emit_ldg_vec,
    [I_CUDA_CVTA_TO_SHARED] = emit_cvta_to_shared,
    [I_CUDA_SMEM_ADDR_FROM_U64] = emit_smem_addr_u64,
    [I_CUDA_MOV_SREG] = emit_mov_sreg,
    [I_CUDA_CLOCK64] = emit_clock64,
    [I_CUDA_HALF2FLOAT] = emit_to_float,
    [I_CUDA_BFLOAT162FLOAT] = emit_to_float,
    [I_CUDA_UINT_AS_FLOAT] = emit_bits_as,
    [I_CUDA_FLOAT_AS_UINT] = emit_bits_as,
    [I_CUDA_FDIVIDEF] = emit_fdividef,
    [I_CUDA_MAKE_FLOAT2] = emit_make_float2,
    [I_CUDA_FLOAT2_X] = emit_float2_part,
    [I_CUDA_FLOAT2_Y] = emit_float2_part,
    [I_CUDA_FUNC_CALL] = emit_func_call,
    [I_CUDA_PRINTF] = emit_printf,
    [I_CUDA_TRAP_WHEN_ASSERT_FAILED] = emit_trap_when,
    [I_CUDA_WGMMA_NOOP_BARRIER] = emit_noop_barrier,
    [I_CUDA_WGMMA_ENCODE_DESC] = emit_encode_desc,
    [I_CUDA_TCGEN05_ENCODE_DESC] = emit_encode_desc,
};

CgIntrinFn cg_intrin_cuda(IntrinId id) { return id < INTRIN_COUNT ? cuda_table[id] : NULL; }
