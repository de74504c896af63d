#!/usr/bin/env python3
"""A CPU model of fa_tma_wgmma.py's shared-memory operands: do the TMA boxes and the wgmma
descriptors the kernel builds address the Q, K and V elements each wgmma step needs?

Model (PTX ISA / CUTLASS's canonical GMMA layouts, 16-bit elements, 128B swizzle):
  * a TMA box of R rows x 64 elements written at smem byte address X puts element (r, c)
    at swz(X + 128 r + 2 c), swz(a) = a ^ (((a >> 7) & 7) << 4) (X 1024-byte aligned);
  * a K-major SW128 descriptor (start, SBO) reads operand element (mn, k) at
    swz(start + 128 (mn % 8) + SBO (mn / 8) + 2 k);
  * an MN-major SW128 descriptor (start, LBO, SBO) reads (mn, k) at
    swz(start + 2 (mn % 64) + LBO (mn / 64) + 128 (k % 8) + SBO (k / 8)).
The kernel's constants and address expressions are repeated here; every operand element
of every wgmma step (Q K^T: D / 16 steps, P V: BN / 16 steps), both warpgroups and both
ring stages, for D = 64 and 128, is compared with the tensor element it must be.

    python3 examples/attention/check_wgmma_operands.py
"""
import sys


def swz(a):
    return a ^ (((a >> 7) & 7) << 4)


def check(D, NWG=2, BN=128):
    BM = 64 * NWG
    Q_BYTES = BM * D * 2
    KV_BYTES = BN * D * 2
    SMEM_K = Q_BYTES
    SMEM_V = SMEM_K + 2 * KV_BYTES
    DB = D // 64
    mem = {}

    def tma(base, rows, tag, col0):
        assert base % 1024 == 0
        for r in range(rows):
            for c in range(64):
                a = swz(base + 128 * r + 2 * c)
                assert a not in mem
                mem[a] = (tag, r, col0 + c)

    tma_q = [(c * BM * 128, BM, "Q", 64 * c) for c in range(DB)]
    for args in tma_q:
        tma(*args)
    for st in range(2):
        for c in range(DB):
            tma(SMEM_K + st * KV_BYTES + c * BN * 128, BN, "K%d" % st, 64 * c)
            tma(SMEM_V + st * KV_BYTES + c * BN * 128, BN, "V%d" % st, 64 * c)
    bad = 0
    SBO, LBO_V = 1024, BN * 128
    for st in range(2):
        for wg in range(NWG):
            for kk in range(D // 16):
                qa = (kk // 4) * BM * 128 + wg * 64 * 128 + 32 * (kk % 4)
                kb = SMEM_K + st * KV_BYTES + (kk // 4) * BN * 128 + 32 * (kk % 4)
                for k in range(16):
                    for mn in range(64):
                        got = mem.get(swz(qa + 128 * (mn % 8) + SBO * (mn // 8) + 2 * k))
                        bad += got != ("Q", wg * 64 + mn, kk * 16 + k)
                    for n in range(BN):
                        got = mem.get(swz(kb + 128 * (n % 8) + SBO * (n // 8) + 2 * k))
                        bad += got != ("K%d" % st, n, kk * 16 + k)
        for kk in range(BN // 16):
            vb = SMEM_V + st * KV_BYTES + kk * 16 * 128
            for k in range(16):
                for n in range(D):
                    got = mem.get(swz(vb + 2 * (n % 64) + LBO_V * (n // 64) + 128 * (k % 8) + SBO * (k // 8)))
                    bad += got != ("V%d" % st, kk * 16 + k, n)
    # descriptor fields: 14 bits each (bytes >> 4)
    assert (SMEM_V + 2 * KV_BYTES) >> 4 < (1 << 14) and LBO_V >> 4 < (1 << 14)
    print("%s D=%d: %d operand elements misaddressed" % ("ok  " if not bad else "FAIL", D, bad))
    return bad == 0


if __name__ == "__main__":
    sys.exit(0 if all([check(64), check(128)]) else 1)
