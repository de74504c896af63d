# Rung 3 of the GEMM ladder: warp-specialized, persistent (sm_90a).
#
#   C[M, N] = A[M, K] @ B[N, K]^T      (torch: a @ b.t()), fp32 accumulation
#
# DT selects the input/output type: -D DT='"float16"' (default) or '"bfloat16"'.
# 132 CTAs (one per SM) walk the 128 x 256 output tiles (grouped GROUP_M tile rows at a
# time for L2 reuse).  Each CTA has 3 warpgroups:
#   warpgroup 0, the producer: setmaxnreg.dec to 40 registers; one thread streams the
#     A (128 x 64) and B (256 x 64) k-tiles of every tile it owns into a 4-stage ring
#     of 128B-swizzled shared memory with TMA, each stage's "full" mbarrier completing
#     on the bytes, after waiting for the stage's "empty" mbarrier;
#   warpgroups 1 and 2, the consumers: setmaxnreg.inc to 232 registers; each owns 64
#     rows of the tile and issues m64n256k16 wgmma from shared-memory descriptors
#     (128 fp32 accumulators per thread), one wgmma group in flight, and releases a
#     stage (one arrive per warpgroup) once the group reading it retired.
# Epilogue: each consumer converts its 64 x 256 block to DT in four 64 x 64 chunks
# through two 8 KiB 128B-swizzled staging buffers and TMA-stores them
# (cp.async.bulk.tensor global <- shared, bulk groups), overlapping the producer's
# loads for the next tile.
# M, N and K are symbolic: TMA zero-fills out-of-bounds loads and clips stores; K and N
# must be multiples of 8 (16-byte row strides; the runtime refuses the tensor maps
# otherwise with "globalStrides[0] of A (... bytes) must be a multiple of 16").
#
# Profiling (docs/profiling.md): the entry `profiled()` builds ws_persistent_profiled, the
# same kernel with the prelude's CudaProfiler (TVM's tvm.tirx.bench) on one lane per
# warpgroup of each CTA (num_groups = 3; its first thread the leader):
#   group 0, the producer:  wait-empty (the stage's "empty" barrier), issue-tma
#                           (expect_tx + the A and B loads), per k-tile
#   groups 1-2, consumers:  wait-full (the stage's "full" barrier), mma (wgmma issue,
#                           commit, wait for the previous group), per k-tile;
#                           epilogue (wait_group 0 .. the TMA stores), per tile
# Each marker costs a block fence.  Without it (ws_persistent, the file's default
# kernel) every marker is Off's and compiles to nothing: the PTX is the one the kernel
# had before the markers (test/CodeGen/NVPTX/gemm_ladder.test checks it).
from enum import Enum

from tvm.tirx.bench import CudaProfiler

DT = "float16"
NSM = 132
GROUP_M = 16
BM = 128
BN = 256
BK = 64
STAGES = 4
# the A/B tensor maps' L2 promotion (CUtensorMapL2promotion: 2 = 128B, 3 = 256B)
L2_PROMO = 2
A_BYTES = BM * BK * 2
B_BYTES = BN * BK * 2
EP_BYTES = 64 * 64 * 2
# shared.dyn layout (bytes): A ring, B ring, 2 x 2 staging buffers, 2 x STAGES mbarriers
SMEM_B = STAGES * A_BYTES
SMEM_EP = SMEM_B + STAGES * B_BYTES
SMEM_BAR = SMEM_EP + 4 * EP_BYTES
SMEM_TOTAL = SMEM_BAR + 2 * STAGES * 8



class Ev(Enum):
    """The profiled regions (examples/profile/gemm_profile.py names them)."""
    WaitEmpty = 0
    IssueTMA = 1
    WaitFull = 2
    MMA = 3
    Epilogue = 4


class Off:
    """The profiler of the unprofiled kernel: every marker is nothing."""

    def init(self, group):
        pass

    def start(self, event):
        pass

    def end(self, event):
        pass

    def finalize(self):
        pass


# TVM_ORACLE = True leaves out what TVM 0.27's CUDA codegen cannot take (see wgmma_settle).
TVM_ORACLE = False


@T.macro
def wgmma_settle(acc, n):
    # After wgmma.wait_group 0: tie every accumulator register to this point so that no
    # read of it (the epilogue's conversions) is scheduled above the wait, which would
    # make ptxas serialize the wgmma pipeline (C7514).  TVM 0.27's codegen of
    # T.cuda.wgmma.noop_barrier cannot take a buffer element (it reads `.dtype` of the
    # load), so the oracle build leaves it out.
    if not TVM_ORACLE:
        for i in T.unroll(n):
            T.cuda.wgmma.noop_barrier(acc[i])


