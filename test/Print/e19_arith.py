# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E19: arithmetic - operators vs node constructors, typed literals, a * -1,
# non-folding T.Add, right-operand parentheses.
# CHECK:@T.prim_func(private=True)
# CHECK-NEXT:def main(a: T.int32, b: T.int32, x: T.float32, h: T.float16, u: T.uint32, w: T.int64):
# CHECK-NEXT:    T.evaluate(a // b + a % b)
# CHECK-NEXT:    T.evaluate(T.Div(a, b) + T.truncmod(a, b))
# CHECK-NEXT:    T.evaluate(x / T.float32(3.0))
# CHECK-NEXT:    T.evaluate(T.min(a, b) - T.max(a, 0))
# CHECK-NEXT:    T.evaluate(a * -1)
# CHECK-NEXT:    T.evaluate(w + T.int64(5))
# CHECK-NEXT:    T.evaluate(u + T.uint32(1))
# CHECK-NEXT:    T.evaluate(h * T.float16(0.5))
# CHECK-NEXT:    T.evaluate(T.Add(a, 0))
# CHECK-NEXT:    T.evaluate(a - (b - 1))

@T.prim_func(private=True)
def main(a: T.int32, b: T.int32, x: T.float32, h: T.float16, u: T.uint32, w: T.int64):
    T.evaluate(a // b + a % b)
    T.evaluate(T.Div(a, b) + T.truncmod(a, b))
    T.evaluate(x / T.float32(3.0))
    T.evaluate(T.min(a, b) - T.max(a, 0))
    T.evaluate(a * -1)
    T.evaluate(w + T.int64(5))
    T.evaluate(u + T.uint32(1))
    T.evaluate(h * T.float16(0.5))
    T.evaluate(T.Add(a, 0))
    T.evaluate(a - (b - 1))
