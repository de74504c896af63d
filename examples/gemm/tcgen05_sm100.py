# Rung 5 of the GEMM ladder, Blackwell (sm_100a; compile-only here: the H200 cannot run it).
#
#   C[M, N] = A[M, K] @ B[N, K]^T      (torch: a @ b.t()), fp32 accumulation
#
# DT selects the input/output type: -D DT='"float16"' (default) or '"bfloat16"'.
# One CTA of 4 warps computes a 128 x 256 tile with the 5th-generation tensor cores:
#   warp 0 allocates 256 TMEM columns (the fp32 accumulator: 128 lanes = rows, 256
#     columns) and, one elected lane, streams A/B k-tiles into a 4-stage ring of
#     128B-swizzled shared memory with TMA ("full" mbarriers complete on the bytes);
#   warp 1, one elected lane, issues tcgen05.mma.cta_group::1.kind::f16 (M = 128,
#     N = 256, K = 16 per instruction) from shared-memory descriptors into TMEM and
#     frees each stage with tcgen05.commit on its "empty" mbarrier, and the whole tile
#     with a commit on the "done" mbarrier;
#   all 4 warps then read TMEM back (tcgen05.ld.32x32b.x64: warp w reads lanes
#     32w .. 32w+31, i.e. rows), convert and store.
# tcgen05_sm100_2cta, below, is the CTA-pair version (cta_group::2, M = 256 per MMA).
# M, N, K symbolic (TMA zero-fills loads; stores are guarded); K a multiple of 8.
DT = "float16"
BM = 128
BN = 256
BK = 64
STAGES = 4
A_BYTES = BM * BK * 2
B_BYTES = BN * BK * 2
SMEM_B = STAGES * A_BYTES
SMEM_BAR = SMEM_B + STAGES * B_BYTES
# full[STAGES], empty[STAGES], done, then the u32 TMEM slot
SMEM_SLOT = SMEM_BAR + (2 * STAGES + 1) * 8
SMEM_TOTAL = SMEM_SLOT + 8
# kind::f16 instruction descriptor: D f32 (bit 4), A/B format (bits 7, 10: 0 f16,
# 1 bf16), both K-major, N >> 3 at bit 17, M >> 4 at bit 24
AB_FMT = 0 if DT == "float16" else 1
IDESC = (1 << 4) | (AB_FMT << 7) | (AB_FMT << 10) | ((BN >> 3) << 17) | ((BM >> 4) << 24)