@T.macro
def ws_body(a, b, c, prof):
    # the kernel; prof: None (no profiling: the markers below are nothing) or the
    # profile buffer (profiled(): a CudaProfiler lane per warpgroup)
    M = T.int32()
    N = T.int32()
    K = T.int32()
    A = T.match_buffer(a, (M, K), DT)
    B = T.match_buffer(b, (N, K), DT)
    C = T.match_buffer(c, (M, N), DT)
    A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, DT, 2, A.data,
                  K, M, K * 2, BK, BM, 1, 1, 0, 3, L2_PROMO, 0)
    B_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", B_map, DT, 2, B.data,
                  K, N, K * 2, BK, BN, 1, 1, 0, 3, L2_PROMO, 0)
    C_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", C_map, DT, 2, C.data,
                  N, M, N * 2, 64, 64, 1, 1, 0, 3, 2, 0)
    T.device_entry()
    bx = T.cta_id([T.min(NSM, T.ceildiv(M, BM) * T.ceildiv(N, BN))])
    wg = T.warpgroup_id([3])
    warp = T.warp_id_in_wg([4])
    lane = T.lane_id([32])
    T.attr({"tirx.launch_bounds_min_blocks_per_sm": 1})
    pool = T.alloc_buffer((SMEM_TOTAL,), "uint8", scope="shared.dyn", align=1024)
    ep32 = T.decl_buffer((4 * EP_BYTES // 4,), "uint32", data=pool.data,
                         elem_offset=SMEM_EP // 4, scope="shared.dyn")
    bars = T.decl_buffer((2 * STAGES,), "uint64", data=pool.data,
                         elem_offset=SMEM_BAR // 8, scope="shared.dyn")
    sbase: T.let[T.uint32] = T.cuda.cvta_generic_to_shared(pool.data)
    num_m: T.let[T.int32] = T.ceildiv(M, BM)
    num_n: T.let[T.int32] = T.ceildiv(N, BN)
    nk: T.let[T.int32] = T.ceildiv(K, BK)
    # tiles owned by this CTA: bx, bx + NSM, ...
    ntile: T.let[T.int32] = T.ceildiv(num_m * num_n - bx, NSM)
    pr = Off() if prof is None else CudaProfiler(prof, write_stride=3 * NSM, num_groups=3,
                                                 default_leader=(warp == 0) & (lane == 0))
    pr.init(wg)

    if wg == 0 and warp == 0 and lane == 0:
        for s in T.unroll(STAGES):
            T.ptx.mbarrier.init.shared.b64(T.address_of(bars[s]), 1)
            T.ptx.mbarrier.init.shared.b64(T.address_of(bars[STAGES + s]), 2)
        T.ptx.fence.mbarrier_init.release.cluster()
        T.ptx.fence.proxy.async_.shared__cta()
    T.cuda.cta_sync()

    if wg == 0:
        T.ptx.setmaxnreg.dec.sync.aligned.u32(40)
        if warp == 0 and lane == 0:
            for ti in range(ntile):
                t: T.let[T.int32] = bx + ti * NSM
                gsz: T.let[T.int32] = GROUP_M * num_n
                first_m: T.let[T.int32] = t // gsz * GROUP_M
                gm: T.let[T.int32] = T.min(num_m - first_m, GROUP_M)
                tm: T.let[T.int32] = first_m + t % gsz % gm
                tn: T.let[T.int32] = t % gsz // gm
                for kt in range(nk):
                    it: T.let[T.int32] = ti * nk + kt
                    s: T.let[T.int32] = it % STAGES
                    # a fresh barrier has completed "phase -1" (parity 1): the first
                    # round does not wait
                    pr.start(Ev.WaitEmpty)
                    T.cuda.mbarrier_wait(T.address_of(bars[STAGES + s]), (it // STAGES + 1) % 2)
                    pr.end(Ev.WaitEmpty)
                    pr.start(Ev.IssueTMA)
                    T.ptx.mbarrier.arrive.expect_tx.shared.b64(T.address_of(bars[s]), A_BYTES + B_BYTES)
                    T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"](
                        sbase + s * A_BYTES, T.address_of(A_map), kt * BK, tm * BM, T.address_of(bars[s]))
                    T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"](
                        sbase + SMEM_B + s * B_BYTES, T.address_of(B_map), kt * BK, tn * BN, T.address_of(bars[s]))
                    pr.end(Ev.IssueTMA)
    else:
        T.ptx.setmaxnreg.inc.sync.aligned.u32(232)
        cw: T.let[T.int32] = wg - 1
        acc = T.alloc_local((128,), "float32")
        pk = T.alloc_local((1,), "uint32")
        # K-major, 128B swizzle descriptors: start >> 4, LBO 1 (unused), SBO 1024 B >> 4,
        # layout type 1 (SWIZZLE_128B) in bits 62-63
        desc_hi: T.let[T.uint64] = (T.uint64(64) << T.uint64(32)) | (T.uint64(1) << T.uint64(62)) | (T.uint64(1) << T.uint64(16))
        for ti in range(ntile):
            t: T.let[T.int32] = bx + ti * NSM
            gsz: T.let[T.int32] = GROUP_M * num_n
            first_m: T.let[T.int32] = t // gsz * GROUP_M
            gm: T.let[T.int32] = T.min(num_m - first_m, GROUP_M)
            tm: T.let[T.int32] = first_m + t % gsz % gm
            tn: T.let[T.int32] = t % gsz // gm
            for kt in range(nk):
                it: T.let[T.int32] = ti * nk + kt
                s: T.let[T.int32] = it % STAGES
                pr.start(Ev.WaitFull)
                T.cuda.mbarrier_wait(T.address_of(bars[s]), it // STAGES % 2)
                pr.end(Ev.WaitFull)
                pr.start(Ev.MMA)
                da: T.let[T.uint64] = desc_hi | T.Cast("uint64", ((sbase + s * A_BYTES + cw * (A_BYTES // 2)) & T.uint32(0x3FFFF)) >> T.uint32(4))
                db: T.let[T.uint64] = desc_hi | T.Cast("uint64", ((sbase + SMEM_B + s * B_BYTES) & T.uint32(0x3FFFF)) >> T.uint32(4))
                # scale-d (the predicate operand) is false for the tile's first K step: D = A*B
                # overwrites the accumulators, which therefore need no zeroing
                T.ptx.wgmma.fence.sync.aligned()
                for kk in T.unroll(BK // 16):
                    if DT == "float16":
                        T.ptx.wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16(
                            acc[0], acc[1], acc[2], acc[3], acc[4], acc[5], acc[6], acc[7], acc[8], acc[9], acc[10], acc[11], acc[12], acc[13], acc[14], acc[15], acc[16], acc[17], acc[18], acc[19], acc[20], acc[21], acc[22], acc[23], acc[24], acc[25], acc[26], acc[27], acc[28], acc[29], acc[30], acc[31], acc[32], acc[33], acc[34], acc[35], acc[36], acc[37], acc[38], acc[39], acc[40], acc[41], acc[42], acc[43], acc[44], acc[45], acc[46], acc[47], acc[48], acc[49], acc[50], acc[51], acc[52], acc[53], acc[54], acc[55], acc[56], acc[57], acc[58], acc[59], acc[60], acc[61], acc[62], acc[63], acc[64], acc[65], acc[66], acc[67], acc[68], acc[69], acc[70], acc[71], acc[72], acc[73], acc[74], acc[75], acc[76], acc[77], acc[78], acc[79], acc[80], acc[81], acc[82], acc[83], acc[84], acc[85], acc[86], acc[87], acc[88], acc[89], acc[90], acc[91], acc[92], acc[93], acc[94], acc[95], acc[96], acc[97], acc[98], acc[99], acc[100], acc[101], acc[102], acc[103], acc[104], acc[105], acc[106], acc[107], acc[108], acc[109], acc[110], acc[111], acc[112], acc[113], acc[114], acc[115], acc[116], acc[117], acc[118], acc[119], acc[120], acc[121], acc[122], acc[123], acc[124], acc[125], acc[126], acc[127], da + T.uint64(2 * kk), db + T.uint64(2 * kk), kt > 0 or kk > 0, 1, 1, 0, 0)
                    else:
                        T.ptx.wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16(
                            acc[0], acc[1], acc[2], acc[3], acc[4], acc[5], acc[6], acc[7], acc[8], acc[9], acc[10], acc[11], acc[12], acc[13], acc[14], acc[15], acc[16], acc[17], acc[18], acc[19], acc[20], acc[21], acc[22], acc[23], acc[24], acc[25], acc[26], acc[27], acc[28], acc[29], acc[30], acc[31], acc[32], acc[33], acc[34], acc[35], acc[36], acc[37], acc[38], acc[39], acc[40], acc[41], acc[42], acc[43], acc[44], acc[45], acc[46], acc[47], acc[48], acc[49], acc[50], acc[51], acc[52], acc[53], acc[54], acc[55], acc[56], acc[57], acc[58], acc[59], acc[60], acc[61], acc[62], acc[63], acc[64], acc[65], acc[66], acc[67], acc[68], acc[69], acc[70], acc[71], acc[72], acc[73], acc[74], acc[75], acc[76], acc[77], acc[78], acc[79], acc[80], acc[81], acc[82], acc[83], acc[84], acc[85], acc[86], acc[87], acc[88], acc[89], acc[90], acc[91], acc[92], acc[93], acc[94], acc[95], acc[96], acc[97], acc[98], acc[99], acc[100], acc[101], acc[102], acc[103], acc[104], acc[105], acc[106], acc[107], acc[108], acc[109], acc[110], acc[111], acc[112], acc[113], acc[114], acc[115], acc[116], acc[117], acc[118], acc[119], acc[120], acc[121], acc[122], acc[123], acc[124], acc[125], acc[126], acc[127], da + T.uint64(2 * kk), db + T.uint64(2 * kk), kt > 0 or kk > 0, 1, 1, 0, 0)
                T.ptx.wgmma.commit_group.sync.aligned()
                T.ptx.wgmma.wait_group.sync.aligned(1)
                pr.end(Ev.MMA)
                # the previous k-tile's group retired: release its stage
                if kt > 0 and warp == 0 and lane == 0:
                    T.ptx.mbarrier.arrive.shared.b64(T.address_of(bars[STAGES + (it - 1) % STAGES]))
            pr.start(Ev.Epilogue)
            T.ptx.wgmma.wait_group.sync.aligned(0)
            wgmma_settle(acc, 128)
            if warp == 0 and lane == 0:
                T.ptx.mbarrier.arrive.shared.b64(T.address_of(bars[STAGES + (ti * nk + nk - 1) % STAGES]))
            # epilogue: fragment acc[4j + 2v + h] is row 16*warp + lane/4 + 8v, column
            # 8j + 2*(lane%4) + h of this warpgroup's 64 x 256 block
            for sub in T.unroll(4):
                eb: T.let[T.int32] = (cw * 2 + sub % 2) * (EP_BYTES // 4)
                # the store that read this buffer two chunks ago has finished reading
                if warp == 0 and lane == 0:
                    T.ptx.cp.async_.bulk.wait_group.read(1)
                T.cuda.warpgroup_sync(1 + cw)
                for jj in T.unroll(8):
                    for v in T.unroll(2):
                        if DT == "float16":
                            T.ptx.cvt.rn.f16x2.f32(pk[0], acc[32 * sub + 4 * jj + 2 * v + 1], acc[32 * sub + 4 * jj + 2 * v])
                        else:
                            T.ptx.cvt.rn.bf16x2.f32(pk[0], acc[32 * sub + 4 * jj + 2 * v + 1], acc[32 * sub + 4 * jj + 2 * v])
                        r: T.let[T.int32] = warp * 16 + lane // 4 + 8 * v
                        # 128-byte rows, 16-byte chunks XOR-swizzled by row % 8 (SWIZZLE_128B)
                        ep32[eb + r * 32 + T.bitwise_xor(jj, r % 8) * 4 + lane % 4] = pk[0]
                T.ptx.fence.proxy.async_.shared__cta()
                T.cuda.warpgroup_sync(1 + cw)
                if warp == 0 and lane == 0:
                    # (the source as a shared pointer: tirx takes a uint32 source address
                    # for a coordinate, test/CodeGen/NVPTX/ptx_tma_store_u32_src.py)
                    T.ptx["cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group"](
                        T.address_of(C_map), tn * BN + sub * 64, tm * BM + cw * 64, T.address_of(ep32[eb]))
                    T.ptx.cp.async_.bulk.commit_group()
            pr.end(Ev.Epilogue)
        if warp == 0 and lane == 0:
            T.ptx.cp.async_.bulk.wait_group(0)
    pr.finalize()


@T.prim_func
def ws_persistent(a: T.handle, b: T.handle, c: T.handle):
    ws_body(a, b, c, None)


def profiled():
    """Rung 3 with the in-kernel profiler (docs/profiling.md): the entry
    `profiled()` (tirx.compile(..., entry="profiled()"), tirx-llc --entry), a kernel
    taking a fourth argument, the zeroed uint64 profile buffer `prof` of P slots:
    1 + 3 * NSM * (records per lane), a lane's records being 4 per k-tile (+ 2 per tile
    for a consumer) + 1 (finalize); examples/profile/gemm_profile.py sizes it."""
    @T.prim_func
    def ws_persistent_profiled(a: T.handle, b: T.handle, c: T.handle, p: T.handle):
        P = T.int32()
        prof = T.match_buffer(p, (P,), "uint64")
        ws_body(a, b, c, prof)
    return ws_persistent_profiled
