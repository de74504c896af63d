# RUN: %tirx-opt %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# CHECK-LABEL: @T.prim_func(private=True)
# CHECK-NEXT: {{^}}def main(a: T.int32, w: T.int64, u: T.uint32, x: T.float32, h: T.float16):
# CHECK-NEXT: {{^}}    T.evaluate(w + T.int64(5))
# CHECK-NEXT: {{^}}    T.evaluate(u + T.uint32(1))
# CHECK-NEXT: {{^}}    T.evaluate(h * T.float16(2.0))
# CHECK-NEXT: {{^}}    T.evaluate(T.Cast("float32", h) * T.float32(2.0))
# CHECK-NEXT: {{^}}    T.evaluate(T.Cast("int64", a) + w)
# CHECK-NEXT: {{^}}    T.evaluate(x + T.Cast("float32", a))
# CHECK-NEXT: {{^}}    T.evaluate(a * -1)
# CHECK-NEXT: {{^}}    T.evaluate(7)
# CHECK-NEXT: {{^}}    T.evaluate(T.int64(7))
# CHECK-NEXT: {{^}}    T.evaluate(a < 3 and T.int64(3) < w)
# CHECK-NEXT: {{^}}    T.bitwise_or(T.bitwise_and(a, 255), T.bitwise_xor(7, a))
# CHECK-NEXT: {{^}}    T.shift_right(T.shift_left(T.bitwise_not(a), 2), 1)
# Python literals adopt the other operand's type; float literals are float32
# (so float16 * 2.0 promotes to float32); mixed widths promote to the wider.
@T.prim_func(private=True)
def main(a: T.int32, w: T.int64, u: T.uint32, x: T.float32, h: T.float16):
    T.evaluate(w + 5)
    T.evaluate(u + 1)
    T.evaluate(h * 2)
    T.evaluate(h * 2.0)
    T.evaluate(a + w)
    T.evaluate(x + a)
    T.evaluate(-a)
    T.evaluate(1 + 2 * 3)
    T.evaluate(T.int64(3) + 4)
    T.evaluate(a < 3 < w)
    T.evaluate(a & 255 | 7 ^ a)
    T.evaluate(~a << 2 >> 1)
