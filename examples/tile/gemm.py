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
#
# -D ARCH=100 builds the same kernel for sm_100a (tirx-llc --mcpu=sm_100a; not run here: the
# GPU machine is a Hopper): the ring and its TMA loads are the same; the accumulator lives
# in tensor memory (tcgen05.alloc by warp 0), thread 0 issues T.tile.gemm_async (the tcgen05
# variant: tcgen05.mma.cta_group::1.kind::f16 from the same swizzled descriptors) and frees
# each stage with tcgen05.commit on its "empty" mbarrier; the epilogue reads the tile back
# with tcgen05.ld (warp w: lanes 32w .. 32w + 31, rows of C), casts and stores it.
# Not yet: persistence and a producer warp, a TMA-store epilogue.
M = 4096
N = 4096
K = 4096
DT = "float16"
BM = 128
BN = 128
BK = 64
STAGES = 4
ARCH = 90
STAGE_BYTES = (BM + BN) * BK * 2


@T.prim_func
def gemm(A: T.Buffer((M, K), DT), B: T.Buffer((N, K), DT), C: T.Buffer((M, N), DT)):
    T.device_entry()
    bn, bm = T.cta_id([N // BN, M // BM])
    wg = T.warpgroup_id([2])
    warp = T.warp_id_in_wg([4])
    lane = T.lane_id([32])
    ring = T.alloc_buffer((STAGES, BM + BN, BK), DT, scope="shared.dyn", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(STAGES, BM + BN, BK):((BM + BN) * BK, BK, 1)])))
    bars = T.alloc_shared((2 * STAGES + 1,), "uint64")
    tid: T.let[T.int32] = wg * 128 + warp * 32 + lane
    nk = K // BK
    if ARCH >= 100:
        slot = T.alloc_shared((1,), "uint32")
        if tid < 32:
            T.ptx.tcgen05.alloc.cta_group__1.sync.aligned.shared__cta.b32(T.address_of(slot[0]), T.uint32(BN))
            T.ptx.tcgen05.relinquish_alloc_permit.cta_group__1.sync.aligned()
    if tid == 0:
        for s in T.unroll(STAGES):
            T.ptx.mbarrier.init.shared.b64(T.address_of(bars[s]), 1)
            T.ptx.mbarrier.init.shared.b64(T.address_of(bars[STAGES + s]), 1 if ARCH >= 100 else 2)
        T.ptx.mbarrier.init.shared.b64(T.address_of(bars[2 * STAGES]), 1)
        T.ptx.fence.mbarrier_init.release.cluster()
        T.ptx.fence.proxy.async_.shared__cta()
    if ARCH >= 100:
        T.ptx.tcgen05.fence__before_thread_sync()
    T.cuda.cta_sync()
    if tid == 0:
        for s in T.unroll(STAGES):
            T.ptx.mbarrier.arrive.expect_tx.shared.b64(T.address_of(bars[s]), STAGE_BYTES)
            T.tile.copy_async(ring[s, 0:BM, 0:BK], A[bm * BM:bm * BM + BM, s * BK:s * BK + BK], mbar=T.address_of(bars[s]))
            T.tile.copy_async(ring[s, BM:BM + BN, 0:BK], B[bn * BN:bn * BN + BN, s * BK:s * BK + BK], mbar=T.address_of(bars[s]))
    if ARCH >= 100:
        T.ptx.tcgen05.fence__after_thread_sync()
        C_tmem = T.decl_buffer((BM, BN), "float32", scope="tmem", layout=T.TileLayout(T.S[(BM, BN):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=slot[0])
        acc = T.alloc_local((BN,), "float32")
        if tid == 0:
            for kt in range(nk):
                st: T.let[T.int32] = kt % STAGES
                T.cuda.mbarrier_wait(T.address_of(bars[st]), (kt // STAGES) % 2)
                T.ptx.tcgen05.fence__after_thread_sync()
                T.tile.gemm_async(C_tmem[0:BM, 0:BN], ring[st, 0:BM, 0:BK], ring[st, BM:BM + BN, 0:BK], False, False, kt > 0)
                T.ptx.tcgen05.commit.cta_group__1.mbarrier__arrive__one.shared__cluster.b64(T.address_of(bars[STAGES + st]))
                if kt + STAGES < nk:
                    T.cuda.mbarrier_wait(T.address_of(bars[STAGES + st]), (kt // STAGES) % 2)
                    T.ptx.mbarrier.arrive.expect_tx.shared.b64(T.address_of(bars[st]), STAGE_BYTES)
                    T.tile.copy_async(ring[st, 0:BM, 0:BK], A[bm * BM:bm * BM + BM, (kt + STAGES) * BK:(kt + STAGES) * BK + BK], mbar=T.address_of(bars[st]))
                    T.tile.copy_async(ring[st, BM:BM + BN, 0:BK], B[bn * BN:bn * BN + BN, (kt + STAGES) * BK:(kt + STAGES) * BK + BK], mbar=T.address_of(bars[st]))
            T.ptx.tcgen05.commit.cta_group__1.mbarrier__arrive__one.shared__cluster.b64(T.address_of(bars[2 * STAGES]))
        T.cuda.mbarrier_wait(T.address_of(bars[2 * STAGES]), 0)
        T.ptx.tcgen05.fence__after_thread_sync()
        if wg == 0:
            T.ptx["tcgen05.ld.sync.aligned.32x32b.x64.b32"](acc[0], acc[1], acc[2], acc[3], acc[4], acc[5], acc[6], acc[7], acc[8], acc[9], acc[10], acc[11], acc[12], acc[13], acc[14], acc[15], acc[16], acc[17], acc[18], acc[19], acc[20], acc[21], acc[22], acc[23], acc[24], acc[25], acc[26], acc[27], acc[28], acc[29], acc[30], acc[31], acc[32], acc[33], acc[34], acc[35], acc[36], acc[37], acc[38], acc[39], acc[40], acc[41], acc[42], acc[43], acc[44], acc[45], acc[46], acc[47], acc[48], acc[49], acc[50], acc[51], acc[52], acc[53], acc[54], acc[55], acc[56], acc[57], acc[58], acc[59], acc[60], acc[61], acc[62], acc[63], slot[0] + T.uint32((warp * 32) << 16))
            T.ptx["tcgen05.ld.sync.aligned.32x32b.x64.b32"](acc[64], acc[65], acc[66], acc[67], acc[68], acc[69], acc[70], acc[71], acc[72], acc[73], acc[74], acc[75], acc[76], acc[77], acc[78], acc[79], acc[80], acc[81], acc[82], acc[83], acc[84], acc[85], acc[86], acc[87], acc[88], acc[89], acc[90], acc[91], acc[92], acc[93], acc[94], acc[95], acc[96], acc[97], acc[98], acc[99], acc[100], acc[101], acc[102], acc[103], acc[104], acc[105], acc[106], acc[107], acc[108], acc[109], acc[110], acc[111], acc[112], acc[113], acc[114], acc[115], acc[116], acc[117], acc[118], acc[119], acc[120], acc[121], acc[122], acc[123], acc[124], acc[125], acc[126], acc[127], slot[0] + T.uint32(((warp * 32) << 16) + 64))
            T.ptx.tcgen05.wait__ld.sync.aligned()
            for j in range(BN):
                C[bm * BM + warp * 32 + lane, bn * BN + j] = T.Cast(DT, acc[j])
        T.ptx.tcgen05.fence__before_thread_sync()
        T.cuda.cta_sync()
        if tid < 32:
            T.ptx.tcgen05.dealloc.cta_group__1.sync.aligned.b32(slot[0], T.uint32(BN))
    else:
        acc = T.alloc_buffer((64, BN), "float32", scope="local", layout=T.TileLayout(T.S[(4, 2, 8, BN // 8, 4, 2):(32 @ Axis.tid_in_wg, 2, 4 @ Axis.tid_in_wg, 4, 1 @ Axis.tid_in_wg, 1)]))
        out = T.alloc_buffer((64, BN), DT, scope="local", layout=T.TileLayout(T.S[(4, 2, 8, BN // 8, 4, 2):(32 @ Axis.tid_in_wg, 2, 4 @ Axis.tid_in_wg, 4, 1 @ Axis.tid_in_wg, 1)]))
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