@T.prim_func
def tcgen05_sm100(a: T.handle, b: T.handle, c: T.handle):
    M = T.int32()
    N = T.int32()
    K = T.int32()
    A = T.match_buffer(a, (M, K), DT)
    B = T.match_buffer(b, (N, K), DT)
    C = T.match_buffer(c, (M, N), DT)
    A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, DT, 2, A.data,
                  K, M, K * 2, BK, BM, 1, 1, 0, 3, 2, 0)
    B_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", B_map, DT, 2, B.data,
                  K, N, K * 2, BK, BN, 1, 1, 0, 3, 2, 0)
    T.device_entry()
    bn, bm = T.cta_id([T.ceildiv(N, BN), T.ceildiv(M, BM)])
    warp = T.warp_id([4])
    lane = T.lane_id([32])
    pool = T.alloc_buffer((SMEM_TOTAL,), "uint8", scope="shared.dyn", align=1024)
    bars = T.decl_buffer((2 * STAGES + 1,), "uint64", data=pool.data,
                         elem_offset=SMEM_BAR // 8, scope="shared.dyn")
    slot = T.decl_buffer((1,), "uint32", data=pool.data,
                         elem_offset=SMEM_SLOT // 4, scope="shared.dyn")
    acc = T.alloc_local((64,), "float32")
    sbase: T.let[T.uint32] = T.cuda.cvta_generic_to_shared(pool.data)
    nk: T.let[T.int32] = T.ceildiv(K, BK)

    if warp == 0:
        T.ptx.tcgen05.alloc.cta_group__1.sync.aligned.shared__cta.b32(T.address_of(slot[0]), T.uint32(BN))
        if lane == 0:
            for s in T.unroll(STAGES):
                T.ptx.mbarrier.init.shared.b64(T.address_of(bars[s]), 1)
                T.ptx.mbarrier.init.shared.b64(T.address_of(bars[STAGES + s]), 1)
            T.ptx.mbarrier.init.shared.b64(T.address_of(bars[2 * STAGES]), 1)
            T.ptx.fence.mbarrier_init.release.cluster()
            T.ptx.fence.proxy.async_.shared__cta()
    T.ptx.tcgen05.fence__before_thread_sync()
    T.cuda.cta_sync()
    T.ptx.tcgen05.fence__after_thread_sync()
    tmem: T.let[T.uint32] = slot[0]

    if warp == 0 and lane == 0:
        for kt in range(nk):
            s: T.let[T.int32] = kt % STAGES
            T.cuda.mbarrier_wait(T.address_of(bars[STAGES + s]), (kt // STAGES + 1) % 2)
            T.ptx.mbarrier.arrive.expect_tx.shared.b64(T.address_of(bars[s]), A_BYTES + B_BYTES)
            T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"](
                sbase + s * A_BYTES, T.address_of(A_map), kt * BK, bm * BM, T.address_of(bars[s]))
            T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"](
                sbase + SMEM_B + s * B_BYTES, T.address_of(B_map), kt * BK, bn * BN, T.address_of(bars[s]))
    elif warp == 1 and lane == 0:
        # tcgen05 shared-memory descriptors, K-major SWIZZLE_128B: start >> 4, LBO 1,
        # SBO 1024 B >> 4, version 1 (bit 46), layout type 2 (bits 61-63)
        desc_hi: T.let[T.uint64] = (T.uint64(1) << T.uint64(16)) | (T.uint64(64) << T.uint64(32)) | (T.uint64(1) << T.uint64(46)) | (T.uint64(2) << T.uint64(61))
        for kt in range(nk):
            s: T.let[T.int32] = kt % STAGES
            T.cuda.mbarrier_wait(T.address_of(bars[s]), kt // STAGES % 2)
            T.ptx.tcgen05.fence__after_thread_sync()
            da: T.let[T.uint64] = desc_hi | T.Cast("uint64", ((sbase + s * A_BYTES) & T.uint32(0x3FFFF)) >> T.uint32(4))
            db: T.let[T.uint64] = desc_hi | T.Cast("uint64", ((sbase + SMEM_B + s * B_BYTES) & T.uint32(0x3FFFF)) >> T.uint32(4))
            for kk in T.unroll(BK // 16):
                T.ptx.tcgen05.mma.cta_group__1.kind__f16(
                    tmem, da + T.uint64(2 * kk), db + T.uint64(2 * kk), T.uint32(IDESC),
                    T.uint32(0), T.uint32(0), T.uint32(0), T.uint32(0), kt > 0 or kk > 0)
            # the stage is free once these MMAs have read it
            T.ptx.tcgen05.commit.cta_group__1.mbarrier__arrive__one.shared__cluster.b64(T.address_of(bars[STAGES + s]))
        T.ptx.tcgen05.commit.cta_group__1.mbarrier__arrive__one.shared__cluster.b64(T.address_of(bars[2 * STAGES]))

    # epilogue: TMEM lane = row; warp w owns rows 32w .. 32w+31, 64 columns per tcgen05.ld
    T.cuda.mbarrier_wait(T.address_of(bars[2 * STAGES]), 0)
    T.ptx.tcgen05.fence__after_thread_sync()
    row: T.let[T.int32] = bm * BM + warp * 32 + lane
    for ch in T.unroll(BN // 64):
        T.ptx["tcgen05.ld.sync.aligned.32x32b.x64.b32"](
            acc[0], acc[1], acc[2], acc[3], acc[4], acc[5], acc[6], acc[7], acc[8], acc[9], acc[10], acc[11], acc[12], acc[13], acc[14], acc[15], acc[16], acc[17], acc[18], acc[19], acc[20], acc[21], acc[22], acc[23], acc[24], acc[25], acc[26], acc[27], acc[28], acc[29], acc[30], acc[31], acc[32], acc[33], acc[34], acc[35], acc[36], acc[37], acc[38], acc[39], acc[40], acc[41], acc[42], acc[43], acc[44], acc[45], acc[46], acc[47], acc[48], acc[49], acc[50], acc[51], acc[52], acc[53], acc[54], acc[55], acc[56], acc[57], acc[58], acc[59], acc[60], acc[61], acc[62], acc[63], tmem + T.uint32(((warp * 32) << 16) + ch * 64))
        T.ptx.tcgen05.wait__ld.sync.aligned()
        for i in T.unroll(64):
            if row < M and bn * BN + ch * 64 + i < N:
                C[row, bn * BN + ch * 64 + i] = T.Cast(DT, acc[i])
    T.ptx.tcgen05.fence__before_thread_sync()
    T.cuda.cta_sync()
    if warp == 0:
        T.ptx.tcgen05.relinquish_alloc_permit.cta_group__1.sync.aligned()
        T.ptx.tcgen05.dealloc.cta_group__1.sync.aligned.b32(tmem, T.uint32(BN))


# ---------------------------------------------------------------------------------------
# The same GEMM on a CTA pair (cta_group::2): a cluster of 2 CTAs computes a 256 x 256
# tile.  CTA rank r holds rows 128r .. 128r+127 of the pair's A k-tile and rows
# 128r .. 128r+127 of its B k-tile (N half) in its own ring; both CTAs' TMA loads
# (.cta_group::2) complete on the leader's (rank 0) "full" mbarrier, which expects the
# pair's 64 KiB.  The leader's warp 1 issues tcgen05.mma.cta_group::2 with M = 256
# (each CTA's TMEM receives its 128 rows x 256 fp32 columns) and frees a stage in both
# CTAs with one multicast tcgen05.commit (mask 0b11); a last multicast commit signals
# both CTAs' "done" mbarriers.  TMEM is allocated and freed pairwise (cta_group::2 by
# warp 0 of each CTA).
IDESC2 = (1 << 4) | (AB_FMT << 7) | (AB_FMT << 10) | ((BN >> 3) << 17) | ((2 * BM >> 4) << 24)
B2_BYTES = BN // 2 * BK * 2
SMEM2_B = STAGES * A_BYTES
SMEM2_BAR = SMEM2_B + STAGES * B2_BYTES
SMEM2_SLOT = SMEM2_BAR + (2 * STAGES + 1) * 8
SMEM2_TOTAL = SMEM2_SLOT + 8


@T.prim_func
def tcgen05_sm100_2cta(a: T.handle, b: T.handle, c: T.handle):
    M = T.int32()
    N = T.int32()
    K = T.int32()
    A = T.match_buffer(a, (M, K), DT)
    B = T.match_buffer(b, (N, K), DT)
    C = T.match_buffer(c, (M, N), DT)
    A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, DT, 2, A.data,
                  K, M, K * 2, BK, BM, 1, 1, 0, 3, 2, 0)
    B_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", B_map, DT, 2, B.data,
                  K, N, K * 2, BK, BN // 2, 1, 1, 0, 3, 2, 0)
    T.device_entry()
    rank = T.cta_id_in_cluster([2])
    bx, bn = T.cta_id([2 * T.ceildiv(M, 2 * BM), T.ceildiv(N, BN)])
    warp = T.warp_id([4])
    lane = T.lane_id([32])
    pool = T.alloc_buffer((SMEM2_TOTAL,), "uint8", scope="shared.dyn", align=1024)
    bars = T.decl_buffer((2 * STAGES + 1,), "uint64", data=pool.data,
                         elem_offset=SMEM2_BAR // 8, scope="shared.dyn")
    slot = T.decl_buffer((1,), "uint32", data=pool.data,
                         elem_offset=SMEM2_SLOT // 4, scope="shared.dyn")
    acc = T.alloc_local((64,), "float32")
    lbar = T.alloc_local((1,), "uint32")
    sbase: T.let[T.uint32] = T.cuda.cvta_generic_to_shared(pool.data)
    nk: T.let[T.int32] = T.ceildiv(K, BK)
    row0: T.let[T.int32] = bx // 2 * (2 * BM) + rank * BM

    if warp == 0:
        T.ptx.tcgen05.alloc.cta_group__2.sync.aligned.shared__cta.b32(T.address_of(slot[0]), T.uint32(BN))
        if lane == 0:
            for s in T.unroll(STAGES):
                T.ptx.mbarrier.init.shared.b64(T.address_of(bars[s]), 1)
                T.ptx.mbarrier.init.shared.b64(T.address_of(bars[STAGES + s]), 1)
            T.ptx.mbarrier.init.shared.b64(T.address_of(bars[2 * STAGES]), 1)
            T.ptx.fence.mbarrier_init.release.cluster()
            T.ptx.fence.proxy.async_.shared__cta()
    T.ptx.tcgen05.fence__before_thread_sync()
    # the peer's loads and commits target our barriers from now on
    T.cuda.cluster_sync()
    T.ptx.tcgen05.fence__after_thread_sync()
    tmem: T.let[T.uint32] = slot[0]

    if warp == 0 and lane == 0:
        for kt in range(nk):
            s: T.let[T.int32] = kt % STAGES
            T.cuda.mbarrier_wait(T.address_of(bars[STAGES + s]), (kt // STAGES + 1) % 2)
            if rank == 0:
                T.ptx.mbarrier.arrive.expect_tx.shared.b64(T.address_of(bars[s]), 2 * (A_BYTES + B2_BYTES))
            # the leader's full barrier, in the cluster's shared window
            T.ptx.mapa.shared__cluster.u32(lbar[0], T.cuda.cvta_generic_to_shared(T.address_of(bars[s])), T.uint32(0))
            T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.cta_group::2"](
                sbase + s * A_BYTES, T.address_of(A_map), kt * BK, row0, lbar[0])
            T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.cta_group::2"](
                sbase + SMEM2_B + s * B2_BYTES, T.address_of(B_map), kt * BK, bn * BN + rank * (BN // 2), lbar[0])
    elif warp == 1 and lane == 0 and rank == 0:
        desc_hi: T.let[T.uint64] = (T.uint64(1) << T.uint64(16)) | (T.uint64(64) << T.uint64(32)) | (T.uint64(1) << T.uint64(46)) | (T.uint64(2) << T.uint64(61))
        for kt in range(nk):
            s: T.let[T.int32] = kt % STAGES
            T.cuda.mbarrier_wait(T.address_of(bars[s]), kt // STAGES % 2)
            T.ptx.tcgen05.fence__after_thread_sync()
            da: T.let[T.uint64] = desc_hi | T.Cast("uint64", ((sbase + s * A_BYTES) & T.uint32(0x3FFFF)) >> T.uint32(4))
            db: T.let[T.uint64] = desc_hi | T.Cast("uint64", ((sbase + SMEM2_B + s * B2_BYTES) & T.uint32(0x3FFFF)) >> T.uint32(4))
            for kk in T.unroll(BK // 16):
                T.ptx.tcgen05.mma.cta_group__2.kind__f16(
                    tmem, da + T.uint64(2 * kk), db + T.uint64(2 * kk), T.uint32(IDESC2),
                    T.uint32(0), T.uint32(0), T.uint32(0), T.uint32(0),
                    T.uint32(0), T.uint32(0), T.uint32(0), T.uint32(0), kt > 0 or kk > 0)
            # free the stage in both CTAs once these MMAs have read it
            T.ptx.tcgen05.commit.cta_group__2.mbarrier__arrive__one.shared__cluster.multicast__cluster.b64(
                T.address_of(bars[STAGES + s]), T.uint16(3))
        T.ptx.tcgen05.commit.cta_group__2.mbarrier__arrive__one.shared__cluster.multicast__cluster.b64(
            T.address_of(bars[2 * STAGES]), T.uint16(3))

    T.cuda.mbarrier_wait(T.address_of(bars[2 * STAGES]), 0)
    T.ptx.tcgen05.fence__after_thread_sync()
    row: T.let[T.int32] = row0 + warp * 32 + lane
    for ch in T.unroll(BN // 64):
        T.ptx["tcgen05.ld.sync.aligned.32x32b.x64.b32"](
            acc[0], acc[1], acc[2], acc[3], acc[4], acc[5], acc[6], acc[7], acc[8], acc[9], acc[10], acc[11], acc[12], acc[13], acc[14], acc[15], acc[16], acc[17], acc[18], acc[19], acc[20], acc[21], acc[22], acc[23], acc[24], acc[25], acc[26], acc[27], acc[28], acc[29], acc[30], acc[31], acc[32], acc[33], acc[34], acc[35], acc[36], acc[37], acc[38], acc[39], acc[40], acc[41], acc[42], acc[43], acc[44], acc[45], acc[46], acc[47], acc[48], acc[49], acc[50], acc[51], acc[52], acc[53], acc[54], acc[55], acc[56], acc[57], acc[58], acc[59], acc[60], acc[61], acc[62], acc[63], tmem + T.uint32(((warp * 32) << 16) + ch * 64))
        T.ptx.tcgen05.wait__ld.sync.aligned()
        for i in T.unroll(64):
            if row < M and bn * BN + ch * 64 + i < N:
                C[row, bn * BN + ch * 64 + i] = T.Cast(DT, acc[i])
    T.ptx.tcgen05.fence__before_thread_sync()
    # both CTAs are done with the pair's TMEM before it is freed
    T.cuda.cluster_sync()
    if warp == 0:
        T.ptx.tcgen05.relinquish_alloc_permit.cta_group__2.sync.aligned()
        T.ptx.tcgen05.dealloc.cta_group__2.sync.aligned.b32(tmem, T.uint32(BN))
