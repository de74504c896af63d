# Rung 1 of the attention ladder: FlashAttention-2's forward structure on Ampere-style
# tensor cores -- cp.async double-buffered K/V ring, swizzled smem, ldmatrix,
# mma.sync.m16n8k16 (runs on sm_80 and later; built here for sm_90a).
#
#   O[b, i, h, :] = softmax(scale * Q[b, i, h, :] . K[b, j, hk, :]^T over j) @ V[b, :, hk, :]
#   LSE[b, h, i]  = log(sum_j exp(scale * Q[b, i, h, :] . K[b, j, hk, :]))   (natural log)
#
# Layouts are torch / FlashAttention's BSHD, contiguous: Q, O [B, Sq, Hq, D],
# K, V [B, Skv, Hkv, D]; LSE float32 [B, Hq, Sq] (flash_attn's softmax_lse).  GQA / MQA:
# Hkv divides Hq, and q head h reads kv head h // (Hq // Hkv).  scale = 1 / sqrt(D).
#
# -D DT='"bfloat16"' (default float16): inputs and O; softmax and accumulation in fp32.
# -D D=64 (default 128): the head dimension.  -D CAUSAL=True: the causal mask, aligned
# to the bottom right as FlashAttention >= 2.1 does (query i sees keys j <= i + Skv - Sq;
# the same as torch's is_causal when Sq == Skv).  A query row that sees no key at all
# (causal with Sq > Skv) gets O = 0 and LSE = +inf, as FlashAttention returns it.
#
# A CTA of NW warps (default 4) takes BM = 16 * NW query rows of one (batch, head); warp
# w owns rows 16w .. 16w + 15 and keeps their Q fragments in registers for the whole
# kernel.  K and V stream through shared memory BN = 64 keys at a time in a 2-stage ring
# of 16-byte cp.async copies (zero-filled past Skv); rows of D halves are split into
# 16-byte chunks XOR-swizzled by row % 8, so cp.async, ldmatrix and ldmatrix.trans are
# bank-conflict free.  Per K/V tile a warp computes its 16 x 64 block of S = Q K^T
# (mma.sync, fp32), masks it (-inf past Skv and above the causal diagonal), runs the
# online softmax in the exp2 domain (scale * log2(e) folded into one FMA, ex2.approx),
# rescales its O accumulators, converts P to DT in registers -- the m16n8 accumulator
# fragment of two adjacent n8 tiles is exactly the m16k16 A fragment -- and adds P V
# (V's B fragments by ldmatrix.trans).  Causal CTAs stop at the last tile their rows see.
import math

DT = "float16"
D = 128
CAUSAL = False
NW = 4
BM = 16 * NW
BN = 64
CH = D // 8  # 16-byte chunks per row
QT = BM * D  # halves of the Q tile
KT = BN * D  # halves of one K (or V) stage
NTH = 32 * NW
SL2 = math.log2(math.e) / math.sqrt(D)  # softmax scale times log2(e)
SCALE = 1.0 / math.sqrt(D)
LN2 = math.log(2.0)
# two CTAs of 4 warps per SM: without the bound ptxas keeps the D = 64 kernel at 128
# registers and spills; with it, 167 (D = 64) / 230 (D = 128) registers and no spills
MIN_CTAS = 2 if NW == 4 else 1


