# Rung 3 of the attention ladder: FlashAttention-3 structure, warp-specialized (sm_90a).
#
#   O[b, i, h, :] = softmax(scale * Q[b, i, h, :] . K[b, j, hk, :]^T over j) @ V[b, :, hk, :]
#   LSE[b, h, i]  = log(sum_j exp(scale * Q[b, i, h, :] . K[b, j, hk, :]))   (natural log)
#
# Same interface as rungs 1 and 2 (BSHD layouts, LSE [B, Hq, Sq] float32, GQA / MQA,
# -D DT, -D D=64|128, -D CAUSAL=True bottom-right aligned, rows with no key: O = 0 and
# LSE = +inf).  -D BN=... sets the keys a tile (default 128; a multiple of 16, <= 256).
#
# A CTA of 3 warpgroups takes BM = 128 query rows of one (batch, q head):
#   warpgroup 0, the producer: setmaxnreg.dec to 24 registers; one thread loads Q once
#     and streams K and V tiles (BN keys) by 4-D TMA into a STAGES-deep ring of
#     128B-swizzled shared memory; K and V have their own full / empty mbarriers, so the
#     QK^T of a tile starts as soon as its K has landed;
#   warpgroups 1 and 2, the consumers: setmaxnreg.inc to 240 registers; each owns 64 of
#     the 128 rows (S = Q K^T on wgmma m64nBNk16 from descriptors, O += P V on wgmma
#     m64nDk16 with P from registers, as rung 2).
# Two overlaps hide the softmax behind the tensor cores:
#   * intra-warpgroup: round j issues the QK^T of tile j and the PV of tile j - 1 back to
#     back; `wgmma.wait_group 1` waits for QK^T only, so the mask / max / exp2 of tile j
#     run while PV of tile j - 1 is still on the tensor cores; `wait_group 0` then
#     releases V, O is rescaled and P packed;
#   * inter-warpgroup ping-pong: a consumer issues a round's wgmma only on its turn
#     (named barrier 3 + cw, `bar.sync id, 256`) and hands the turn to the other one
#     (`bar.arrive`) right after issuing, so one warpgroup's softmax runs while the other
#     warpgroup's GEMMs keep the tensor cores busy.
# Causal CTAs stop at the last tile any of their rows sees.  Epilogue: each consumer
# writes O (divided by the row sum, to DT) into its own 64 rows of the Q buffer in the
# TMA's swizzled layout and stores it with one TMA store per 64 columns (rows past Sq
# are clipped by the TMA unit); LSE by one lane a row.
import math

DT = "float16"
D = 128
CAUSAL = False
BN = 128
STAGES = 2
BM = 128
DB = D // 64  # 128-byte column blocks a row
Q_BYTES = BM * D * 2
KV_BYTES = BN * D * 2  # one K (or V) stage
SMEM_K = Q_BYTES
SMEM_V = SMEM_K + STAGES * KV_BYTES
SMEM_BAR = SMEM_V + STAGES * KV_BYTES
# mbarriers: fullK[STAGES], fullV[STAGES], emptyK[STAGES], emptyV[STAGES], Q
NBAR = 4 * STAGES + 1
SMEM_TOTAL = SMEM_BAR + NBAR * 8
SL2 = math.log2(math.e) / math.sqrt(D)
SCALE = 1.0 / math.sqrt(D)
LN2 = math.log(2.0)
AB = "f16" if DT == "float16" else "bf16"
WG_QK = "wgmma.mma_async.sync.aligned.m64n" + str(BN) + "k16.f32." + AB + "." + AB
WG_PV = "wgmma.mma_async.sync.aligned.m64n" + str(D) + "k16.f32." + AB + "." + AB
TMA4 = "cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
TMA4_ST = "cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group"
FK = 0
FV = STAGES
EK = 2 * STAGES
EV = 3 * STAGES
QB = 4 * STAGES


