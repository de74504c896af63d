# Rung 3 of the attention ladder: FlashAttention-3 structure, warp-specialized (sm_90a).
#
#   O[b, i, h, :] = softmax(scale * Q[b, i, h, :] . K[b, j, hk, :]^T over j) @ V[b, :, hk, :]
#   LSE[b, h, i]  = log(sum_j exp(scale * Q[b, i, h, :] . K[b, j, hk, :]))   (natural log)
#
# Same interface as rungs 1 and 2 (BSHD layouts, LSE [B, Hq, Sq] float32, GQA / MQA,
# -D DT, -D D=64|128, -D CAUSAL=True bottom-right aligned, rows with no key: O = 0 and
# LSE = +inf).  Tunables: -D BN=... keys a tile (default 128; a multiple of 16, <= 256),
# -D STAGES=... the K / V ring depth, -D NC=2|3 consumer warpgroups (default 2 at D = 128,
# 3 at D = 64, where the softmax weighs twice as much against the GEMMs).
#
# A tile is BM = 64 * NC query rows of one (batch, q head); tiles are numbered query
# block fastest (concurrent CTAs share K / V in L2), causal from the last query block down
# (the longest tiles first).  Not causal, NSM CTAs (one an SM) walk the tiles (persistent:
# a CTA's epilogue overlaps its next tile's loads); causal, one CTA a tile
# (-D PERSISTENT=... overrides).  Each CTA has 1 + NC warpgroups:
#   warpgroup 0, the producer: setmaxnreg.dec to 24 registers; one thread loads each
#     tile's Q (once the consumers are done with the previous one) and streams its K and
#     V tiles (BN keys) by 4-D TMA into a STAGES-deep ring of 128B-swizzled shared memory;
#     K and V have their own full / empty mbarriers, so the QK^T of a tile starts as soon
#     as its K has landed, and the ring runs on across the CTA's tiles;
#   warpgroups 1 .. NC, the consumers: setmaxnreg.inc; each owns 64 of the BM rows
#     (S = Q K^T on wgmma m64nBNk16 from descriptors, O += P V on wgmma m64nDk16 with P
#     from registers, as rung 2).
# Two overlaps hide the softmax behind the tensor cores:
#   * intra-warpgroup: round j issues the QK^T of tile j and the PV of tile j - 1 back to
#     back; `wgmma.wait_group 1` waits for QK^T only, so the mask / max / exp2 of tile j
#     run while PV of tile j - 1 is still on the tensor cores; round j + 1 opens with
#     `wait_group 0`, the release of V, the rescale of O and the packing of P (at the top
#     of the loop body, where ptxas cannot schedule the wait above the softmax);
#   * inter-warpgroup ping-pong: a consumer issues a round's wgmma only on its turn
#     (named barrier SB + cw, `bar.sync id, 256`) and hands the turn to the next one
#     (`bar.arrive`) right after issuing, so one warpgroup's softmax runs while the others'
#     GEMMs keep the tensor cores busy.
# Causal tiles stop at the last key block any of their rows sees.  Epilogue: each
# consumer writes O (divided by the row sum, to DT) into its own 64 rows of a staging
# buffer in the TMA's swizzled layout and stores it with one TMA store per 64 columns
# (rows past Sq are clipped by the TMA unit), overlapping the next tile's loads; LSE by
# one lane a row.
import math

