# copy_reg.py's spread for cases.py (apache/tvm's test_reg.py): scope warp / wg / cta x
# path shared / global x K x dtype (float16, float32, uint8); B must equal A bit for bit.
SCOPES = (("warp", 32, (8, 16)), ("wg", 128, (8, 16, 32)), ("cta", 256, (8, 16)))
DTYPES = ("float16", "float32", "uint8")
CASES = []
for scope, nt, ks in SCOPES:
    for path in ("shared", "global"):
        for k in ks:
            for dt in DTYPES:
                gen = (f"rng.integers(0, 256, {(nt, k)}).astype(np.uint8)" if dt == "uint8"
                       else f"(rng.standard_normal({(nt, k)}) * 100).astype(np.{dt})")
                CASES.append({
                    "name": f"{scope}_{path}_{dt}_{k}",
                    "kernel": "copy_reg.py",
                    "defines": {"SCOPE": scope, "NT": nt, "PATH": path, "K": k, "DT": dt},
                    "inputs": {"A": gen},
                    "outputs": {"B": f"{dt}[{nt},{k}]"},
                    "expect": {"B": ("A", 0)},
                })
