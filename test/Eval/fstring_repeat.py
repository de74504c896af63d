# An f-string evaluated many times (a loop, a function called per config) is
# split into its parts once and gives each evaluation's own values; literal
# braces, !r, format specs and adjacent literals keep their meaning.
# RUN: %tirx-opt %s | FileCheck %s
# CHECK: def f(A: T.Buffer((12, 12), "float32")):
# CHECK: T.evaluate("{c}_fp16_m1_x'c'_s0p01|{c}_bf16_m2_x'c'_s1|{c}_fp16_m3_x's'_s10|")
# CHECK: T.evaluate("  7|008|")
# CHECK: T.evaluate("{}")
# Floats print as Python's repr: integral ones as digits and ".0" (below 1e16).
# CHECK: T.evaluate("1.0 -0.0 0.0 123456789012345.0 1e+16 -3.0 2.5 0.1 1e-06")
# ... and :g as Python's (integral values of few digits without printf).
# CHECK: T.evaluate("1 10 0.01 -0 0 123456 1.23457e+06 -5 +5 7 1e+01        3| 2 1e+02 99")


def _code(layout):
    return "c" if layout == "compact" else "s"


def label(dtype, M, layout, scale):
    short = {"float16": "fp16", "bfloat16": "bf16"}[dtype]
    return (
        f"{{c}}_{short}_m{M}_"
        f"x{_code(layout)!r}_s{f'{scale:g}'.replace('.', 'p')}"
    )


LABELS = [label(d, m, l, s) for d, m, l, s in (("float16", 1, "compact", 0.01), ("bfloat16", 2, "compact", 1.0), ("float16", 3, "strided", 10.0))]
PADDED = [f"{v:>3}|" if v < 8 else f"{v:03d}|" for v in (7, 8)]


def fresh():
    d = {"a": 1, "b": 2.5}
    before = d["a"] * 10 + len(d)
    d["a"] = 5
    d["c"] = None
    return before


first = fresh()
second = fresh()  # a dict display of literals: each evaluation is a new dict


@T.prim_func
def f(A: T.Buffer((first, second), "float32")):
    T.evaluate("".join(x + "|" for x in LABELS))
    T.evaluate("".join(PADDED))
    T.evaluate(f"{{}}")
    T.evaluate(f"{1.0} {-0.0} {0.0} {123456789012345.0} {1e16} {-3.0} {2.5} {0.1} {1e-6}")
    T.evaluate(f"{1.0:g} {10.0:g} {0.01:g} {-0.0:g} {0.0:g} {123456.0:g} {1234567.0:g} {-5.0:+g} {5:+g} {7.0:.1g} {12.0:.1g} {3.0:8g}| {2.0:G} {100.0:.2g} {99.0:.2g}")

# A malformed f-string is a located error, reported before any of its fields runs.
# RUN: rm -rf %t && mkdir -p %t
# RUN: printf 'def g():\n    raise ValueError("ran")\nX = f"{g()} }"\n' > %t/single.py
# RUN: not %tirx-opt %t/single.py 2>&1 | FileCheck %s --check-prefix=SINGLE
# SINGLE: single.py:3:5: error: single '}' is not allowed in an f-string
# RUN: printf 'X = [f"a{i" for i in range(3)]\n' > %t/open.py
# RUN: not %tirx-opt %t/open.py 2>&1 | FileCheck %s --check-prefix=OPEN
# OPEN: open.py:1:6: error: f-string: expecting '}'