DT = "float16"
D = 128
CAUSAL = False
BN = 128 if D <= 128 else 64
STAGES = 2
NC = 3 if D == 64 else 2
NSM = 132
# causal: the query blocks end at row Sq - 1 (the block of the partial multiple of 64 rows
# is the first and shortest one, its leading consumers see no row) instead of starting at
# row 0 (the partial block was the last and longest: at D = 64, S = 4k, 4096 = 21 x 192 +
# 64, so 2 x 64 rows of the longest tile were padding, 6 % of the work)
CSHIFT = CAUSAL
# D = 256: the O staging buffer is the Q buffer (each consumer stages into its own Q rows
# once its last QK^T retired; the next Q loads after the stores have read it)
SHARE_OQ = D > 128
# persistent (NSM CTAs walk the tiles) or one CTA a tile.  Causal tiles differ in length:
# a static round-robin over them is unbalanced (at D = 64, S = 4k: 22 query blocks, and
# 132 CTAs = 6 x 22, so each CTA always got the same query block: 0.55x cuDNN), while
# one CTA a tile leaves the balancing to the hardware's block scheduler.
PERSISTENT = not CAUSAL
BM = 64 * NC
DB = D // 64  # 128-byte column blocks a row
Q_BYTES = BM * D * 2
KV_BYTES = BN * D * 2  # one K (or V) stage
SMEM_O = 0 if SHARE_OQ else Q_BYTES
SMEM_K = Q_BYTES if SHARE_OQ else SMEM_O + Q_BYTES
SMEM_V = SMEM_K + STAGES * KV_BYTES
SMEM_BAR = SMEM_V + STAGES * KV_BYTES
# mbarriers: fullK[STAGES], fullV[STAGES], emptyK[STAGES], emptyV[STAGES], Q full, Q empty
NBAR = 4 * STAGES + 2
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
QF = 4 * STAGES
QE = 4 * STAGES + 1
# named barriers: 0 the CTA's, 1 .. NC each consumer's own, SB .. SB + NC - 1 the ping-pong
SB = 1 + NC
# registers a thread after setmaxnreg (producer 128 x 24 + consumers NC x 128 x MAXREG
# within the 64 K of an SM)
MAXREG = 240 if NC == 2 else 160
assert D in (64, 128, 256)

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
        for vv in T.unroll(2):
            # keys n0 + c with c < lim are kept in row wr0 + g + 8 vv
            lim: T.let[T.int32] = (T.min(Skv, wr0 + g + 8 * vv + off + 1) if CAUSAL else Skv) - n0 - 2 * t4
            for jn in T.unroll(BN // 8):
                for hh in T.unroll(2):
                    s[4 * jn + 2 * vv + hh] = T.Select(8 * jn + hh < lim, s[4 * jn + 2 * vv + hh], T.float32("-inf"))
    # online softmax in the exp2 domain (rows g, g + 8 of the warp; a quad holds a row)
    for vv in T.unroll(2):
        red[vv] = mrow[vv]
        for jn in T.unroll(BN // 8):
            for hh in T.unroll(2):
                red[vv] = T.max(red[vv], s[4 * jn + 2 * vv + hh])
        red[vv] = T.max(red[vv], T.tvm_warp_shuffle_xor(0xFFFFFFFF, red[vv], 1, 32, 32))
        red[vv] = T.max(red[vv], T.tvm_warp_shuffle_xor(0xFFFFFFFF, red[vv], 2, 32, 32))
    for vv in T.unroll(2):
        # -(the row max) in the exp2 domain; 0 for a row with no key yet (no -inf - -inf)
        nms: T.let[T.float32] = T.Select(red[vv] == T.float32("-inf"), T.float32(0), red[vv] * T.float32(-SL2))
        # exp2(x * scale * log2(e) - max): one FMA an element (the compiler contracts
        # x * c + m, as nvcc's default --fmad=true does)
        alpha[vv] = T.ptx.ex2.approx.ftz.f32(mrow[vv] * T.float32(SL2) + nms)
        mrow[vv] = red[vv]
        lrow[vv] = lrow[vv] * alpha[vv]
        for jn in T.unroll(BN // 8):
            for hh in T.unroll(2):
                s[4 * jn + 2 * vv + hh] = T.ptx.ex2.approx.ftz.f32(s[4 * jn + 2 * vv + hh] * T.float32(SL2) + nms)
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
    bx = T.cta_id([T.min(NSM, T.ceildiv(Sq, BM) * Hq * B) if PERSISTENT else T.ceildiv(Sq, BM) * Hq * B])
    wg = T.warpgroup_id([1 + NC])
    warp = T.warp_id_in_wg([4])
    lane = T.lane_id([32])
    T.attr({"tirx.launch_bounds_min_blocks_per_sm": 1})
    pool = T.alloc_buffer((SMEM_TOTAL,), "uint8", scope="shared.dyn", align=1024)
    bars = T.decl_buffer((NBAR,), "uint64", data=pool.data, elem_offset=SMEM_BAR // 8,
                         scope="shared.dyn")
    # the O staging buffer as words
    o32 = T.decl_buffer((Q_BYTES // 4,), "uint32", data=pool.data, elem_offset=SMEM_O // 4,
                        scope="shared.dyn")
    sbase: T.let[T.uint32] = T.cuda.cvta_generic_to_shared(pool.data)
    nqb: T.let[T.int32] = T.ceildiv(Sq, BM)
    off: T.let[T.int32] = Skv - Sq
    # query block qb holds rows qb * BM - shift ..; rows < 0 are padding (TMA zero fill)
    shift: T.let[T.int32] = (nqb * BM - Sq) // 64 * 64 if CSHIFT else 0
    # tiles owned by this CTA: bx, bx + NCTA, ... (one when not persistent)
    ncta: T.let[T.int32] = T.min(NSM, nqb * Hq * B) if PERSISTENT else nqb * Hq * B
    ntile: T.let[T.int32] = T.ceildiv(nqb * Hq * B - bx, ncta)
    # K / V tiles and Q tiles loaded so far (the ring's and the Q barriers' phases)
    kvc = T.alloc_local((1,), "int32")
    qc = T.alloc_local((1,), "int32")
    kvc[0] = 0
    qc[0] = 0

    if wg == 0 and warp == 0 and lane == 0:
        for i in T.unroll(STAGES):
            T.ptx.mbarrier.init.shared.b64(T.address_of(bars[FK + i]), 1)
            T.ptx.mbarrier.init.shared.b64(T.address_of(bars[FV + i]), 1)
            T.ptx.mbarrier.init.shared.b64(T.address_of(bars[EK + i]), NC)
            T.ptx.mbarrier.init.shared.b64(T.address_of(bars[EV + i]), NC)
        T.ptx.mbarrier.init.shared.b64(T.address_of(bars[QF]), 1)
        T.ptx.mbarrier.init.shared.b64(T.address_of(bars[QE]), NC)
        T.ptx.fence.mbarrier_init.release.cluster()
        T.ptx.fence.proxy.async_.shared__cta()
    T.cuda.cta_sync()

    if wg == 0:
        T.ptx.setmaxnreg.dec.sync.aligned.u32(24)
        if warp == 0 and lane == 0:
            for ti in range(ntile):
                t: T.let[T.int32] = bx + ti * ncta
                qb: T.let[T.int32] = (nqb - 1 - t % nqb) if CAUSAL else t % nqb
                h: T.let[T.int32] = t // nqb % Hq
                b: T.let[T.int32] = t // nqb // Hq
                hk: T.let[T.int32] = h // (Hq // Hkv)
                m0: T.let[T.int32] = qb * BM - shift
                kv_end: T.let[T.int32] = T.min(Skv, T.max(m0 + BM + off, 0)) if CAUSAL else Skv
                nkv: T.let[T.int32] = T.ceildiv(kv_end, BN)
                if SHARE_OQ or nkv > 0:
                    # the consumers are done with the previous Q (a fresh barrier passes);
                    # SHARE_OQ: and their O stores have read it (every tile loads its Q)
                    T.cuda.mbarrier_wait(T.address_of(bars[QE]), (qc[0] + 1) % 2)
                    T.ptx.mbarrier.arrive.expect_tx.shared.b64(T.address_of(bars[QF]), Q_BYTES)
                    for c in T.unroll(DB):
                        T.ptx[TMA4](sbase + c * BM * 128, T.address_of(Q_map), 64 * c, h, m0, b,
                                    T.address_of(bars[QF]))
                    qc[0] = qc[0] + 1
                for j in range(nkv):
                    it: T.let[T.int32] = kvc[0] + j
                    st: T.let[T.int32] = it % STAGES
                    # a fresh barrier has completed "phase -1" (parity 1): round 0 does not wait
                    ph: T.let[T.int32] = (it // STAGES + 1) % 2
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
                kvc[0] = kvc[0] + nkv
    else:
        T.ptx.setmaxnreg.inc.sync.aligned.u32(MAXREG)
        cw: T.let[T.int32] = wg - 1
        s = T.alloc_local((BN // 2,), "float32")
        acc = T.alloc_local((D // 2,), "float32")
        pf = T.alloc_local((BN // 4,), "uint32")
        mrow = T.alloc_local((2,), "float32")
        lrow = T.alloc_local((2,), "float32")
        red = T.alloc_local((2,), "float32")
        alpha = T.alloc_local((2,), "float32")
        g: T.let[T.int32] = lane // 4
        t4: T.let[T.int32] = lane % 4
        one: T.let[T.bool] = warp == 0 and lane == 0
        # the named barriers of the ping-pong: SB + cw is this consumer's turn, then the next's
        my_bar: T.let[T.uint32] = T.Cast("uint32", SB + cw)
        next_bar: T.let[T.uint32] = T.Cast("uint32", SB + (cw + 1) % NC)
        # K-major SW128 descriptors (Q, K): LBO 16 B (unused), SBO 1024 B >> 4 = 64, layout 1
        desc_k: T.let[T.uint64] = (T.uint64(64) << T.uint64(32)) | (T.uint64(1) << T.uint64(62)) | (T.uint64(1) << T.uint64(16))
        # MN-major SW128 descriptor (V): LBO = BN * 128 B between the 64-column blocks
        desc_v: T.let[T.uint64] = (T.uint64(64) << T.uint64(32)) | (T.uint64(1) << T.uint64(62)) | (T.uint64(BN * 128 // 16) << T.uint64(16))
        # consumer 0 takes the first turn.  The turns run on across the CTA's tiles (every
        # consumer has nkv + 1 rounds a tile): a hand-over per tile could let the last
        # consumer arrive twice on consumer 0's barrier before consumer 0 synced on it
        if cw == NC - 1:
            T.ptx.bar.arrive(T.uint32(SB), T.uint32(256))
        for ti in range(ntile):
            t: T.let[T.int32] = bx + ti * ncta
            qb: T.let[T.int32] = (nqb - 1 - t % nqb) if CAUSAL else t % nqb
            h: T.let[T.int32] = t // nqb % Hq
            b: T.let[T.int32] = t // nqb // Hq
            m0: T.let[T.int32] = qb * BM - shift
            kv_end: T.let[T.int32] = T.min(Skv, T.max(m0 + BM + off, 0)) if CAUSAL else Skv
            nkv: T.let[T.int32] = T.ceildiv(kv_end, BN)
            wr0: T.let[T.int32] = m0 + cw * 64 + warp * 16
            for i in T.unroll(D // 2):
                acc[i] = T.float32(0)
            for vv in T.unroll(2):
                mrow[vv] = T.float32("-inf")
                lrow[vv] = T.float32(0)
            if SHARE_OQ:
                T.cuda.mbarrier_wait(T.address_of(bars[QF]), qc[0] % 2)
            if nkv > 0:
                k0: T.let[T.int32] = kvc[0]
                if not SHARE_OQ:
                    T.cuda.mbarrier_wait(T.address_of(bars[QF]), qc[0] % 2)
                # round 0: S = Q K_0^T
                T.cuda.mbarrier_wait(T.address_of(bars[FK + k0 % STAGES]), (k0 // STAGES) % 2)
                T.ptx.bar.sync(my_bar, T.uint32(256))
                T.ptx.wgmma.fence.sync.aligned()
                qk_gemm(s, sbase, cw, k0 % STAGES, desc_k)
                T.ptx.wgmma.commit_group.sync.aligned()
                T.ptx.bar.arrive(next_bar, T.uint32(256))
                T.ptx.wgmma.wait_group.sync.aligned(0)
                for i in T.unroll(BN // 2):
                    T.cuda.wgmma.noop_barrier(s[i])
                if one:
                    T.ptx.mbarrier.arrive.shared.b64(T.address_of(bars[EK + k0 % STAGES]))
                softmax_tile(s, mrow, lrow, red, alpha, 0, wr0, g, t4, Skv, off)
                # round j: S = Q K_j^T and O += P_{j-1} V_{j-1}; the softmax of tile j runs
                # while the PV is on the tensor cores.  The round begins with what needs the
                # PV of round j - 1 retired (wait_group 0, release V, rescale O, pack P):
                # placed after the softmax in the same basic block, ptxas would schedule the
                # wait above the softmax (its DEPBAR has no data dependence on it) and undo
                # the overlap; at the top of the loop body it stays behind the back-edge.
                for j in range(1, nkv):
                    st: T.let[T.int32] = (k0 + j) % STAGES
                    pst: T.let[T.int32] = (k0 + j - 1) % STAGES
                    T.ptx.wgmma.wait_group.sync.aligned(0)
                    for i in T.unroll(D // 2):
                        T.cuda.wgmma.noop_barrier(acc[i])
                    if one and j > 1:
                        T.ptx.mbarrier.arrive.shared.b64(T.address_of(bars[EV + (k0 + j - 2) % STAGES]))
                    rescale_pack(s, acc, pf, alpha)
                    T.cuda.mbarrier_wait(T.address_of(bars[FK + st]), ((k0 + j) // STAGES) % 2)
                    T.ptx.bar.sync(my_bar, T.uint32(256))
                    T.ptx.wgmma.fence.sync.aligned()
                    qk_gemm(s, sbase, cw, st, desc_k)
                    T.ptx.wgmma.commit_group.sync.aligned()
                    T.cuda.mbarrier_wait(T.address_of(bars[FV + pst]), ((k0 + j - 1) // STAGES) % 2)
                    # (the wait loop is control flow between the fence and this wgmma: ptxas
                    # would inject this fence itself, C7519)
                    T.ptx.wgmma.fence.sync.aligned()
                    pv_gemm(acc, pf, sbase, pst, desc_v)
                    T.ptx.wgmma.commit_group.sync.aligned()
                    T.ptx.bar.arrive(next_bar, T.uint32(256))
                    T.ptx.wgmma.wait_group.sync.aligned(1)
                    for i in T.unroll(BN // 2):
                        T.cuda.wgmma.noop_barrier(s[i])
                    if one:
                        T.ptx.mbarrier.arrive.shared.b64(T.address_of(bars[EK + st]))
                    softmax_tile(s, mrow, lrow, red, alpha, j * BN, wr0, g, t4, Skv, off)
                # the PV of the second-to-last tile retired: rescale, pack the last P
                T.ptx.wgmma.wait_group.sync.aligned(0)
                for i in T.unroll(D // 2):
                    T.cuda.wgmma.noop_barrier(acc[i])
                if one and nkv > 1:
                    T.ptx.mbarrier.arrive.shared.b64(T.address_of(bars[EV + (k0 + nkv - 2) % STAGES]))
                rescale_pack(s, acc, pf, alpha)
                # last round: O += P V of the last tile
                lit: T.let[T.int32] = k0 + nkv - 1
                T.cuda.mbarrier_wait(T.address_of(bars[FV + lit % STAGES]), (lit // STAGES) % 2)
                T.ptx.bar.sync(my_bar, T.uint32(256))
                T.ptx.wgmma.fence.sync.aligned()
                pv_gemm(acc, pf, sbase, lit % STAGES, desc_v)
                T.ptx.wgmma.commit_group.sync.aligned()
                T.ptx.bar.arrive(next_bar, T.uint32(256))
                T.ptx.wgmma.wait_group.sync.aligned(0)
                for i in T.unroll(D // 2):
                    T.cuda.wgmma.noop_barrier(acc[i])
                if one:
                    T.ptx.mbarrier.arrive.shared.b64(T.address_of(bars[EV + lit % STAGES]))
                    # this consumer's QK^T are done: the producer may load the next Q
                    if not SHARE_OQ:
                        T.ptx.mbarrier.arrive.shared.b64(T.address_of(bars[QE]))
                kvc[0] = kvc[0] + nkv
                if not SHARE_OQ:
                    qc[0] = qc[0] + 1

            # epilogue: row sums over the quad, O / l, LSE = m * scale + log(l)
            for vv in T.unroll(2):
                red[vv] = lrow[vv] + T.tvm_warp_shuffle_xor(0xFFFFFFFF, lrow[vv], 1, 32, 32)
                red[vv] = red[vv] + T.tvm_warp_shuffle_xor(0xFFFFFFFF, red[vv], 2, 32, 32)
            # the previous tile's O store has finished reading the staging buffer
            if one:
                T.ptx.cp.async_.bulk.wait_group.read(0)
            T.cuda.warpgroup_sync(1 + cw)
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
                    o32[((dj // 8) * BM * 128 + (cw * 64 + r) * 128 + T.bitwise_xor(dj % 8, r % 8) * 16) // 4 + t4] = pf[0]
                orow: T.let[T.int32] = wr0 + g + 8 * vv
                if orow >= 0 and orow < Sq and t4 == 0:
                    LSE[b, h, orow] = T.Select(red[vv] > T.float32(0), mrow[vv] * T.float32(SCALE) + T.ptx.lg2.approx.ftz.f32(red[vv]) * T.float32(LN2), T.float32("inf"))
            T.ptx.fence.proxy.async_.shared__cta()
            T.cuda.warpgroup_sync(1 + cw)
            # (a consumer's 64 rows are all padding or none: shift is a multiple of 64)
            if one and m0 + cw * 64 >= 0 and m0 + cw * 64 < Sq:
                for c in T.unroll(DB):
                    T.ptx[TMA4_ST](T.address_of(O_map), 64 * c, h, m0 + cw * 64, b,
                                   sbase + SMEM_O + c * BM * 128 + cw * 64 * 128)
                T.ptx.cp.async_.bulk.commit_group()
            if SHARE_OQ:
                # the store has read this consumer's rows of the Q buffer: the next Q may load
                if one:
                    T.ptx.cp.async_.bulk.wait_group.read(0)
                    T.ptx.mbarrier.arrive.shared.b64(T.address_of(bars[QE]))
                qc[0] = qc[0] + 1
        # the last consumer arrived on consumer 0's barrier once more than consumer 0 synced
        if cw == 0:
            T.ptx.bar.sync(T.uint32(SB), T.uint32(256))
        if one:
            T.ptx.cp.async_.bulk.wait_group(0)
