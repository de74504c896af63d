#!/usr/bin/env python3
"""A CPU model of fa2_mma_sync.py's schedule, lane by lane, against a float64 reference.

It replays the kernel's index arithmetic -- the swizzled shared-memory offsets of the
cp.async chunks (zero-filled past the sequence ends), the ldmatrix.x4 / .x4.trans lane
addresses, the mma.sync.m16n8k16 fragment layouts of PTX ISA 9.7.14.5.8 (A: a0 (g, 2t),
a1 (g + 8, 2t), a2 (g, 2t + 8), a3 (g + 8, 2t + 8); B: b0 (k 2t, n g), b1 (k 2t + 8, n g);
C: c0 c1 (g, 2t + h), c2 c3 (g + 8, 2t + h)), the -inf masks, the exp2 online softmax
with the quad shuffles, P rounded to the input type and reused as the A fragment, the
causal tile bound and the epilogue -- so a wrong fragment index or mask shows up here as
a wrong O or LSE before the kernel reaches the GPU.  Registers hold values, not bits
(f16 / bf16 rounding is applied where the kernel converts).

    python3 examples/attention/emulate_fa2_mma_sync.py [--quick]   # small cases (--quick: 2)
"""
import math
import sys

import numpy as np

BN = 64


def bf16_round(x):
    x = np.asarray(x, np.float32)
    u = np.atleast_1d(x).view(np.uint32).astype(np.uint64)
    s16, one = np.uint64(16), np.uint64(1)
    u = ((u + np.uint64(0x7FFF) + ((u >> s16) & one)) >> s16) << s16
    return u.astype(np.uint32).view(np.float32).astype(np.float64).reshape(x.shape)


def rnd(x, dt):
    return np.asarray(x, np.float16).astype(np.float64) if dt == "float16" else bf16_round(x)


def reference(q, k, v, causal):
    B, Sq, Hq, D = q.shape
    Skv, Hkv = k.shape[1], k.shape[2]
    o = np.zeros_like(q)
    lse = np.full((B, Hq, Sq), np.inf)
    for b in range(B):
        for h in range(Hq):
            hk = h // (Hq // Hkv)
            s = q[b, :, h] @ k[b, :, hk].T / math.sqrt(D)
            if causal:
                i = np.arange(Sq)[:, None]
                j = np.arange(Skv)[None, :]
                s = np.where(j <= i + Skv - Sq, s, -np.inf)
            m = s.max(axis=1, keepdims=True)
            ok = np.isfinite(m[:, 0])
            p = np.exp(s - np.where(np.isfinite(m), m, 0))
            l = p.sum(axis=1)
            o[b, :, h] = np.where(ok[:, None], (p @ v[b, :, hk]) / np.where(ok, l, 1)[:, None], 0)
            lse[b, h] = np.where(ok, m[:, 0] + np.log(np.where(ok, l, 1)), np.inf)
    return o, lse


