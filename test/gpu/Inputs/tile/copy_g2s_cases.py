# copy_g2s.py's spread for cases.py (apache/tvm's test_copy_g2s_s2g): its five tasks (a
# whole tile, a window at an offset, one plane of a 3-d tensor, a small corner, a
# swizzled shared tile at an offset) x scope cta (32 threads) / tile (one thread) x dtype
# (int8, float16, bfloat16 as raw '<u2' bits, float32).  B equals A inside the region, 0
# elsewhere, bit for bit.
TASKS = (  # name, kernel, defines, global shape, region slices
    ("t0", "g2s", dict(GM=128, GN=32, R0=0, C0=0, SM=128, SN=32), (128, 32), "0:128, 0:32"),
    ("t1", "g2s", dict(GM=64, GN=64, R0=32, C0=32, SM=32, SN=32), (64, 64), "32:64, 32:64"),
    ("t2", "g2s_3d", dict(GB=4, GM=32, GN=32, P0=0, R0=0, C0=0, SM=32, SN=32), (4, 32, 32), "0:1, 0:32, 0:32"),
    ("t3", "g2s", dict(GM=16, GN=16, R0=0, C0=0, SM=8, SN=8), (16, 16), "0:8, 0:8"),
    ("t4", "g2s", dict(GM=96, GN=512, R0=16, C0=256, SM=32, SN=256, SWZ=1), (96, 512), "16:48, 256:512"),
)
GEN = {
    "int8": "rng.integers(-128, 128, {s}).astype(np.int8)",
    "float16": "rng.standard_normal({s}).astype(np.float16)",
    "bfloat16": "(rng.standard_normal({s}).astype(np.float32).view(np.uint32) >> 16).astype('<u2')",
    "float32": "rng.standard_normal({s}).astype(np.float32)",
}
CASES = []
for task, func, defs, shape, sl in TASKS:
    for scope, nt in (("cta", 32), ("tile", 1)):
        for dt, gen in GEN.items():
            CASES.append({
                "name": f"{task}_{scope}_{dt}",
                "kernel": "copy_g2s.py",
                "func": func,
                "defines": {"DT": dt, "SCOPE": scope, "NT": nt, **defs},
                "inputs": {"A": gen.format(s=shape)},
                "outputs": {"B": f"{dt}[{','.join(map(str, shape))}]"},
                "expect": {"B": (f"(lambda b: (b.__setitem__(np.s_[{sl}], A[np.s_[{sl}]]), b)[1])(np.zeros_like(A))", 0)},
            })
