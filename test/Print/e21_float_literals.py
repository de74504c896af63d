# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E21: float literal text (%.17g, integral with one decimal, quoted -inf) and
# a 64-bit literal.
# CHECK:@T.prim_func(private=True)
# CHECK-NEXT:def main(x: T.float32, d: T.float64, k: T.int64):
# CHECK-NEXT:    T.evaluate(x + T.float32(0.10000000000000001))
# CHECK-NEXT:    T.evaluate(x + T.float32(1.25))
# CHECK-NEXT:    T.evaluate(d * T.float64(1.0000000000000001e-05))
# CHECK-NEXT:    T.evaluate(T.max(x, T.float32("-inf")))
# CHECK-NEXT:    T.evaluate(k + T.int64(4294967295))

@T.prim_func(private=True)
def main(x: T.float32, d: T.float64, k: T.int64):
    T.evaluate(x + T.float32(0.10000000000000001))
    T.evaluate(x + T.float32(1.25))
    T.evaluate(d * T.float64(1.0000000000000001e-05))
    T.evaluate(T.max(x, T.float32("-inf")))
    T.evaluate(k + T.int64(4294967295))
