# The elementwise ops x {reg, smem} (ew_ops.py) for cases.py: each op's numpy reference,
# on X in [0.5, 2), Y in +-[0.5, 2), Z normal.
REF = {
    "zero": ("np.zeros_like(X)", 0),
    "fill": ("np.full_like(X, 1.5)", 0),
    "cast": ("X.astype(np.float16)", 0),
    "sqrt": ("np.sqrt(X)", 1e-6),
    "exp": ("np.exp(X)", 1e-5),
    "exp2": ("np.exp2(X)", 1e-5),
    "log2": ("np.log2(X)", 1e-5),
    "reciprocal": ("1 / X", 1e-6),
    "silu": ("X / (1 + np.exp(-X))", 1e-5),
    "add": ("X + Y", 1e-6),
    "sub": ("X - Y", 1e-6),
    "mul": ("X * Y", 1e-6),
    "fdiv": ("X / Y", 1e-6),
    "maximum": ("np.maximum(X, Y)", 0),
    "fma": ("X * Y + Z", 1e-6),
}
CASES = []
for op, (ref, rtol) in REF.items():
    for func, shape in (("ew_reg", (32, 8)), ("ew_smem", (32, 32))):
        odt = "float16" if op == "cast" else "float32"
        CASES.append({
            "name": f"{func}_{op}",
            "kernel": "ew_ops.py",
            "func": func,
            "defines": {"OP": op, "ODT": odt},
            "inputs": {
                "X": f"rng.uniform(0.5, 2, {shape}).astype(np.float32)",
                "Y": f"(rng.uniform(0.5, 2, {shape}) * rng.choice([-1, 1], {shape})).astype(np.float32)",
                "Z": f"rng.standard_normal({shape}).astype(np.float32)",
            },
            "outputs": {"O": f"{odt}[{shape[0]},{shape[1]}]"},
            "expect": {"O": (ref, rtol)},
        })