@T.prim_func
def fa2_mma_sync(q: T.handle, k: T.handle, v: T.handle, o: T.handle, lse: T.handle):
    B = T.int32()
    Sq = T.int32()
    Skv = T.int32()
    Hq = T.int32()
    Hkv = T.int32()
    Q = T.match_buffer(q, (B, Sq, Hq, D), DT)
    K = T.match_buffer(k, (B, Skv, Hkv, D), DT)
    # V.shape[2] is written Hkv + Hq % Hkv: equal to K.shape[2] exactly when Hkv divides
    # Hq, so the launch plan refuses a call where it does not, before the launch
    V = T.match_buffer(v, (B, Skv, Hkv + Hq % Hkv, D), DT)
    O = T.match_buffer(o, (B, Sq, Hq, D), DT)
    LSE = T.match_buffer(lse, (B, Hq, Sq), "float32")
    T.device_entry()
    T.attr({"tirx.launch_bounds_min_blocks_per_sm": MIN_CTAS})
    qb, h, b = T.cta_id([T.ceildiv(Sq, BM), Hq, B])
    warp = T.warp_id([NW])
    lane = T.lane_id([32])
    # [Q | K stage 0 | K stage 1 | V stage 0 | V stage 1]
    pool = T.alloc_buffer((QT + 4 * KT,), DT, scope="shared.dyn", align=128)
    qf = T.alloc_local((D // 4,), "uint32")  # Q A-fragments, 4 per k16 step
    s = T.alloc_local((BN // 2,), "float32")  # S / P: 8 n8 tiles x 4
    acc = T.alloc_local((D // 2,), "float32")  # O: D / 8 n8 tiles x 4
    pf = T.alloc_local((4,), "uint32")
    bf = T.alloc_local((4,), "uint32")
    mrow = T.alloc_local((2,), "float32")  # running max (raw scores) of rows g, g + 8
    lrow = T.alloc_local((2,), "float32")  # this thread's part of the running sums
    red = T.alloc_local((2,), "float32")
    tid: T.let[T.int32] = warp * 32 + lane
    sbase: T.let[T.uint32] = T.cuda.cvta_generic_to_shared(pool.data)
    hk: T.let[T.int32] = h // (Hq // Hkv)
    m0: T.let[T.int32] = qb * BM
    wr0: T.let[T.int32] = m0 + warp * 16  # the warp's first query row
    off: T.let[T.int32] = Skv - Sq  # causal: row i sees keys j <= i + off
    g: T.let[T.int32] = lane // 4
    t4: T.let[T.int32] = lane % 4
    kv_end: T.let[T.int32] = T.min(Skv, T.max(m0 + BM + off, 0)) if CAUSAL else Skv
    nkv: T.let[T.int32] = T.ceildiv(kv_end, BN)

    # Q tile (group 0), then K/V tile 0 (group 1)
    for i in T.unroll(QT // 8 // NTH):
        qc: T.let[T.int32] = tid + NTH * i
        qrow: T.let[T.int32] = qc // CH
        qch: T.let[T.int32] = qc % CH
        qr: T.let[T.int32] = m0 + qrow
        T.ptx.cp.async_.cg.shared.global_(
            sbase + T.uint32(2 * (qrow * D + T.bitwise_xor(qch, qrow % 8) * 8)),
            T.address_of(Q[b, T.min(qr, Sq - 1), h, qch * 8]), 16,
            T.Select(qr < Sq, T.uint32(16), T.uint32(0)))
    T.ptx.cp.async_.commit_group()
    if nkv > 0:
        for i in T.unroll(KT // 8 // NTH):
            kc: T.let[T.int32] = tid + NTH * i
            krow: T.let[T.int32] = kc // CH
            kch: T.let[T.int32] = kc % CH
            ksoff: T.let[T.int32] = QT + krow * D + T.bitwise_xor(kch, krow % 8) * 8
            kn: T.let[T.int32] = krow
            T.ptx.cp.async_.cg.shared.global_(
                sbase + T.uint32(2 * ksoff),
                T.address_of(K[b, T.min(kn, Skv - 1), hk, kch * 8]), 16,
                T.Select(kn < Skv, T.uint32(16), T.uint32(0)))
            T.ptx.cp.async_.cg.shared.global_(
                sbase + T.uint32(2 * (ksoff + 2 * KT)),
                T.address_of(V[b, T.min(kn, Skv - 1), hk, kch * 8]), 16,
                T.Select(kn < Skv, T.uint32(16), T.uint32(0)))
    T.ptx.cp.async_.commit_group()
    T.ptx.cp.async_.wait_group(1)
    T.cuda.cta_sync()
    # Q A-fragments (ldmatrix.x4: lane l gives row l % 16, k chunk 2 ks + l / 16)
    for ks in T.unroll(D // 16):
        ar: T.let[T.int32] = warp * 16 + lane % 16
        ac: T.let[T.int32] = T.bitwise_xor(ks * 2 + lane // 16, ar % 8)
        T.ptx.ldmatrix.sync.aligned.m8n8.x4.shared.b16(
            qf[4 * ks], qf[4 * ks + 1], qf[4 * ks + 2], qf[4 * ks + 3],
            sbase + T.uint32(2 * (ar * D + ac * 8)))
    for i in T.unroll(D // 2):
        acc[i] = T.float32(0)
    for vv in T.unroll(2):
        mrow[vv] = T.float32("-inf")
        lrow[vv] = T.float32(0)

    for j in range(nkv):
        # tile j has landed for every thread, and every warp is done with tile j - 1,
        # whose stage the loads below overwrite
        T.ptx.cp.async_.wait_group(0)
        T.cuda.cta_sync()
        if j + 1 < nkv:
            for i in T.unroll(KT // 8 // NTH):
                lc: T.let[T.int32] = tid + NTH * i
                lrw: T.let[T.int32] = lc // CH
                lch: T.let[T.int32] = lc % CH
                lsoff: T.let[T.int32] = QT + ((j + 1) % 2) * KT + lrw * D + T.bitwise_xor(lch, lrw % 8) * 8
                ln: T.let[T.int32] = (j + 1) * BN + lrw
                T.ptx.cp.async_.cg.shared.global_(
                    sbase + T.uint32(2 * lsoff),
                    T.address_of(K[b, T.min(ln, Skv - 1), hk, lch * 8]), 16,
                    T.Select(ln < Skv, T.uint32(16), T.uint32(0)))
                T.ptx.cp.async_.cg.shared.global_(
                    sbase + T.uint32(2 * (lsoff + 2 * KT)),
                    T.address_of(V[b, T.min(ln, Skv - 1), hk, lch * 8]), 16,
                    T.Select(ln < Skv, T.uint32(16), T.uint32(0)))
        T.ptx.cp.async_.commit_group()
        kbase: T.let[T.int32] = QT + (j % 2) * KT
        vbase: T.let[T.int32] = kbase + 2 * KT
        n0: T.let[T.int32] = j * BN

        # S = Q K^T: s[4 jn + 2 vv + hh] is row g + 8 vv, key n0 + 8 jn + 2 t4 + hh
        for i in T.unroll(BN // 2):
            s[i] = T.float32(0)
        for ks in T.unroll(D // 16):
            for ni in T.unroll(BN // 16):
                # K as the col-major B operand: lane l gives key row (l % 8) + 8 (l / 16),
                # d chunk 2 ks + (l / 8) % 2
                br: T.let[T.int32] = ni * 16 + lane % 8 + 8 * (lane // 16)
                bc: T.let[T.int32] = T.bitwise_xor(ks * 2 + lane // 8 % 2, br % 8)
                T.ptx.ldmatrix.sync.aligned.m8n8.x4.shared.b16(
                    bf[0], bf[1], bf[2], bf[3], sbase + T.uint32(2 * (kbase + br * D + bc * 8)))
                for nh in T.unroll(2):
                    if DT == "float16":
                        T.ptx.mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32(
                            s[8 * ni + 4 * nh], s[8 * ni + 4 * nh + 1], s[8 * ni + 4 * nh + 2], s[8 * ni + 4 * nh + 3],
                            qf[4 * ks], qf[4 * ks + 1], qf[4 * ks + 2], qf[4 * ks + 3],
                            bf[2 * nh], bf[2 * nh + 1],
                            s[8 * ni + 4 * nh], s[8 * ni + 4 * nh + 1], s[8 * ni + 4 * nh + 2], s[8 * ni + 4 * nh + 3])
                    else:
                        T.ptx.mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32(
                            s[8 * ni + 4 * nh], s[8 * ni + 4 * nh + 1], s[8 * ni + 4 * nh + 2], s[8 * ni + 4 * nh + 3],
                            qf[4 * ks], qf[4 * ks + 1], qf[4 * ks + 2], qf[4 * ks + 3],
                            bf[2 * nh], bf[2 * nh + 1],
                            s[8 * ni + 4 * nh], s[8 * ni + 4 * nh + 1], s[8 * ni + 4 * nh + 2], s[8 * ni + 4 * nh + 3])

        # mask: keys past Skv, and (causal) above the diagonal; only tiles that need it
        # (the test is uniform over the warp)
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

        # online softmax (rows g and g + 8; a row's 64 keys are spread over the 4 lanes
        # of a quad: reduce with shuffles xor 1, 2)
        for vv in T.unroll(2):
            red[vv] = mrow[vv]
            for jn in T.unroll(BN // 8):
                for hh in T.unroll(2):
                    red[vv] = T.max(red[vv], s[4 * jn + 2 * vv + hh])
            red[vv] = T.max(red[vv], T.tvm_warp_shuffle_xor(0xFFFFFFFF, red[vv], 1, 32, 32))
            red[vv] = T.max(red[vv], T.tvm_warp_shuffle_xor(0xFFFFFFFF, red[vv], 2, 32, 32))
        for vv in T.unroll(2):
            # the scaled max; 0 while the row has seen no key (all -inf), so that
            # exp2(-inf - 0) = 0 instead of exp2(-inf + inf) = NaN
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

        # O += P V.  P's A fragment for keys 16 kk .. 16 kk + 15 is S's n8 tiles 2 kk and
        # 2 kk + 1: (a0, a1, a2, a3) = (s[8kk + 0, 1], s[8kk + 2, 3], s[8kk + 4, 5],
        # s[8kk + 6, 7]), packed low element first.
        for kk in T.unroll(BN // 16):
            for w in T.unroll(4):
                if DT == "float16":
                    T.ptx.cvt.rn.f16x2.f32(pf[w], s[8 * kk + 2 * w + 1], s[8 * kk + 2 * w])
                else:
                    T.ptx.cvt.rn.bf16x2.f32(pf[w], s[8 * kk + 2 * w + 1], s[8 * kk + 2 * w])
            for di in T.unroll(D // 16):
                # V [key, d] row-major is the k-major B operand: ldmatrix.trans; lane l
                # gives key row 16 kk + l % 8 + 8 ((l / 8) % 2), d chunk 2 di + l / 16
                vr: T.let[T.int32] = kk * 16 + lane % 8 + 8 * (lane // 8 % 2)
                vc: T.let[T.int32] = T.bitwise_xor(di * 2 + lane // 16, vr % 8)
                T.ptx.ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16(
                    bf[0], bf[1], bf[2], bf[3], sbase + T.uint32(2 * (vbase + vr * D + vc * 8)))
                for nh in T.unroll(2):
                    if DT == "float16":
                        T.ptx.mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32(
                            acc[8 * di + 4 * nh], acc[8 * di + 4 * nh + 1], acc[8 * di + 4 * nh + 2], acc[8 * di + 4 * nh + 3],
                            pf[0], pf[1], pf[2], pf[3],
                            bf[2 * nh], bf[2 * nh + 1],
                            acc[8 * di + 4 * nh], acc[8 * di + 4 * nh + 1], acc[8 * di + 4 * nh + 2], acc[8 * di + 4 * nh + 3])
                    else:
                        T.ptx.mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32(
                            acc[8 * di + 4 * nh], acc[8 * di + 4 * nh + 1], acc[8 * di + 4 * nh + 2], acc[8 * di + 4 * nh + 3],
                            pf[0], pf[1], pf[2], pf[3],
                            bf[2 * nh], bf[2 * nh + 1],
                            acc[8 * di + 4 * nh], acc[8 * di + 4 * nh + 1], acc[8 * di + 4 * nh + 2], acc[8 * di + 4 * nh + 3])

    # epilogue: the row sums over the quad, O / l, LSE = max * scale + log(l)
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