def kernel(q, k, v, causal, dt, NW=4):
    B, Sq, Hq, D = q.shape
    Skv, Hkv = k.shape[1], k.shape[2]
    BM, CH, QT, KT, NTH = 16 * NW, D // 8, 16 * NW * D, BN * D, 32 * NW
    SL2 = math.log2(math.e) / math.sqrt(D)
    O = np.full(q.shape, np.nan)
    LSE = np.full((B, Hq, Sq), np.nan)
    lane = np.arange(32)
    g, t4 = lane // 4, lane % 4

    def mma(c, a, b0, b1):
        # a: 4 registers of (lo, hi) pairs, each [32, 2]; b0, b1 the same; c [32, 4]
        A = np.zeros((16, 16))
        Bm = np.zeros((16, 8))
        for ln in range(32):
            gg, tt = ln // 4, ln % 4
            for e in range(2):
                A[gg, 2 * tt + e] = a[0][ln, e]
                A[gg + 8, 2 * tt + e] = a[1][ln, e]
                A[gg, 2 * tt + 8 + e] = a[2][ln, e]
                A[gg + 8, 2 * tt + 8 + e] = a[3][ln, e]
                Bm[2 * tt + e, gg] = b0[ln, e]
                Bm[2 * tt + 8 + e, gg] = b1[ln, e]
        Cm = A @ Bm
        out = c.copy()
        for ln in range(32):
            gg, tt = ln // 4, ln % 4
            out[ln, 0] += Cm[gg, 2 * tt]
            out[ln, 1] += Cm[gg, 2 * tt + 1]
            out[ln, 2] += Cm[gg + 8, 2 * tt]
            out[ln, 3] += Cm[gg + 8, 2 * tt + 1]
        return out

    def ldmatrix_x4(pool, addr, trans):
        # addr[lane]: element offset of the 8-half row lane l provides (matrix l / 8)
        regs = []
        for mi in range(4):
            rows = np.array([pool[addr[8 * mi + r]: addr[8 * mi + r] + 8] for r in range(8)])
            reg = np.zeros((32, 2))
            for ln in range(32):
                for e in range(2):
                    if trans:
                        reg[ln, e] = rows[2 * (ln % 4) + e, ln // 4]
                    else:
                        reg[ln, e] = rows[ln // 4, 2 * (ln % 4) + e]
            regs.append(reg)
        return regs

    for b in range(B):
        for h in range(Hq):
            assert Hq % Hkv == 0
            hk = h // (Hq // Hkv)
            for qb in range((Sq + BM - 1) // BM):
                pool = np.full(QT + 4 * KT, np.nan)  # uninitialised smem
                m0 = qb * BM
                off = Skv - Sq
                kv_end = min(Skv, max(m0 + BM + off, 0)) if causal else Skv
                nkv = (kv_end + BN - 1) // BN

                def load(dst, src, row0, nrows, limit, tbase):
                    for tid in range(NTH):
                        for i in range(nrows * CH // NTH):
                            c = tid + NTH * i
                            row, ch = c // CH, c % CH
                            so = tbase + row * D + ((ch ^ (row % 8)) * 8)
                            r = row0 + row
                            src_row = min(r, limit - 1)
                            chunk = src[src_row, ch * 8: ch * 8 + 8]
                            dst[so: so + 8] = chunk if r < limit else 0.0

                load(pool, q[b, :, h], m0, BM, Sq, 0)
                if nkv > 0:
                    load(pool, k[b, :, hk], 0, BN, Skv, QT)
                    load(pool, v[b, :, hk], 0, BN, Skv, QT + 2 * KT)
                # warps run in lock step per tile (the barrier in the loop); model the
                # ring: tile j in stage j % 2, loaded during tile j - 1's compute
                qfs = []
                for warp in range(NW):
                    qf = []
                    for ks in range(D // 16):
                        ar = warp * 16 + lane % 16
                        ac = (ks * 2 + lane // 16) ^ (ar % 8)
                        qf.append(ldmatrix_x4(pool, ar * D + ac * 8, False))
                    qfs.append(qf)
                acc = [np.zeros((32, D // 2)) for _ in range(NW)]
                mrow = [np.full((32, 2), -np.inf) for _ in range(NW)]
                lrow = [np.zeros((32, 2)) for _ in range(NW)]
                for j in range(nkv):
                    if j + 1 < nkv:
                        st1 = (j + 1) % 2
                        # the loads into the other stage (their data is not read this
                        # tile; loading before the compute checks the stage separation)
                        load(pool, k[b, :, hk], (j + 1) * BN, BN, Skv, QT + st1 * KT)
                        load(pool, v[b, :, hk], (j + 1) * BN, BN, Skv, QT + 2 * KT + st1 * KT)
                    kbase = QT + (j % 2) * KT
                    vbase = kbase + 2 * KT
                    n0 = j * BN
                    for warp in range(NW):
                        wr0 = m0 + warp * 16
                        s = np.zeros((32, BN // 2))
                        for ks in range(D // 16):
                            for ni in range(BN // 16):
                                br = ni * 16 + lane % 8 + 8 * (lane // 16)
                                bc = (ks * 2 + (lane // 8) % 2) ^ (br % 8)
                                bfr = ldmatrix_x4(pool, kbase + br * D + bc * 8, False)
                                for nh in range(2):
                                    sl = slice(8 * ni + 4 * nh, 8 * ni + 4 * nh + 4)
                                    s[:, sl] = mma(s[:, sl], qfs[warp][ks], bfr[2 * nh], bfr[2 * nh + 1])
                        need = (n0 + BN > Skv) or (causal and n0 + BN - 1 > wr0 + off)
                        if need:
                            for jn in range(BN // 8):
                                for vv in range(2):
                                    for hh in range(2):
                                        mc = n0 + 8 * jn + 2 * t4 + hh
                                        mr = wr0 + g + 8 * vv
                                        ok = mc < Skv
                                        if causal:
                                            ok = ok & (mc <= mr + off)
                                        idx = 4 * jn + 2 * vv + hh
                                        s[:, idx] = np.where(ok, s[:, idx], -np.inf)
                        red = mrow[warp].copy()
                        for vv in range(2):
                            for jn in range(BN // 8):
                                for hh in range(2):
                                    red[:, vv] = np.maximum(red[:, vv], s[:, 4 * jn + 2 * vv + hh])
                            for x in (1, 2):
                                red[:, vv] = np.maximum(red[:, vv], red[lane ^ x, vv])
                        for vv in range(2):
                            ms = np.where(red[:, vv] == -np.inf, 0.0, red[:, vv] * SL2)
                            alpha = np.exp2(mrow[warp][:, vv] * SL2 - ms)
                            mrow[warp][:, vv] = red[:, vv]
                            lrow[warp][:, vv] *= alpha
                            for jn in range(BN // 8):
                                for hh in range(2):
                                    idx = 4 * jn + 2 * vv + hh
                                    s[:, idx] = np.exp2(s[:, idx] * SL2 - ms)
                                    lrow[warp][:, vv] += s[:, idx]
                            for dj in range(D // 8):
                                for hh in range(2):
                                    acc[warp][:, 4 * dj + 2 * vv + hh] *= alpha
                        for kk in range(BN // 16):
                            pf = [np.stack([rnd(s[:, 8 * kk + 2 * w], dt), rnd(s[:, 8 * kk + 2 * w + 1], dt)], 1)
                                  for w in range(4)]
                            for di in range(D // 16):
                                vr = kk * 16 + lane % 8 + 8 * ((lane // 8) % 2)
                                vc = (di * 2 + lane // 16) ^ (vr % 8)
                                bfr = ldmatrix_x4(pool, vbase + vr * D + vc * 8, True)
                                for nh in range(2):
                                    sl = slice(8 * di + 4 * nh, 8 * di + 4 * nh + 4)
                                    acc[warp][:, sl] = mma(acc[warp][:, sl], pf, bfr[2 * nh], bfr[2 * nh + 1])
                for warp in range(NW):
                    wr0 = m0 + warp * 16
                    red = lrow[warp] + lrow[warp][lane ^ 1]
                    red = red + red[lane ^ 2]
                    for vv in range(2):
                        orow = wr0 + g + 8 * vv
                        inv = np.where(red[:, vv] > 0, 1.0 / np.where(red[:, vv] > 0, red[:, vv], 1), 0.0)
                        for ln in range(32):
                            if orow[ln] < Sq:
                                for dj in range(D // 8):
                                    for hh in range(2):
                                        O[b, orow[ln], h, 8 * dj + 2 * t4[ln] + hh] = rnd(
                                            acc[warp][ln, 4 * dj + 2 * vv + hh] * inv[ln], dt)
                                if t4[ln] == 0:
                                    LSE[b, h, orow[ln]] = (mrow[warp][ln, vv] / math.sqrt(D) + math.log(red[ln, vv])
                                                           if red[ln, vv] > 0 else np.inf)
    return O, LSE


def case(B, Sq, Skv, Hq, Hkv, D, causal, dt, NW=4, seed=0):
    rng = np.random.default_rng(seed)
    q = rnd(rng.standard_normal((B, Sq, Hq, D)), dt)
    k = rnd(rng.standard_normal((B, Skv, Hkv, D)), dt)
    v = rnd(rng.standard_normal((B, Skv, Hkv, D)), dt)
    o, lse = kernel(q, k, v, causal, dt, NW)
    ro, rlse = reference(q, k, v, causal)
    tol = 2e-2 if dt == "bfloat16" else 4e-3
    fin = np.isfinite(rlse)
    ok = (not np.isnan(o).any() and np.abs(o - ro).max() <= tol
          and (np.isinf(lse) == ~fin).all() and np.abs(lse[fin] - rlse[fin]).max() <= 1e-4)
    print("%s B=%d Sq=%d Skv=%d Hq=%d Hkv=%d D=%d causal=%d %s NW=%d: max|dO| %.2e max|dLSE| %.2e, "
          "%d empty rows" % ("ok  " if ok else "FAIL", B, Sq, Skv, Hq, Hkv, D, causal, dt, NW,
                             np.nanmax(np.abs(o - ro)), np.abs(lse[fin] - rlse[fin]).max() if fin.any() else 0,
                             (~fin).sum()))
    return ok


def main():
    if "--quick" in sys.argv[1:]:  # two cases, a few seconds (test/CodeGen/NVPTX/attention_ladder.test)
        ok = case(1, 77, 131, 4, 2, 64, True, "float16")
        ok = case(1, 131, 77, 2, 1, 64, True, "bfloat16") and ok
        return 0 if ok else 1
    cases = [
        (1, 77, 131, 4, 2, 64, False, "float16"),
        (1, 77, 131, 4, 2, 64, True, "float16"),
        (1, 131, 77, 2, 1, 64, True, "bfloat16"),
        (1, 77, 131, 2, 2, 128, False, "bfloat16"),
        (1, 77, 131, 2, 1, 128, True, "float16"),
        (2, 64, 64, 1, 1, 64, True, "float16"),
    ]
    fails = 0
    for c in cases:
        fails += not case(*c)
    fails += not case(1, 150, 150, 2, 1, 64, True, "float16", NW=8)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
