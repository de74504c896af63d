# A tensor-core GEMM with tile primitives only: C = A @ B^T (torch: a @ b.t()), A [M, K],
# B [N, K], C [M, N] in DT (float16 / bfloat16), float32 accumulation.
#
# Warp-specialized and persistent, the structure of examples/gemm/ws_persistent.py written with
# tile primitives: min(NSM, tiles) CTAs walk the BM x BN output tiles (tile t, t + NSM, ...;
# GROUP_M tile rows at a time for L2 reuse), each CTA with 3 warpgroups:
#   warpgroup 0, the producer (setmaxnreg.dec to 40 registers): one thread streams the K steps
#     of every tile the CTA owns into a STAGES-deep ring of 128B-swizzled shared tiles with
#     T.tile.copy_async (TMA: tma_auto plans the boxes and the tensor maps), after waiting for
#     the stage's "empty" mbarrier; the stage's "full" mbarrier completes on the bytes;
#   sm_90a, warpgroups 1 and 2, the consumers (setmaxnreg.inc to 232): each owns 64 rows of
#     the tile and issues T.wg.gemm_async on the stage (the wgmma variant: descriptors from
#     the ring's swizzled layout, m64n256k16, the accumulator fragment in registers) keeping
#     one wgmma group in flight (wait_group=1), and hands the previous stage back on its
#     "empty" mbarrier (one arrive per warpgroup).  Epilogue per tile: four 64 x 64 chunks,
#     each converted (T.wg.cast), written to one of two 128B-swizzled shared staging tiles
#     (T.wg.copy) and TMA-stored (T.tile.copy_async shared -> global, a bulk group), while the
#     producer already loads the next tile.
# Shared memory is one shared.dyn buffer (a kernel has one) of 128-byte rows: the ring's stages
# (A rows, then B rows) and after them the four staging tiles.
# M, N, K are module constants (multiples of BM, BN, BK): -D M=4096 -D N=4096 -D K=4096.
# On the H200: bench/gemm/tile_gemm.py (examples/gemm/README.md has the numbers).
#
# -D ARCH=100 builds the same kernel for sm_100a (tirx-llc --mcpu=sm_100a; not run here: the
# GPU machine is a Hopper): the producer and its ring are the same; the accumulator lives in
# tensor memory (tcgen05.alloc by warp 0), thread 0 of warpgroup 1 issues T.tile.gemm_async
# (the tcgen05 variant: tcgen05.mma.cta_group::1.kind::f16 m128n256 from the same swizzled
# descriptors), frees each stage with tcgen05.commit on its "empty" mbarrier and signals the
# finished tile on the "acc" mbarrier; warpgroup 1 then reads the tile back with tcgen05.ld
# (warp w: lanes 32w .. 32w + 31, rows of C) in 64-column chunks, casts and stores it, and
# syncs before the next tile's MMAs overwrite tensor memory (warpgroup 2 idles there).
M = 4096
N = 4096
K = 4096
DT = "float16"
NSM = 132
GROUP_M = 16
BM = 128
BN = 256
BK = 64
STAGES = 4
ARCH = 90
STAGE_BYTES = (BM + BN) * BK * 2
NUM_M = M // BM
NUM_N = N // BN
NK = K // BK
SR = BM + BN
EP = STAGES * SR


@T.macro
def epilogue_chunk(C, pool, acc, out, row, col, eb, sub, warp, lane, cw):
    # columns 64 sub .. 64 sub + 63 of a consumer's 64 x BN block (rows row .. row + 63 of C):
    # cast, written to staging tile eb, TMA-stored from it.  A macro called once per chunk
    # (sub a constant) rather than a T.unroll loop: tile-dispatch runs before unroll-loop, so
    # a loop variable in a region's start would be symbolic to it.
    # The store that read this staging tile two chunks ago has finished reading:
    if warp == 0 and lane == 0:
        T.ptx.cp.async_.bulk.wait_group.read(1)
    T.cuda.warpgroup_sync(1 + cw)
    T.wg.cast(out[0:64, 0:64], acc[0:64, sub * 64:sub * 64 + 64])
    T.wg.copy(pool[EP + eb * 64:EP + eb * 64 + 64, 0:BK], out[0:64, 0:64])
    T.ptx.fence.proxy.async_.shared__cta()
    T.cuda.warpgroup_sync(1 + cw)
    if warp == 0 and lane == 0:
        T.tile.copy_async(C[row:row + 64, col + sub * 64:col + sub * 64 + 64], pool[EP + eb * 64:EP + eb * 64 + 64, 0:BK])
        T.ptx.cp.async_.bulk.commit_group()


