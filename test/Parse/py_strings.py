# f-strings (conversions, format specs), `%` and str.format at parse time.
# RUN: %tirx-opt %s | FileCheck %s
# CHECK: T.evaluate("1.5 True None (1,) [1, 'a'] ff 003 0.500   s {x}")
# CHECK-NEXT: T.evaluate("7- 3.14-ok 100%")
# CHECK-NEXT: T.evaluate("3+n=   4|a   |")
# CHECK-NEXT: T.evaluate("k_128_float16")
# CHECK-NEXT: T.evaluate("ab-ab-")
NAME = "float16"

@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.evaluate(f"{1.5!r} {True} {None} {(1,)} {[1, 'a']} {255:x} {3:03d} {0.5:.3f} {'s':>3} {{x}}")
    T.evaluate("%d-%5.2f-%s %d%%" % (7, 3.14159, "ok", 100))
    T.evaluate("{}+{name}={:>4}|{:<4}|".format(3, 4, "a", name="n"))
    T.evaluate(f"k_{64 * 2}_{NAME}")
    T.evaluate("ab-" * 2)