@T.macro
def qk_gemm(s, sbase, cw, st, desc_k):
    for kk in T.unroll(D // 16):
        da: T.let[T.uint64] = desc_k | T.Cast("uint64", ((sbase + (kk // 4) * BM * 128 + cw * 64 * 128 + 32 * (kk % 4)) & T.uint32(0x3FFFF)) >> T.uint32(4))
        db: T.let[T.uint64] = desc_k | T.Cast("uint64", ((sbase + SMEM_K + st * KV_BYTES + (kk // 4) * BN * 128 + 32 * (kk % 4)) & T.uint32(0x3FFFF)) >> T.uint32(4))
        T.ptx[WG_QK](*[s[i] for i in range(BN // 2)], da, db, kk > 0, 1, 1, 0, 0)


@T.macro
def pv_gemm(acc, pf, sbase, st, desc_v):
    for kk in T.unroll(BN // 16):
        dv: T.let[T.uint64] = desc_v | T.Cast("uint64", ((sbase + SMEM_V + st * KV_BYTES + kk * 16 * 128) & T.uint32(0x3FFFF)) >> T.uint32(4))
        T.ptx[WG_PV](*[acc[i] for i in range(D // 2)], pf[4 * kk], pf[4 * kk + 1], pf[4 * kk + 2], pf[4 * kk + 3], dv, True, 1, 1, 1)


@T.macro
def softmax_tile(s, mrow, lrow, red, alpha, n0, wr0, g, t4, Skv, off):
    # mask: keys past Skv, and (causal) above the diagonal, where the warp needs it
    need: T.let[T.bool] = (n0 + BN > Skv) or (CAUSAL and n0 + BN - 1 > wr0 + off)
    if need:
        for jn in T.unroll(BN // 8):
            for vv in T.unroll(2):
                for hh in T.unroll(2):
                    mc: T.let[T.int32] = n0 + 8 * jn + 2 * t4 + hh
                    mr: T.let[T.int32] = wr0 + g + 8 * vv
                    if CAUSAL:
                        s[4 * jn + 2 * vv + hh] = T.Select(mc < Skv and mc <= mr + off, s[4 * jn + 2 * vv + hh], T.float32("-inf"))
                    else:
                        s[4 * jn + 2 * vv + hh] = T.Select(mc < Skv, s[4 * jn + 2 * vv + hh], T.float32("-inf"))
    # online softmax in the exp2 domain (rows g, g + 8 of the warp; a quad holds a row)
    for vv in T.unroll(2):
        red[vv] = mrow[vv]
        for jn in T.unroll(BN // 8):
            for hh in T.unroll(2):
                red[vv] = T.max(red[vv], s[4 * jn + 2 * vv + hh])
        red[vv] = T.max(red[vv], T.tvm_warp_shuffle_xor(0xFFFFFFFF, red[vv], 1, 32, 32))
        red[vv] = T.max(red[vv], T.tvm_warp_shuffle_xor(0xFFFFFFFF, red[vv], 2, 32, 32))
    for vv in T.unroll(2):
        ms: T.let[T.float32] = T.Select(red[vv] == T.float32("-inf"), T.float32(0), red[vv] * T.float32(SL2))
        alpha[vv] = T.ptx.ex2.approx.ftz.f32(mrow[vv] * T.float32(SL2) - ms)
        mrow[vv] = red[vv]
        lrow[vv] = lrow[vv] * alpha[vv]
        for jn in T.unroll(BN // 8):
            for hh in T.unroll(2):
                s[4 * jn + 2 * vv + hh] = T.ptx.ex2.approx.ftz.f32(s[4 * jn + 2 * vv + hh] * T.float32(SL2) - ms)
                lrow[vv] = lrow[vv] + s[4 * jn + 2 * vv + hh]


@T.macro
def rescale_pack(s, acc, pf, alpha):
    for vv in T.unroll(2):
        for dj in T.unroll(D // 8):
            for hh in T.unroll(2):
                acc[4 * dj + 2 * vv + hh] = acc[4 * dj + 2 * vv + hh] * alpha[vv]
    # P to DT: the A fragment of keys 16 kk .. 16 kk + 15 is s[8 kk .. 8 kk + 7]
    for kk in T.unroll(BN // 16):
        for w in T.unroll(4):
            if DT == "float16":
                T.ptx.cvt.rn.f16x2.f32(pf[4 * kk + w], s[8 * kk + 2 * w + 1], s[8 * kk + 2 * w])
            else:
                T.ptx.cvt.rn.bf16x2.f32(pf[4 * kk + w], s[8 * kk + 2 * w + 1], s[8 * kk + 2 * w])


@T.prim_func
def fa3_ws(q: T.handle, k: T.handle, v: T.handle, o: T.handle, lse: T.handle):
    B = T.int32()
    Sq = T.int32()
    Skv = T.int32()
    Hq = T.int32()
    Hkv = T.int32()
    Q = T.match_buffer(q, (B, Sq, Hq, D), DT)
    K = T.match_buffer(k, (B, Skv, Hkv, D), DT)
    # V.shape[2] is Hkv exactly when Hkv divides Hq: such calls are refused before the launch
    V = T.match_buffer(v, (B, Skv, Hkv + Hq % Hkv, D), DT)
    O = T.match_buffer(o, (B, Sq, Hq, D), DT)
    LSE = T.match_buffer(lse, (B, Hq, Sq), "float32")
    # 4-D maps, innermost first: (D, heads, sequence, batch); 128B swizzle, L2 promotion
    # 128B, zero fill out of bounds.  Q: boxes 64 x 1 x BM x 1; K, V: 64 x 1 x BN x 1;
    # O (stores): 64 x 1 x 64 x 1, one consumer's rows
    Q_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", Q_map, DT, 4, Q.data,
                  D, Hq, Sq, B, D * 2, Hq * D * 2, Sq * Hq * D * 2,
                  64, 1, BM, 1, 1, 1, 1, 1, 0, 3, 2, 0)
    K_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", K_map, DT, 4, K.data,
                  D, Hkv, Skv, B, D * 2, Hkv * D * 2, Skv * Hkv * D * 2,
                  64, 1, BN, 1, 1, 1, 1, 1, 0, 3, 2, 0)
    V_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", V_map, DT, 4, V.data,
                  D, Hkv, Skv, B, D * 2, Hkv * D * 2, Skv * Hkv * D * 2,
                  64, 1, BN, 1, 1, 1, 1, 1, 0, 3, 2, 0)
    O_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", O_map, DT, 4, O.data,
                  D, Hq, Sq, B, D * 2, Hq * D * 2, Sq * Hq * D * 2,
                  64, 1, 64, 1, 1, 1, 1, 1, 0, 3, 2, 0)
    T.device_entry()
    qb, h, b = T.cta_id([T.ceildiv(Sq, BM), Hq, B])
    wg = T.warpgroup_id([3])
    warp = T.warp_id_in_wg([4])
    lane = T.lane_id([32])
    T.attr({"tirx.launch_bounds_min_blocks_per_sm": 1})
    pool = T.alloc_buffer((SMEM_TOTAL,), "uint8", scope="shared.dyn", align=1024)
    bars = T.decl_buffer((NBAR,), "uint64", data=pool.data, elem_offset=SMEM_BAR // 8,
                         scope="shared.dyn")
    # the Q buffer as words: the O staging of the epilogue
    q32 = T.decl_buffer((Q_BYTES // 4,), "uint32", data=pool.data, elem_offset=0,
                        scope="shared.dyn")
    sbase: T.let[T.uint32] = T.cuda.cvta_generic_to_shared(pool.data)
    hk: T.let[T.int32] = h // (Hq // Hkv)
    m0: T.let[T.int32] = qb * BM
    off: T.let[T.int32] = Skv - Sq
    kv_end: T.let[T.int32] = T.min(Skv, T.max(m0 + BM + off, 0)) if CAUSAL else Skv
    nkv: T.let[T.int32] = T.ceildiv(kv_end, BN)

    if wg == 0 and warp == 0 and lane == 0:
        for i in T.unroll(STAGES):
            T.ptx.mbarrier.init.shared.b64(T.address_of(bars[FK + i]), 1)
            T.ptx.mbarrier.init.shared.b64(T.address_of(bars[FV + i]), 1)
            T.ptx.mbarrier.init.shared.b64(T.address_of(bars[EK + i]), 2)
            T.ptx.mbarrier.init.shared.b64(T.address_of(bars[EV + i]), 2)
        T.ptx.mbarrier.init.shared.b64(T.address_of(bars[QB]), 1)
        T.ptx.fence.mbarrier_init.release.cluster()
        T.ptx.fence.proxy.async_.shared__cta()
    T.cuda.cta_sync()

    if wg == 0:
        T.ptx.setmaxnreg.dec.sync.aligned.u32(24)
        if warp == 0 and lane == 0 and nkv > 0:
            T.ptx.mbarrier.arrive.expect_tx.shared.b64(T.address_of(bars[QB]), Q_BYTES)
            for c in T.unroll(DB):
                T.ptx[TMA4](sbase + c * BM * 128, T.address_of(Q_map), 64 * c, h, m0, b,
                            T.address_of(bars[QB]))
            for j in range(nkv):
                st: T.let[T.int32] = j % STAGES
                # a fresh barrier has completed "phase -1" (parity 1): round 0 does not wait
                ph: T.let[T.int32] = (j // STAGES + 1) % 2
                T.cuda.mbarrier_wait(T.address_of(bars[EK + st]), ph)
                T.ptx.mbarrier.arrive.expect_tx.shared.b64(T.address_of(bars[FK + st]), KV_BYTES)
                for c in T.unroll(DB):
                    T.ptx[TMA4](sbase + SMEM_K + st * KV_BYTES + c * BN * 128, T.address_of(K_map),
                                64 * c, hk, j * BN, b, T.address_of(bars[FK + st]))
                T.cuda.mbarrier_wait(T.address_of(bars[EV + st]), ph)
                T.ptx.mbarrier.arrive.expect_tx.shared.b64(T.address_of(bars[FV + st]), KV_BYTES)
                for c in T.unroll(DB):
                    T.ptx[TMA4](sbase + SMEM_V + st * KV_BYTES + c * BN * 128, T.address_of(V_map),
                                64 * c, hk, j * BN, b, T.address_of(bars[FV + st]))
    else:
        T.ptx.setmaxnreg.inc.sync.aligned.u32(240)
        cw: T.let[T.int32] = wg - 1
        s = T.alloc_local((BN // 2,), "float32")
        acc = T.alloc_local((D // 2,), "float32")
        pf = T.alloc_local((BN // 4,), "uint32")
        mrow = T.alloc_local((2,), "float32")
        lrow = T.alloc_local((2,), "float32")
        red = T.alloc_local((2,), "float32")
        alpha = T.alloc_local((2,), "float32")
        wr0: T.let[T.int32] = m0 + cw * 64 + warp * 16
        g: T.let[T.int32] = lane // 4
        t4: T.let[T.int32] = lane % 4
        one: T.let[T.bool] = warp == 0 and lane == 0
        # the named barriers of the ping-pong: 3 + cw is this consumer's turn
        my_bar: T.let[T.uint32] = T.Cast("uint32", 3 + cw)
        other_bar: T.let[T.uint32] = T.Cast("uint32", 4 - cw)
        for i in T.unroll(D // 2):
            acc[i] = T.float32(0)
        for vv in T.unroll(2):
            mrow[vv] = T.float32("-inf")
            lrow[vv] = T.float32(0)
        # K-major SW128 descriptors (Q, K): LBO 16 B (unused), SBO 1024 B >> 4 = 64, layout 1
        desc_k: T.let[T.uint64] = (T.uint64(64) << T.uint64(32)) | (T.uint64(1) << T.uint64(62)) | (T.uint64(1) << T.uint64(16))
        # MN-major SW128 descriptor (V): LBO = BN * 128 B between the 64-column blocks
        desc_v: T.let[T.uint64] = (T.uint64(64) << T.uint64(32)) | (T.uint64(1) << T.uint64(62)) | (T.uint64(BN * 128 // 16) << T.uint64(16))
        if nkv > 0:
            # consumer 0 takes the first turn
            if cw == 1:
                T.ptx.bar.arrive(T.uint32(3), T.uint32(256))
            T.cuda.mbarrier_wait(T.address_of(bars[QB]), 0)
            # round 0: S = Q K_0^T
            T.cuda.mbarrier_wait(T.address_of(bars[FK]), 0)
            T.ptx.bar.sync(my_bar, T.uint32(256))
            T.ptx.wgmma.fence.sync.aligned()
            qk_gemm(s, sbase, cw, 0, desc_k)
            T.ptx.wgmma.commit_group.sync.aligned()
            T.ptx.bar.arrive(other_bar, T.uint32(256))
            T.ptx.wgmma.wait_group.sync.aligned(0)
            for i in T.unroll(BN // 2):
                T.cuda.wgmma.noop_barrier(s[i])
            if one:
                T.ptx.mbarrier.arrive.shared.b64(T.address_of(bars[EK]))
            softmax_tile(s, mrow, lrow, red, alpha, 0, wr0, g, t4, Skv, off)
            rescale_pack(s, acc, pf, alpha)
            # round j: S = Q K_j^T and O += P_{j-1} V_{j-1}; the softmax of tile j overlaps the PV
            for j in range(1, nkv):
                st: T.let[T.int32] = j % STAGES
                pst: T.let[T.int32] = (j - 1) % STAGES
                T.cuda.mbarrier_wait(T.address_of(bars[FK + st]), (j // STAGES) % 2)
                T.ptx.bar.sync(my_bar, T.uint32(256))
                T.ptx.wgmma.fence.sync.aligned()
                qk_gemm(s, sbase, cw, st, desc_k)
                T.ptx.wgmma.commit_group.sync.aligned()
                T.cuda.mbarrier_wait(T.address_of(bars[FV + pst]), ((j - 1) // STAGES) % 2)
                # (the wait loop is control flow between the fence and this wgmma: ptxas
                # would inject this fence itself, C7519)
                T.ptx.wgmma.fence.sync.aligned()
                pv_gemm(acc, pf, sbase, pst, desc_v)
                T.ptx.wgmma.commit_group.sync.aligned()
                T.ptx.bar.arrive(other_bar, T.uint32(256))
                T.ptx.wgmma.wait_group.sync.aligned(1)
                for i in T.unroll(BN // 2):
                    T.cuda.wgmma.noop_barrier(s[i])
                if one:
                    T.ptx.mbarrier.arrive.shared.b64(T.address_of(bars[EK + st]))
                softmax_tile(s, mrow, lrow, red, alpha, j * BN, wr0, g, t4, Skv, off)
                T.ptx.wgmma.wait_group.sync.aligned(0)
                for i in T.unroll(D // 2):
                    T.cuda.wgmma.noop_barrier(acc[i])
                if one:
                    T.ptx.mbarrier.arrive.shared.b64(T.address_of(bars[EV + pst]))
                rescale_pack(s, acc, pf, alpha)
            # last round: O += P V of the last tile
            lst: T.let[T.int32] = (nkv - 1) % STAGES
            T.cuda.mbarrier_wait(T.address_of(bars[FV + lst]), ((nkv - 1) // STAGES) % 2)
            T.ptx.bar.sync(my_bar, T.uint32(256))
            T.ptx.wgmma.fence.sync.aligned()
            pv_gemm(acc, pf, sbase, lst, desc_v)
            T.ptx.wgmma.commit_group.sync.aligned()
            T.ptx.bar.arrive(other_bar, T.uint32(256))
            T.ptx.wgmma.wait_group.sync.aligned(0)
            for i in T.unroll(D // 2):
                T.cuda.wgmma.noop_barrier(acc[i])
            if one:
                T.ptx.mbarrier.arrive.shared.b64(T.address_of(bars[EV + lst]))
            # consumer 1 arrived on consumer 0's barrier once more than consumer 0 synced
            if cw == 0:
                T.ptx.bar.sync(T.uint32(3), T.uint32(256))

        # epilogue: row sums over the quad, O / l, LSE = m * scale + log(l)
        for vv in T.unroll(2):
            red[vv] = lrow[vv] + T.tvm_warp_shuffle_xor(0xFFFFFFFF, lrow[vv], 1, 32, 32)
            red[vv] = red[vv] + T.tvm_warp_shuffle_xor(0xFFFFFFFF, red[vv], 2, 32, 32)
        for vv in T.unroll(2):
            inv: T.let[T.float32] = T.Select(red[vv] > T.float32(0), T.float32(1) / red[vv], T.float32(0))
            # row r of this consumer's 64 (a 128-byte line of each column block; 16-byte
            # chunks XOR-swizzled by r % 8, SWIZZLE_128B)
            r: T.let[T.int32] = warp * 16 + g + 8 * vv
            for dj in T.unroll(D // 8):
                if DT == "float16":
                    T.ptx.cvt.rn.f16x2.f32(pf[0], acc[4 * dj + 2 * vv + 1] * inv, acc[4 * dj + 2 * vv] * inv)
                else:
                    T.ptx.cvt.rn.bf16x2.f32(pf[0], acc[4 * dj + 2 * vv + 1] * inv, acc[4 * dj + 2 * vv] * inv)
                q32[((dj // 8) * BM * 128 + (cw * 64 + r) * 128 + T.bitwise_xor(dj % 8, r % 8) * 16) // 4 + t4] = pf[0]
            orow: T.let[T.int32] = wr0 + g + 8 * vv
            if orow < Sq and t4 == 0:
                LSE[b, h, orow] = T.Select(red[vv] > T.float32(0), mrow[vv] * T.float32(SCALE) + T.ptx.lg2.approx.ftz.f32(red[vv]) * T.float32(LN2), T.float32("inf"))
        T.ptx.fence.proxy.async_.shared__cta()
        T.cuda.warpgroup_sync(1 + cw)
        if one and m0 + cw * 64 < Sq:
            for c in T.unroll(DB):
                T.ptx[TMA4_ST](T.address_of(O_map), 64 * c, h, m0 + cw * 64, b,
                               sbase + c * BM * 128 + cw * 64 * 128)
            T.ptx.cp.async_.bulk.commit_group()
            T.ptx.cp.async_.bulk.wait_group(0)
