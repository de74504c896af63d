# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E20: logic, comparisons, bitwise calls, selects, casts; an evaluated call prints
# bare, other evaluated expressions keep T.evaluate.
# CHECK:@T.prim_func(private=True)
# CHECK-NEXT:def main(a: T.int32, b: T.int32, x: T.float32, u: T.uint32, flag: T.bool):
# CHECK-NEXT:    T.evaluate(0 <= a and a < b)
# CHECK-NEXT:    T.evaluate(not a == b or a != 3)
# CHECK-NEXT:    T.bitwise_and(a, 255)
# CHECK-NEXT:    T.shift_left(u, T.uint32(2))
# CHECK-NEXT:    T.bitwise_not(a)
# CHECK-NEXT:    T.if_then_else(a < b, x, T.float32(0.0))
# CHECK-NEXT:    T.evaluate(T.Select(flag, a, b))
# CHECK-NEXT:    T.evaluate(T.Cast("float32", a) * x)

@T.prim_func(private=True)
def main(a: T.int32, b: T.int32, x: T.float32, u: T.uint32, flag: T.bool):
    T.evaluate(0 <= a and a < b)
    T.evaluate(not a == b or a != 3)
    T.bitwise_and(a, 255)
    T.shift_left(u, T.uint32(2))
    T.bitwise_not(a)
    T.if_then_else(a < b, x, T.float32(0.0))
    T.evaluate(T.Select(flag, a, b))
    T.evaluate(T.Cast("float32", a) * x)
