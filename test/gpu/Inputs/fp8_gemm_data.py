"""fp8_gemm_data.py — inputs and the result check of the fp8 GEMM GPU tests
(examples/gemm/fp8_ws_persistent.py).

  fp8_gemm_data.py make DIR M N K DTYPE SCALING
      DIR/a.npy (M x K) and DIR/b.npy (N x K): random finite values of DTYPE
      (float8_e4m3fn or float8_e5m2, magnitudes 1/8 .. 8) as raw '|u1' bits, which
      tirx-run accepts for a float8 tensor; DIR/sa.npy and DIR/sb.npy (float32): for
      SCALING "tensor" one scale each ([1]); for "block" one per row and 128-deep K block
      of A ([M, ceil(K/128)]) and one per 128 x 128 block of B ([ceil(N/128), ceil(K/128)]),
      random in [1/4, 4].
  fp8_gemm_data.py check C.npy DIR DTYPE SCALING OT
      C (OT: bfloat16 as raw '<u2', or float16) equals the float64 reference
      (A dequantized with its scales) @ (B dequantized)^T within fp8 GEMM tolerance:
      |c - ref| <= 2^-7 |ref| + 2^-9 max|ref| (the bf16 output's rounding, and the
      tensor cores' fp8 accumulation, which keeps fewer bits than fp32).
Exits 0 on success; on failure prints the worst elements and exits 1.
"""
import sys

import numpy as np

# (exponent bits, mantissa bits, bias) and the codes that are not finite
FORMATS = {"float8_e4m3fn": (4, 3, 7), "float8_e5m2": (5, 2, 15)}


def decode(codes, dtype):
    """float64 values of raw fp8 codes (NaN / inf codes excluded by make)."""
    e_bits, m_bits, bias = FORMATS[dtype]
    c = codes.astype(np.int64)
    sign = np.where(c & 0x80, -1.0, 1.0)
    e = (c >> m_bits) & ((1 << e_bits) - 1)
    m = c & ((1 << m_bits) - 1)
    normal = np.ldexp(1.0 + m / (1 << m_bits), e - bias)
    sub = np.ldexp(m / (1 << m_bits), 1 - bias)
    return sign * np.where(e == 0, sub, normal)


def finite_codes(dtype, lo=0.125, hi=8.0):
    codes = np.arange(256, dtype=np.uint8)
    v = np.abs(decode(codes, dtype))
    return codes[(v >= lo) & (v <= hi)]


def scale_shapes(m, n, k, scaling):
    kb = (k + 127) // 128
    if scaling == "block":
        return (m, kb), ((n + 127) // 128, kb)
    return (1,), (1,)


def reference(d, dtype, scaling):
    a = decode(np.load(d + "/a.npy"), dtype)
    b = decode(np.load(d + "/b.npy"), dtype)
    sa = np.load(d + "/sa.npy").astype(np.float64)
    sb = np.load(d + "/sb.npy").astype(np.float64)
    if scaling == "block":
        kidx = np.arange(a.shape[1]) // 128
        a = a * sa[:, kidx]
        b = b * sb[np.arange(b.shape[0]) // 128][:, kidx]
        return a @ b.T
    return (a @ b.T) * sa[0] * sb[0]


def main(argv):
    if argv[1] == "make":
        d, dtype, scaling = argv[2], argv[6], argv[7]
        m, n, k = int(argv[3]), int(argv[4]), int(argv[5])
        rng = np.random.default_rng(m * 7 + n * 3 + k)
        codes = finite_codes(dtype)
        np.save(d + "/a.npy", rng.choice(codes, (m, k)))
        np.save(d + "/b.npy", rng.choice(codes, (n, k)))
        sa_shape, sb_shape = scale_shapes(m, n, k, scaling)
        np.save(d + "/sa.npy", rng.uniform(0.25, 4.0, sa_shape).astype(np.float32))
        np.save(d + "/sb.npy", rng.uniform(0.25, 4.0, sb_shape).astype(np.float32))
        return 0
    if argv[1] == "check":
        c_path, d, dtype, scaling, ot = argv[2], argv[3], argv[4], argv[5], argv[6]
        ref = reference(d, dtype, scaling)
        raw = np.load(c_path)
        if ot == "bfloat16":
            c = (raw.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
        else:
            c = raw.astype(np.float64)
        if c.shape != ref.shape:
            print("fp8_gemm_data.py: FAIL: shape %s, expected %s" % (c.shape, ref.shape))
            return 1
        err = np.abs(c - ref)
        bad = err > 2.0 ** -7 * np.abs(ref) + 2.0 ** -9 * np.abs(ref).max()
        if bad.any() or not np.isfinite(c).all():
            idx = np.argwhere(bad | ~np.isfinite(c))
            print("fp8_gemm_data.py: FAIL: %d of %d elements differ (%s %s -> %s); first at %s: "
                  "got %r, expected %r" % (len(idx), c.size, dtype, scaling, ot, tuple(idx[0]),
                                           c[tuple(idx[0])], ref[tuple(idx[0])]))
            return 1
        print("fp8_gemm_data.py: ok: %s %s -> %s %s, max |err| %.3g (%.2e of max |ref| %.3g)"
              % (dtype, scaling, ot, c.shape, err.max(), err.max() / np.abs(ref).max(),
                 np.abs(ref).max()))
        return 0
    print("usage: fp8_gemm_data.py make DIR M N K DTYPE SCALING | "
          "check C.npy DIR DTYPE SCALING OT")
    return 2


sys.exit(main(sys.argv))
