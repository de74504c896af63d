"""attention_data.py — inputs and the result check of the attention-ladder GPU tests.

  attention_data.py make DIR B Sq Skv Hq Hkv D DTYPE
        write DIR/q.npy [B, Sq, Hq, D], DIR/k.npy and DIR/v.npy [B, Skv, Hkv, D]:
        standard normal values rounded to DTYPE (bfloat16 written as its raw uint16
        bits, which tirx-run accepts for a bfloat16 tensor)
  attention_data.py check O.npy LSE.npy DIR DTYPE CAUSAL
        O and LSE against a float64 reference: softmax(Q K^T / sqrt(D)) V per (batch,
        q head), kv head = h // (Hq // Hkv); CAUSAL (0 / 1) masks key j > i + Skv - Sq
        (FlashAttention's bottom-right alignment); LSE is the natural-log row
        log-sum-exp; a row that sees no key must have O = 0 and LSE = +inf.
        |O - ref| <= 2^-9 (float16) / 2^-6 (bfloat16) + the same relative;
        |LSE - ref| <= 1e-3 (fp32 softmax).
Exits 0 on success; on failure prints the worst elements and exits 1.
"""
import math
import sys

import numpy as np

TOL = {"float16": 2.0 ** -9, "bfloat16": 2.0 ** -6}


def to_bits(x, dtype):
    if dtype == "float16":
        return x.astype(np.float16)
    u = x.astype(np.float32).view(np.uint32).astype(np.uint64)
    u = (u + np.uint64(0x7FFF) + ((u >> np.uint64(16)) & np.uint64(1))) >> np.uint64(16)
    return u.astype(np.uint16)


def from_bits(x, dtype):
    if dtype == "float16":
        return x.astype(np.float64)
    return (x.astype(np.uint32) << 16).view(np.float32).astype(np.float64)


def reference(q, k, v, causal):
    B, Sq, Hq, D = q.shape
    Skv, Hkv = k.shape[1], k.shape[2]
    o = np.zeros(q.shape)
    lse = np.full((B, Hq, Sq), np.inf)
    for b in range(B):
        for h in range(Hq):
            hk = h // (Hq // Hkv)
            s = q[b, :, h] @ k[b, :, hk].T / math.sqrt(D)
            if causal:
                i = np.arange(Sq)[:, None]
                j = np.arange(Skv)[None, :]
                s = np.where(j <= i + Skv - Sq, s, -np.inf)
            m = s.max(axis=1) if Skv else np.full(Sq, -np.inf)
            ok = np.isfinite(m)
            ms = np.where(ok, m, 0.0)
            p = np.exp(s - ms[:, None])
            l = np.where(ok, p.sum(axis=1), 1.0)
            o[b, :, h] = np.where(ok[:, None], (p @ v[b, :, hk]) / l[:, None], 0.0)
            lse[b, h] = np.where(ok, ms + np.log(l), np.inf)
    return o, lse


def main(argv):
    if argv[1] == "make":
        d = argv[2]
        B, Sq, Skv, Hq, Hkv, D = (int(x) for x in argv[3:9])
        dtype = argv[9]
        rng = np.random.default_rng(B * 1000003 + Sq * 1009 + Skv * 31 + Hq * 7 + Hkv + D)
        np.save(d + "/q.npy", to_bits(rng.standard_normal((B, Sq, Hq, D)), dtype))
        np.save(d + "/k.npy", to_bits(rng.standard_normal((B, Skv, Hkv, D)), dtype))
        np.save(d + "/v.npy", to_bits(rng.standard_normal((B, Skv, Hkv, D)), dtype))
        return 0
    if argv[1] == "check":
        o_path, lse_path, d, dtype, causal = argv[2], argv[3], argv[4], argv[5], int(argv[6])
        q = from_bits(np.load(d + "/q.npy"), dtype)
        k = from_bits(np.load(d + "/k.npy"), dtype)
        v = from_bits(np.load(d + "/v.npy"), dtype)
        ro, rlse = reference(q, k, v, causal)
        o = from_bits(np.load(o_path), dtype)
        lse = np.load(lse_path).astype(np.float64)
        if o.shape != ro.shape or lse.shape != rlse.shape:
            print("attention_data.py: FAIL: shapes O %s LSE %s, expected %s %s"
                  % (o.shape, lse.shape, ro.shape, rlse.shape))
            return 1
        tol = TOL[dtype]
        err = np.abs(o - ro)
        bad = ~(err <= tol + tol * np.abs(ro))  # NaN is bad
        if bad.any():
            idx = np.argwhere(bad)
            print("attention_data.py: FAIL: O: %d of %d elements differ (%s, causal %d); first "
                  "at [b, i, h, d] = %s: got %r, expected %r; max |err| %.3g"
                  % (len(idx), o.size, dtype, causal, tuple(idx[0]), o[tuple(idx[0])],
                     ro[tuple(idx[0])], np.nanmax(err)))
            return 1
        fin = np.isfinite(rlse)
        lbad = np.zeros(lse.shape, bool)
        lbad[fin] = ~(np.abs(lse[fin] - rlse[fin]) <= 1e-3)
        lbad[~fin] = ~(lse[~fin] == np.inf)
        if lbad.any():
            idx = np.argwhere(lbad)
            print("attention_data.py: FAIL: LSE: %d of %d rows differ (%s, causal %d); first at "
                  "[b, h, i] = %s: got %r, expected %r"
                  % (len(idx), lse.size, dtype, causal, tuple(idx[0]), lse[tuple(idx[0])],
                     rlse[tuple(idx[0])]))
            return 1
        print("attention_data.py: ok: %s causal %d O %s, max |err| %.3g; LSE max |err| %.3g; "
              "%d rows see no key" % (dtype, causal, o.shape, err.max(),
                                      np.abs(lse[fin] - rlse[fin]).max() if fin.any() else 0.0,
                                      (~fin).sum()))
        return 0
    print("usage: attention_data.py make DIR B Sq Skv Hq Hkv D DTYPE | "
          "check O.npy LSE.npy DIR DTYPE CAUSAL")
    return 2


sys.exit(main(sys.argv))
