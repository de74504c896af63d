"""gemm_data.py — inputs and the result check of the GEMM-ladder GPU tests.

  gemm_data.py make DIR M N K DTYPE     write DIR/a.npy (M x K) and DIR/b.npy (N x K):
                                        values in {-1, -0.5, 0, 0.5, 1} (exact products;
                                        bfloat16 written as its raw uint16 bits, which
                                        tirx-run accepts for a bfloat16 tensor)
  gemm_data.py check C.npy DIR DTYPE    C == A @ B^T (float64 reference) elementwise
                                        within the output type's rounding
                                        (|c - ref| <= rtol |ref| + 1e-3)
Exits 0 on success; on failure prints the worst elements and exits 1.
"""
import sys

import numpy as np

RTOL = {"float16": 2.0 ** -10, "bfloat16": 2.0 ** -7}


def to_bits(x, dtype):
    if dtype == "float16":
        return x.astype(np.float16)
    u = x.astype(np.float32).view(np.uint32)  # values here are exact in bfloat16
    return (u >> 16).astype(np.uint16)


def from_bits(x, dtype):
    if dtype == "float16":
        return x.astype(np.float64)
    return (x.astype(np.uint32) << 16).view(np.float32).astype(np.float64)


def main(argv):
    if argv[1] == "make":
        d, m, n, k, dtype = argv[2], int(argv[3]), int(argv[4]), int(argv[5]), argv[6]
        rng = np.random.default_rng(m * 7 + n * 3 + k)
        vals = np.array([-1.0, -0.5, 0.0, 0.5, 1.0])
        np.save(d + "/a.npy", to_bits(rng.choice(vals, (m, k)), dtype))
        np.save(d + "/b.npy", to_bits(rng.choice(vals, (n, k)), dtype))
        return 0
    if argv[1] == "check":
        c_path, d, dtype = argv[2], argv[3], argv[4]
        a = from_bits(np.load(d + "/a.npy"), dtype)
        b = from_bits(np.load(d + "/b.npy"), dtype)
        ref = a @ b.T
        c = from_bits(np.load(c_path), dtype)
        if c.shape != ref.shape:
            print("gemm_data.py: FAIL: shape %s, expected %s" % (c.shape, ref.shape))
            return 1
        err = np.abs(c - ref)
        bad = err > RTOL[dtype] * np.abs(ref) + 1e-3
        if bad.any() or not np.isfinite(c).all():
            idx = np.argwhere(bad | ~np.isfinite(c))
            print("gemm_data.py: FAIL: %d of %d elements differ (%s); first at %s: got %r, "
                  "expected %r" % (len(idx), c.size, dtype, tuple(idx[0]), c[tuple(idx[0])],
                                   ref[tuple(idx[0])]))
            return 1
        print("gemm_data.py: ok: %s %s, max |err| %.3g, max |ref| %.3g"
              % (dtype, c.shape, err.max(), np.abs(ref).max()))
        return 0
    print("usage: gemm_data.py make DIR M N K DTYPE | check C.npy DIR DTYPE")
    return 2


sys.exit(main(sys.argv))
