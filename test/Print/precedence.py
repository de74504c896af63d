# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# Python precedence and TVM parenthesisation: left operands only when looser, right
# operands also when equal; comparisons under comparisons always; node constructors
# (T.Add, T.Mul, T.EQ, T.And, T.Not, T.Min ...) where re-parsing the operator would
# fold constants, drop an identity operand or promote dtypes.
# CHECK:@T.prim_func
# CHECK-NEXT:def prec(a: T.int32, b: T.int32, c: T.int32, flag: T.bool, x: T.float32, w: T.int64):
# CHECK-NEXT:    T.evaluate((a + b) * c)
# CHECK-NEXT:    T.evaluate(a - (b - c))
# CHECK-NEXT:    T.evaluate(a - b - c)
# CHECK-NEXT:    T.evaluate(a // (b * c))
# CHECK-NEXT:    T.evaluate(a * b // c)
# CHECK-NEXT:    T.evaluate((a < b) == flag)
# CHECK-NEXT:    T.evaluate(not (flag and a < b))
# CHECK-NEXT:    T.evaluate(not flag or flag)
# CHECK-NEXT:    T.evaluate((flag or flag) and flag)
# CHECK-NEXT:    T.evaluate(a + -1)
# CHECK-NEXT:    T.evaluate(x - T.float32(-2.5))
# CHECK-NEXT:    T.evaluate(T.Add(1, 2))
# CHECK-NEXT:    T.evaluate(T.Mul(a, 1))
# CHECK-NEXT:    T.evaluate(T.Sub(a, 0))
# CHECK-NEXT:    T.evaluate(T.FloorDiv(a, 1))
# CHECK-NEXT:    T.evaluate(T.FloorMod(0, a))
# CHECK-NEXT:    T.evaluate(T.EQ(1, 2))
# CHECK-NEXT:    T.evaluate(T.And(flag, T.bool(True)))
# CHECK-NEXT:    T.evaluate(not T.bool(True))
# CHECK-NEXT:    T.evaluate(T.Min(1, 2))
# CHECK-NEXT:    T.evaluate(T.max(a, b) * 2)
# CHECK-NEXT:    T.evaluate(T.Div(x, T.float32(1.0)))
# CHECK-NEXT:    T.evaluate(T.Cast("int64", a) + w)
# CHECK-NEXT:    T.evaluate(T.Div(a, b))

@T.prim_func
def prec(a: T.int32, b: T.int32, c: T.int32, flag: T.bool, x: T.float32, w: T.int64):
    T.evaluate((a + b) * c)
    T.evaluate(a - (b - c))
    T.evaluate(a - b - c)
    T.evaluate(a // (b * c))
    T.evaluate(a * b // c)
    T.evaluate((a < b) == flag)
    T.evaluate(not (flag and a < b))
    T.evaluate(not flag or flag)
    T.evaluate((flag or flag) and flag)
    T.evaluate(a + -1)
    T.evaluate(x - T.float32(-2.5))
    T.evaluate(T.Add(1, 2))
    T.evaluate(T.Mul(a, 1))
    T.evaluate(T.Sub(a, 0))
    T.evaluate(T.FloorDiv(a, 1))
    T.evaluate(T.FloorMod(0, a))
    T.evaluate(T.EQ(1, 2))
    T.evaluate(T.And(flag, T.bool(True)))
    T.evaluate(T.Not(T.bool(True)))
    T.evaluate(T.Min(1, 2))
    T.evaluate(T.max(a, b) * 2)
    T.evaluate(T.Div(x, T.float32(1.0)))
    T.evaluate(T.Cast("int64", a) + w)
    T.evaluate(T.truncdiv(a, b))
