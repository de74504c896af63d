# TVM's operator functions (T.truncdiv, T.truncmod, T.floordiv, T.floormod and
# the Python operators) fold constant pairs and identities; the CHECK lines are
# what TVM 0.27 prints. The node constructors (T.Div(x, 1)) stay as written.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: A[0] = x
# CHECK-NEXT: A[1] = 0
# CHECK-NEXT: A[2] = x
# CHECK-NEXT: A[3] = 0
# CHECK-NEXT: A[4] = x
# CHECK-NEXT: A[5] = 0
# CHECK-NEXT: A[6] = x
# CHECK-NEXT: A[7] = x
# CHECK-NEXT: A[8] = x
# CHECK-NEXT: A[9] = 0
# CHECK-NEXT: A[10] = x
# CHECK-NEXT: A[11] = x
# CHECK-NEXT: A[12] = 1
# CHECK-NEXT: A[13] = T.min(x, 3) + 5
# CHECK-NEXT: A[14] = -4
# CHECK-NEXT: A[15] = T.Div(x, 2)
# CHECK-NEXT: A[0] = T.Div(x, 1)
from tvm.script import tirx as T
@T.prim_func
def f(A: T.Buffer((16,), "int32"), x: T.int32):
    A[0] = T.truncdiv(x, 1)
    A[1] = T.truncmod(x, 1)
    A[2] = T.floordiv(x, 1)
    A[3] = T.floormod(x, 1)
    A[4] = x // 1
    A[5] = x % 1
    A[6] = x * 1
    A[7] = x + 0
    A[8] = 0 + x
    A[9] = x * 0
    A[10] = 1 * x
    A[11] = x - 0
    A[12] = T.truncdiv(6, 4)
    A[13] = T.min(x, 3) + T.max(2, 5)
    A[14] = T.truncmod(-7, 2) + T.truncdiv(-7, 2)
    A[15] = T.truncdiv(x, 2) + T.truncdiv(0, x)
    A[0] = T.Div(x, 1)
