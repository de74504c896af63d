# Rung 2 of the attention ladder: TMA + wgmma (sm_90a).  COMPILE-VERIFIED ONLY: it has not
# run on a GPU yet (see README.md).
#
#   O[b, i, h, :] = softmax(scale * Q[b, i, h, :] . K[b, j, hk, :]^T over j) @ V[b, :, hk, :]
#   LSE[b, h, i]  = log(sum_j exp(scale * Q[b, i, h, :] . K[b, j, hk, :]))   (natural log)
#
# Same interface as fa2_mma_sync.py (BSHD layouts, LSE [B, Hq, Sq] float32, GQA / MQA,
# -D DT, -D D=64|128, -D CAUSAL=True bottom-right aligned, rows with no key: O = 0 and
# LSE = +inf).
#
# A CTA of NWG warpgroups (default 2) takes BM = 64 * NWG query rows of one (batch, head).
# Q (once) and K / V (BN = 128 keys a tile, a 2-stage ring with full / empty mbarriers)
# arrive by 4-D TMA tile loads (dims D, heads, sequence, batch; boxes of 64 x 1 x rows x 1,
# zero-filled past the sequence ends) into 128B-swizzled shared memory, one 128-byte column
# block of 64 elements at a time (D = 128: two blocks a row).  Per tile each warpgroup:
#   S = Q K^T       wgmma m64n128k16, both operands K-major from smem descriptors (SW128,
#                   SBO 1024 B), D / 16 steps; S in 64 fp32 registers a thread
#   mask + online softmax in the exp2 domain, as rung 1 (the m64nN accumulator fragment
#   of warp w is rung 1's m16n8 fragment of rows 16w .. 16w + 15)
#   O += P V        wgmma m64nDk16 with A = P from registers (the accumulator fragment of
#                   keys 16k .. 16k + 15, packed to DT: exactly the register A fragment) and
#                   B = V MN-major (V [key, d] has d contiguous; imm-trans-b = 1; SW128,
#                   LBO = the byte distance between the 64-column blocks, SBO 1024 B)
# Thread 0 issues all TMA loads; each warpgroup arrives on the stage's empty barrier once
# its P V wgmma has retired, and thread 0 waits for both before refilling the stage.
# Epilogue as rung 1 (guarded 2-byte stores of O, LSE by lane 0 of each quad).
import math

DT = "float16"
D = 128
CAUSAL = False
NWG = 2
BM = 64 * NWG
BN = 128
DB = D // 64  # 128-byte column blocks a row
Q_BYTES = BM * D * 2
KV_BYTES = BN * D * 2  # one K (or V) stage
SMEM_K = Q_BYTES
SMEM_V = SMEM_K + 2 * KV_BYTES
SMEM_BAR = SMEM_V + 2 * KV_BYTES
SMEM_TOTAL = SMEM_BAR + 5 * 8
SL2 = math.log2(math.e) / math.sqrt(D)
SCALE = 1.0 / math.sqrt(D)
LN2 = math.log(2.0)
AB = "f16" if DT == "float16" else "bf16"
WG_QK = "wgmma.mma_async.sync.aligned.m64n" + str(BN) + "k16.f32." + AB + "." + AB
WG_PV = "wgmma.mma_async.sync.aligned.m64n" + str(D) + "k16.f32." + AB + "." + AB
TMA4 = "cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"


