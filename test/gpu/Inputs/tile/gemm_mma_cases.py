# gemm_mma.py's spread for cases.py (apache/tvm's test_gemm_mma_m16n8k_.py): float16 /
# bfloat16 x tilings MT x NT x KT x {gemm_k16, gemm_tA, gemm_tB (m16n8k16), gemm_k8
# (m16n8k8)} x beta 0 / 1.  Small integers (|x| <= 3, C in -8..8) keep every product and
# partial sum exact in float32, so D is compared exactly.  bfloat16 travels as its raw
# '<u2' bits (as tirx-run takes it); FL turns either input dtype back into float32.
TILINGS = ((1, 1, 1), (1, 1, 2), (1, 2, 1), (1, 4, 2), (2, 1, 1), (2, 2, 2))
FL = "(lambda t: t.astype(np.float32) if t.dtype == np.float16 else (t.astype(np.uint32) << 16).view(np.float32))"


def ints(shape, dt, lo=-3, hi=4):
    x = f"rng.integers({lo}, {hi}, {shape}).astype(np.float32)"
    return f"{x}.astype(np.float16)" if dt == "float16" else f"({x}.view(np.uint32) >> 16).astype('<u2')"


CASES = []
for dt in ("float16", "bfloat16"):
    for mt, nt, kt in TILINGS:
        for func, kk in (("gemm_k16", 16), ("gemm_tA", 16), ("gemm_tB", 16), ("gemm_k8", 8)):
            m, n, k = 16 * mt, 8 * nt, kk * kt
            a = (k, m) if func == "gemm_tA" else (m, k)
            b = (n, k) if func == "gemm_tB" else (k, n)
            ae = f"{FL}(A).T" if func == "gemm_tA" else f"{FL}(A)"
            be = f"{FL}(B).T" if func == "gemm_tB" else f"{FL}(B)"
            for beta in (0.0, 1.0):
                CASES.append({
                    "name": f"{func}_{dt}_{mt}{nt}{kt}_b{int(beta)}",
                    "kernel": "gemm_mma.py",
                    "func": func,
                    "defines": {"MT": mt, "NT": nt, "KT": kt, "DT": dt, "BETA": beta},
                    "inputs": {"A": ints(a, dt), "B": ints(b, dt), "C": f"rng.integers(-8, 9, {(m, n)}).astype(np.float32)"},
                    "outputs": {"D": f"float32[{m},{n}]"},
                    "expect": {"D": (f"{ae} @ {be} + {beta} * C", 0)},
                })
