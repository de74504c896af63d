# A tensor-core GEMM with tile primitives only: C = A @ B^T (torch: a @ b.t()), A [M, K],
# B [N, K], C [M, N] in DT (float16 / bfloat16), float32 accumulation.
#
# Each CTA computes a BM x BN tile of C with two warpgroups (rows 64 wg .. 64 wg + 63 each).
# Thread 0 streams the K steps into a STAGES-deep ring of 128B-swizzled shared tiles with
# T.tile.copy_async (TMA: tma_auto plans the boxes and the tensor maps), each stage's "full"
# mbarrier completing on the bytes; the warpgroups issue T.wg.gemm_async on the stage (on
# sm_90a the wgmma variant: descriptors from the ring's swizzled layout, the accumulator
# fragment in registers) keeping one wgmma group in flight (wait_group=1), and hand the
# previous stage back on its "empty" mbarrier (one arrive per warpgroup).  The epilogue
# converts the accumulators (T.wg.cast) and stores them (T.wg.copy).
#
# The A and B tiles of a stage share one shared.dyn buffer (rows 0 .. BM - 1: A, BM ..: B).
# M, N, K are module constants (multiples of BM, BN, BK): -D M=4096 -D N=4096 -D K=4096.
# On the H200 (bench/gemm/tile_gemm.py, examples/gemm/README.md): 551 TFLOP/s fp16 / 555 bf16 at
# 8192^3, 0.88 / 0.85 of cuBLAS (the native rung of this shape, tma_wgmma: 516 / 507).
# Not yet: persistence and a producer warp, a TMA-store epilogue; for sm_100a gemm_async's
# tcgen05 variant takes C in tensor memory, so this source is Hopper's only.
M = 4096
N = 4096
K = 4096
DT = "float16"
BM = 128
BN = 128
BK = 64
STAGES = 4
STAGE_BYTES = (BM + BN) * BK * 2


@T.prim_func
def gemm(A: T.Buffer((M, K), DT), B: T.Buffer((N, K), DT), C: T.Buffer((M, N), DT)):
    T.device_entry()
    bn, bm = T.cta_id([N // BN, M // BM])
    wg = T.warpgroup_id([2])
    warp = T.warp_id_in_wg([4])
    lane = T.lane_id([32])
    ring = T.alloc_buffer((STAGES, BM + BN, BK), DT, scope="shared.dyn", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(STAGES, BM + BN, BK):((BM + BN) * BK, BK, 1)])))
    bars = T.alloc_shared((2 * STAGES,), "uint64")
    acc = T.alloc_buffer((64, BN), "float32", scope="local", layout=T.TileLayout(T.S[(4, 2, 8, BN // 8, 4, 2):(32 @ Axis.tid_in_wg, 2, 4 @ Axis.tid_in_wg, 4, 1 @ Axis.tid_in_wg, 1)]))
    out = T.alloc_buffer((64, BN), DT, scope="local", layout=T.TileLayout(T.S[(4, 2, 8, BN // 8, 4, 2):(32 @ Axis.tid_in_wg, 2, 4 @ Axis.tid_in_wg, 4, 1 @ Axis.tid_in_wg, 1)]))
    tid: T.let[T.int32] = wg * 128 + warp * 32 + lane
    nk = K // BK
    if tid == 0:
        for s in T.unroll(STAGES):
            T.ptx.mbarrier.init.shared.b64(T.address_of(bars[s]), 1)
            T.ptx.mbarrier.init.shared.b64(T.address_of(bars[STAGES + s]), 2)
        T.ptx.fence.mbarrier_init.release.cluster()
        T.ptx.fence.proxy.async_.shared__cta()
    T.cuda.cta_sync()
    if tid == 0:
        for s in T.unroll(STAGES):
            T.ptx.mbarrier.arrive.expect_tx.shared.b64(T.address_of(bars[s]), STAGE_BYTES)
            T.tile.copy_async(ring[s, 0:BM, 0:BK], A[bm * BM:bm * BM + BM, s * BK:s * BK + BK], mbar=T.address_of(bars[s]))
            T.tile.copy_async(ring[s, BM:BM + BN, 0:BK], B[bn * BN:bn * BN + BN, s * BK:s * BK + BK], mbar=T.address_of(bars[s]))
    for kt in range(nk):
        st: T.let[T.int32] = kt % STAGES
        T.cuda.mbarrier_wait(T.address_of(bars[st]), (kt // STAGES) % 2)
        T.wg.gemm_async(acc[0:64, 0:BN], ring[st, wg * 64:wg * 64 + 64, 0:BK], ring[st, BM:BM + BN, 0:BK], False, False, kt > 0, wait_group=1, fence_proxy=False)
        if kt > 0:
            ps: T.let[T.int32] = (kt - 1) % STAGES
            if warp == 0 and lane == 0:
                T.ptx.mbarrier.arrive.shared.b64(T.address_of(bars[STAGES + ps]))
            if tid == 0 and kt - 1 + STAGES < nk:
                T.cuda.mbarrier_wait(T.address_of(bars[STAGES + ps]), ((kt - 1) // STAGES) % 2)
                T.ptx.mbarrier.arrive.expect_tx.shared.b64(T.address_of(bars[ps]), STAGE_BYTES)
                T.tile.copy_async(ring[ps, 0:BM, 0:BK], A[bm * BM:bm * BM + BM, (kt - 1 + STAGES) * BK:(kt - 1 + STAGES) * BK + BK], mbar=T.address_of(bars[ps]))
                T.tile.copy_async(ring[ps, BM:BM + BN, 0:BK], B[bn * BN:bn * BN + BN, (kt - 1 + STAGES) * BK:(kt - 1 + STAGES) * BK + BK], mbar=T.address_of(bars[ps]))
    T.ptx.wgmma.wait_group.sync.aligned(0)
    T.wg.cast(out[0:64, 0:BN], acc[0:64, 0:BN])
    T.wg.copy(C[bm * BM + wg * 64:bm * BM + wg * 64 + 64, bn * BN:bn * BN + BN], out[0:64, 0:BN])