@T.prim_func
def fa_tma_wgmma(q: T.handle, k: T.handle, v: T.handle, o: T.handle, lse: T.handle):
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
    # 4-D maps, innermost first: (D, heads, sequence, batch); boxes 64 x 1 x rows x 1,
    # 128B swizzle, L2 promotion 128B, zero fill out of bounds
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
    T.device_entry()
    qb, h, b = T.cta_id([T.ceildiv(Sq, BM), Hq, B])
    wg = T.warpgroup_id([NWG])
    warp = T.warp_id_in_wg([4])
    lane = T.lane_id([32])
    pool = T.alloc_buffer((SMEM_TOTAL,), "uint8", scope="shared.dyn", align=1024)
    # full[0..1] (TMA bytes), empty[0..1] (one arrive per warpgroup), Q
    bars = T.decl_buffer((5,), "uint64", data=pool.data, elem_offset=SMEM_BAR // 8,
                         scope="shared.dyn")
    s = T.alloc_local((BN // 2,), "float32")
    acc = T.alloc_local((D // 2,), "float32")
    pf = T.alloc_local((BN // 4,), "uint32")
    mrow = T.alloc_local((2,), "float32")
    lrow = T.alloc_local((2,), "float32")
    red = T.alloc_local((2,), "float32")
    tid: T.let[T.int32] = wg * 128 + warp * 32 + lane
    sbase: T.let[T.uint32] = T.cuda.cvta_generic_to_shared(pool.data)
    hk: T.let[T.int32] = h // (Hq // Hkv)
    m0: T.let[T.int32] = qb * BM
    wr0: T.let[T.int32] = m0 + wg * 64 + warp * 16
    off: T.let[T.int32] = Skv - Sq
    g: T.let[T.int32] = lane // 4
    t4: T.let[T.int32] = lane % 4
    kv_end: T.let[T.int32] = T.min(Skv, T.max(m0 + BM + off, 0)) if CAUSAL else Skv
    nkv: T.let[T.int32] = T.ceildiv(kv_end, BN)

    if tid == 0:
        for i in T.unroll(2):
            T.ptx.mbarrier.init.shared.b64(T.address_of(bars[i]), 1)
            T.ptx.mbarrier.init.shared.b64(T.address_of(bars[2 + i]), NWG)
        T.ptx.mbarrier.init.shared.b64(T.address_of(bars[4]), 1)
        T.ptx.fence.mbarrier_init.release.cluster()
        T.ptx.fence.proxy.async_.shared__cta()
    T.cuda.cta_sync()
    if tid == 0:
        T.ptx.mbarrier.arrive.expect_tx.shared.b64(T.address_of(bars[4]), Q_BYTES)
        for c in T.unroll(DB):
            T.ptx[TMA4](sbase + c * BM * 128, T.address_of(Q_map), 64 * c, h, m0, b,
                        T.address_of(bars[4]))
        for t in T.unroll(2):
            if t < nkv:
                T.ptx.mbarrier.arrive.expect_tx.shared.b64(T.address_of(bars[t]), 2 * KV_BYTES)
                for c in T.unroll(DB):
                    T.ptx[TMA4](sbase + SMEM_K + t * KV_BYTES + c * BN * 128, T.address_of(K_map),
                                64 * c, hk, t * BN, b, T.address_of(bars[t]))
                    T.ptx[TMA4](sbase + SMEM_V + t * KV_BYTES + c * BN * 128, T.address_of(V_map),
                                64 * c, hk, t * BN, b, T.address_of(bars[t]))
    for i in T.unroll(D // 2):
        acc[i] = T.float32(0)
    for vv in T.unroll(2):
        mrow[vv] = T.float32("-inf")
        lrow[vv] = T.float32(0)
    # K-major SW128 descriptors (Q, K): LBO 16 B (unused), SBO 1024 B >> 4 = 64, layout 1
    desc_k: T.let[T.uint64] = (T.uint64(64) << T.uint64(32)) | (T.uint64(1) << T.uint64(62)) | (T.uint64(1) << T.uint64(16))
    # MN-major SW128 descriptor (V): LBO = BN * 128 B between the 64-column blocks, SBO 1024 B
    desc_v: T.let[T.uint64] = (T.uint64(64) << T.uint64(32)) | (T.uint64(1) << T.uint64(62)) | (T.uint64(BN * 128 // 16) << T.uint64(16))
    T.cuda.mbarrier_wait(T.address_of(bars[4]), 0)

    for j in range(nkv):
        st: T.let[T.int32] = j % 2
        T.cuda.mbarrier_wait(T.address_of(bars[st]), (j // 2) % 2)
        n0: T.let[T.int32] = j * BN
        # S = Q K^T
        T.ptx.wgmma.fence.sync.aligned()
        for kk in T.unroll(D // 16):
            da: T.let[T.uint64] = desc_k | T.Cast("uint64", ((sbase + (kk // 4) * BM * 128 + wg * 64 * 128 + 32 * (kk % 4)) & T.uint32(0x3FFFF)) >> T.uint32(4))
            db: T.let[T.uint64] = desc_k | T.Cast("uint64", ((sbase + SMEM_K + st * KV_BYTES + (kk // 4) * BN * 128 + 32 * (kk % 4)) & T.uint32(0x3FFFF)) >> T.uint32(4))
            T.ptx[WG_QK](*[s[i] for i in range(BN // 2)], da, db, kk > 0, 1, 1, 0, 0)
        T.ptx.wgmma.commit_group.sync.aligned()
        T.ptx.wgmma.wait_group.sync.aligned(0)
        for i in T.unroll(BN // 2):
            T.cuda.wgmma.noop_barrier(s[i])

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
        # online softmax (rows g, g + 8 of the warp; quads hold a row)
        for vv in T.unroll(2):
            red[vv] = mrow[vv]
            for jn in T.unroll(BN // 8):
                for hh in T.unroll(2):
                    red[vv] = T.max(red[vv], s[4 * jn + 2 * vv + hh])
            red[vv] = T.max(red[vv], T.tvm_warp_shuffle_xor(0xFFFFFFFF, red[vv], 1, 32, 32))
            red[vv] = T.max(red[vv], T.tvm_warp_shuffle_xor(0xFFFFFFFF, red[vv], 2, 32, 32))
        for vv in T.unroll(2):
            ms: T.let[T.float32] = T.Select(red[vv] == T.float32("-inf"), T.float32(0), red[vv] * T.float32(SL2))
            alpha: T.let[T.float32] = T.ptx.ex2.approx.ftz.f32(mrow[vv] * T.float32(SL2) - ms)
            mrow[vv] = red[vv]
            lrow[vv] = lrow[vv] * alpha
            for jn in T.unroll(BN // 8):
                for hh in T.unroll(2):
                    s[4 * jn + 2 * vv + hh] = T.ptx.ex2.approx.ftz.f32(s[4 * jn + 2 * vv + hh] * T.float32(SL2) - ms)
                    lrow[vv] = lrow[vv] + s[4 * jn + 2 * vv + hh]
            for dj in T.unroll(D // 8):
                for hh in T.unroll(2):
                    acc[4 * dj + 2 * vv + hh] = acc[4 * dj + 2 * vv + hh] * alpha
        # P to DT: the A fragment of keys 16 kk .. 16 kk + 15 is s[8 kk .. 8 kk + 7]
        for kk in T.unroll(BN // 16):
            for w in T.unroll(4):
                if DT == "float16":
                    T.ptx.cvt.rn.f16x2.f32(pf[4 * kk + w], s[8 * kk + 2 * w + 1], s[8 * kk + 2 * w])
                else:
                    T.ptx.cvt.rn.bf16x2.f32(pf[4 * kk + w], s[8 * kk + 2 * w + 1], s[8 * kk + 2 * w])
        # O += P V
        T.ptx.wgmma.fence.sync.aligned()
        for kk in T.unroll(BN // 16):
            dv: T.let[T.uint64] = desc_v | T.Cast("uint64", ((sbase + SMEM_V + st * KV_BYTES + kk * 16 * 128) & T.uint32(0x3FFFF)) >> T.uint32(4))
            T.ptx[WG_PV](*[acc[i] for i in range(D // 2)], pf[4 * kk], pf[4 * kk + 1], pf[4 * kk + 2], pf[4 * kk + 3], dv, True, 1, 1, 1)
        T.ptx.wgmma.commit_group.sync.aligned()
        T.ptx.wgmma.wait_group.sync.aligned(0)
        for i in T.unroll(D // 2):
            T.cuda.wgmma.noop_barrier(acc[i])
        # this warpgroup is done with stage st; thread 0 refills it with tile j + 2
        if warp == 0 and lane == 0:
            T.ptx.mbarrier.arrive.shared.b64(T.address_of(bars[2 + st]))
        if tid == 0 and j + 2 < nkv:
            T.cuda.mbarrier_wait(T.address_of(bars[2 + st]), (j // 2) % 2)
            T.ptx.mbarrier.arrive.expect_tx.shared.b64(T.address_of(bars[st]), 2 * KV_BYTES)
            for c in T.unroll(DB):
                T.ptx[TMA4](sbase + SMEM_K + st * KV_BYTES + c * BN * 128, T.address_of(K_map),
                            64 * c, hk, (j + 2) * BN, b, T.address_of(bars[st]))
                T.ptx[TMA4](sbase + SMEM_V + st * KV_BYTES + c * BN * 128, T.address_of(V_map),
                            64 * c, hk, (j + 2) * BN, b, T.address_of(bars[st]))

    # epilogue: row sums over the quad, O / l, LSE = m * scale + log(l)
    for vv in T.unroll(2):
        red[vv] = lrow[vv] + T.tvm_warp_shuffle_xor(0xFFFFFFFF, lrow[vv], 1, 32, 32)
        red[vv] = red[vv] + T.tvm_warp_shuffle_xor(0xFFFFFFFF, red[vv], 2, 32, 32)
    for vv in T.unroll(2):
        orow: T.let[T.int32] = wr0 + g + 8 * vv
        inv: T.let[T.float32] = T.Select(red[vv] > T.float32(0), T.float32(1) / red[vv], T.float32(0))
        if orow < Sq:
            for dj in T.unroll(D // 8):
                for hh in T.unroll(2):
                    O[b, orow, h, 8 * dj + 2 * t4 + hh] = T.Cast(DT, acc[4 * dj + 2 * vv + hh] * inv)
            if t4 == 0:
                LSE[b, h, orow] = T.Select(red[vv] > T.float32(0), mrow[vv] * T.float32(SCALE) + T.ptx.lg2.approx.ftz.f32(red[vv]) * T.float32(LN2), T.float32("inf"))