@T.prim_func
def gemm(A: T.Buffer((M, K), DT), B: T.Buffer((N, K), DT), C: T.Buffer((M, N), DT)):
    T.device_entry()
    bx = T.cta_id([min(NSM, NUM_M * NUM_N)])
    wg = T.warpgroup_id([3])
    warp = T.warp_id_in_wg([4])
    lane = T.lane_id([32])
    T.attr({"tirx.launch_bounds_min_blocks_per_sm": 1})
    # the one shared.dyn buffer, rows of BK elements (128 bytes), 128B-swizzled: stage s of the
    # ring is rows SR * s .. (A: BM rows, then B: BN rows); the epilogue's four 64 x 64
    # staging tiles follow the ring (rows EP + 64 e)
    pool = T.alloc_buffer((EP + 4 * 64, BK), DT, scope="shared.dyn", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(EP + 4 * 64, BK):(BK, 1)])))
    # bars[s]: stage s full; bars[STAGES + s]: stage s empty; bars[2 STAGES]: the tile's
    # accumulator is complete (sm_100a)
    bars = T.alloc_shared((2 * STAGES + 1,), "uint64")
    tid: T.let[T.int32] = wg * 128 + warp * 32 + lane
    # tiles owned by this CTA: bx, bx + NSM, ...
    ntile: T.let[T.int32] = (NUM_M * NUM_N - bx + NSM - 1) // NSM
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
    if wg == 0:
        T.ptx.setmaxnreg.dec.sync.aligned.u32(40)
        if warp == 0 and lane == 0:
            for ti in range(ntile):
                t: T.let[T.int32] = bx + ti * NSM
                first_m: T.let[T.int32] = t // (GROUP_M * NUM_N) * GROUP_M
                gm: T.let[T.int32] = T.min(NUM_M - first_m, GROUP_M)
                tm: T.let[T.int32] = first_m + t % (GROUP_M * NUM_N) % gm
                tn: T.let[T.int32] = t % (GROUP_M * NUM_N) // gm
                for kt in range(NK):
                    it: T.let[T.int32] = ti * NK + kt
                    s: T.let[T.int32] = it % STAGES
                    # a fresh barrier has completed "phase -1" (parity 1): the first round
                    # does not wait
                    T.cuda.mbarrier_wait(T.address_of(bars[STAGES + s]), (it // STAGES + 1) % 2)
                    T.ptx.mbarrier.arrive.expect_tx.shared.b64(T.address_of(bars[s]), STAGE_BYTES)
                    T.tile.copy_async(pool[s * SR:s * SR + BM, 0:BK], A[tm * BM:tm * BM + BM, kt * BK:kt * BK + BK], mbar=T.address_of(bars[s]))
                    T.tile.copy_async(pool[s * SR + BM:s * SR + BM + BN, 0:BK], B[tn * BN:tn * BN + BN, kt * BK:kt * BK + BK], mbar=T.address_of(bars[s]))
    else:
        T.ptx.setmaxnreg.inc.sync.aligned.u32(232)
        if ARCH >= 100:
            if wg == 1:
                C_tmem = T.decl_buffer((BM, BN), "float32", scope="tmem", layout=T.TileLayout(T.S[(BM, BN):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=slot[0])
                acc = T.alloc_local((64,), "float32")
                for ti in range(ntile):
                    t: T.let[T.int32] = bx + ti * NSM
                    first_m: T.let[T.int32] = t // (GROUP_M * NUM_N) * GROUP_M
                    gm: T.let[T.int32] = T.min(NUM_M - first_m, GROUP_M)
                    tm: T.let[T.int32] = first_m + t % (GROUP_M * NUM_N) % gm
                    tn: T.let[T.int32] = t % (GROUP_M * NUM_N) // gm
                    if warp == 0 and lane == 0:
                        for kt in range(NK):
                            it: T.let[T.int32] = ti * NK + kt
                            s: T.let[T.int32] = it % STAGES
                            T.cuda.mbarrier_wait(T.address_of(bars[s]), it // STAGES % 2)
                            T.ptx.tcgen05.fence__after_thread_sync()
                            T.tile.gemm_async(C_tmem[0:BM, 0:BN], pool[s * SR:s * SR + BM, 0:BK], pool[s * SR + BM:s * SR + BM + BN, 0:BK], False, False, kt > 0)
                            T.ptx.tcgen05.commit.cta_group__1.mbarrier__arrive__one.shared__cluster.b64(T.address_of(bars[STAGES + s]))
                        T.ptx.tcgen05.commit.cta_group__1.mbarrier__arrive__one.shared__cluster.b64(T.address_of(bars[2 * STAGES]))
                    T.cuda.mbarrier_wait(T.address_of(bars[2 * STAGES]), ti % 2)
                    T.ptx.tcgen05.fence__after_thread_sync()
                    for c in T.unroll(BN // 64):
                        T.ptx["tcgen05.ld.sync.aligned.32x32b.x64.b32"](acc[0], acc[1], acc[2], acc[3], acc[4], acc[5], acc[6], acc[7], acc[8], acc[9], acc[10], acc[11], acc[12], acc[13], acc[14], acc[15], acc[16], acc[17], acc[18], acc[19], acc[20], acc[21], acc[22], acc[23], acc[24], acc[25], acc[26], acc[27], acc[28], acc[29], acc[30], acc[31], acc[32], acc[33], acc[34], acc[35], acc[36], acc[37], acc[38], acc[39], acc[40], acc[41], acc[42], acc[43], acc[44], acc[45], acc[46], acc[47], acc[48], acc[49], acc[50], acc[51], acc[52], acc[53], acc[54], acc[55], acc[56], acc[57], acc[58], acc[59], acc[60], acc[61], acc[62], acc[63], slot[0] + T.uint32(((warp * 32) << 16) + c * 64))
                        T.ptx.tcgen05.wait__ld.sync.aligned()
                        for j in T.unroll(64):
                            C[tm * BM + warp * 32 + lane, tn * BN + c * 64 + j] = T.Cast(DT, acc[j])
                    # every read of tensor memory is done before the next tile's MMAs
                    T.ptx.tcgen05.fence__before_thread_sync()
                    T.cuda.warpgroup_sync(1)
        else:
            cw: T.let[T.int32] = wg - 1
            acc = T.alloc_buffer((64, BN), "float32", scope="local", layout=T.TileLayout(T.S[(4, 2, 8, BN // 8, 4, 2):(32 @ Axis.tid_in_wg, 2, 4 @ Axis.tid_in_wg, 4, 1 @ Axis.tid_in_wg, 1)]))
            out = T.alloc_buffer((64, 64), DT, scope="local", layout=T.TileLayout(T.S[(4, 2, 8, 8, 4, 2):(32 @ Axis.tid_in_wg, 2, 4 @ Axis.tid_in_wg, 4, 1 @ Axis.tid_in_wg, 1)]))
            for ti in range(ntile):
                t: T.let[T.int32] = bx + ti * NSM
                first_m: T.let[T.int32] = t // (GROUP_M * NUM_N) * GROUP_M
                gm: T.let[T.int32] = T.min(NUM_M - first_m, GROUP_M)
                tm: T.let[T.int32] = first_m + t % (GROUP_M * NUM_N) % gm
                tn: T.let[T.int32] = t % (GROUP_M * NUM_N) // gm
                for kt in range(NK):
                    it: T.let[T.int32] = ti * NK + kt
                    s: T.let[T.int32] = it % STAGES
                    T.cuda.mbarrier_wait(T.address_of(bars[s]), it // STAGES % 2)
                    T.wg.gemm_async(acc[0:64, 0:BN], pool[s * SR + cw * 64:s * SR + cw * 64 + 64, 0:BK], pool[s * SR + BM:s * SR + BM + BN, 0:BK], False, False, kt > 0, wait_group=1, fence_proxy=False)
                    # the previous K step's group retired: release its stage
                    if kt > 0 and warp == 0 and lane == 0:
                        T.ptx.mbarrier.arrive.shared.b64(T.address_of(bars[STAGES + (it - 1) % STAGES]))
                T.ptx.wgmma.wait_group.sync.aligned(0)
                if warp == 0 and lane == 0:
                    T.ptx.mbarrier.arrive.shared.b64(T.address_of(bars[STAGES + (ti * NK + NK - 1) % STAGES]))
                # BN // 64 == 4 chunks, alternating between the consumer's two staging tiles
                epilogue_chunk(C, pool, acc, out, tm * BM + cw * 64, tn * BN, cw * 2, 0, warp, lane, cw)
                epilogue_chunk(C, pool, acc, out, tm * BM + cw * 64, tn * BN, cw * 2 + 1, 1, warp, lane, cw)
                epilogue_chunk(C, pool, acc, out, tm * BM + cw * 64, tn * BN, cw * 2, 2, warp, lane, cw)
                epilogue_chunk(C, pool, acc, out, tm * BM + cw * 64, tn * BN, cw * 2 + 1, 3, warp, lane, cw)
            if warp == 0 and lane == 0:
                T.ptx.cp.async_.bulk.wait_group(0)
    if ARCH >= 100:
        T.cuda.cta_sync()
        if tid < 32:
            T.ptx.tcgen05.dealloc.cta_group__1.sync.aligned.b32(slot[0], T.uint32(BN))
