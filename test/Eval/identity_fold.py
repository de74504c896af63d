# The identities TVM's operators fold with one constant operand: x * 1,
# 1 * x, x + 0, x - 0, x * 0, x // 1 and (index types only) x % 1; a uint32
# x % 1 stays.  Parse-time Python sees these through factored constants
# (ki * b_dx * b_dy with b_dy = 1).
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: A[0] = T.Cast("float32", n)
# CHECK-NEXT: A[1] = T.Cast("float32", n)
# CHECK-NEXT: A[2] = T.Cast("float32", 0)
# CHECK-NEXT: A[3] = T.Cast("float32", n)
# CHECK-NEXT: A[4] = T.Cast("float32", u % T.uint32(1))
ONE = 1
ZERO = 0


@T.prim_func
def f(A: T.Buffer((8,), "float32"), n: T.int32, u: T.uint32):
    A[0] = T.Cast("float32", n * ONE + ZERO)
    A[1] = T.Cast("float32", (ONE * n - ZERO) // ONE)
    A[2] = T.Cast("float32", n * ZERO + n % ONE)
    A[3] = T.Cast("float32", ZERO + n)
    A[4] = T.Cast("float32", u % T.uint32(1))
