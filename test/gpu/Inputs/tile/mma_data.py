"""mma_data.py OUT_PREFIX M N K DTYPE — inputs and references for gemm_mma.py.

Small integers (|x| <= 3) so every product and every partial sum is exact in
float32 whatever the summation order: the references compare exactly.
Writes PREFIX_a.npy (M, K), _at.npy (K, M), _b.npy (K, N), _bt.npy (N, K) in
DTYPE (float16, or bfloat16 as its raw '<u2' bits, as tirx-run takes them),
_c.npy (M, N) float32, and the references _ref0.npy = A @ B, _ref1.npy = A @ B + C."""
import sys

import numpy as np


def bits(x, dtype):
    x = np.ascontiguousarray(x, dtype=np.float32)
    if dtype == "bfloat16":
        return (x.view(np.uint32) >> 16).astype("<u2")
    return x.astype(np.float16)


def main(prefix, m, n, k, dtype):
    m, n, k = int(m), int(n), int(k)
    r = np.random.default_rng(m * 10000 + n * 100 + k)
    a = r.integers(-3, 4, (m, k)).astype(np.float32)
    b = r.integers(-3, 4, (k, n)).astype(np.float32)
    c = r.integers(-8, 9, (m, n)).astype(np.float32)
    np.save(prefix + "_a.npy", bits(a, dtype))
    np.save(prefix + "_at.npy", bits(a.T, dtype))
    np.save(prefix + "_b.npy", bits(b, dtype))
    np.save(prefix + "_bt.npy", bits(b.T, dtype))
    np.save(prefix + "_c.npy", c)
    np.save(prefix + "_ref0.npy", a @ b)
    np.save(prefix + "_ref1.npy", a @ b + c)


main(*sys.argv[1:])
