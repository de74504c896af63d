# TVM's comparison operators on IR values build the comparison even over two
# constants (T.int32(1) != 0 is T.NE(1, 0), so an `if` on it stays), also for
# an @T.inline parameter bound to T.int32(1); arithmetic on constants folds.
# The CHECK lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK:      if T.NE(1, 0):
# CHECK-NEXT:     A[4] = 1
# CHECK-NEXT: if T.EQ(1, 0):
# CHECK-NEXT:     A[5] = 1
# CHECK-NEXT: if T.LT(1, 3):
# CHECK-NEXT:     A[6] = 1
# CHECK-NEXT: if T.NE(1, 0):
# CHECK-NEXT:     A[7] = 1
# CHECK-NEXT: if T.NE(1, 0):
# CHECK-NEXT:     A[0] = 1
# CHECK-NEXT: if T.EQ(1, 0):
# CHECK-NEXT:     A[1] = 1
# CHECK-NEXT: if T.LT(1, 2):
# CHECK-NEXT:     A[2] = 1
# CHECK-NEXT: if T.GT(1, 0):
# CHECK-NEXT:     A[3] = 1
# CHECK-NEXT: A[0] = 1
# CHECK-NEXT: A[2] = 1
# CHECK-NEXT: A[3] = 1
# CHECK-NEXT: x: T.int32 = T.Cast("int32", T.NE(3, 0))
# CHECK-NEXT: y: T.int32 = 5
from tvm.script import tirx as T

@T.inline
def g(A, w):
    if w != 0:
        A[0] = 1
    if w == 0:
        A[1] = 1
    if w < 2:
        A[2] = 1
    if w > 0:
        A[3] = 1

@T.prim_func
def f(A: T.Buffer((8,), "int32")):
    T.device_entry()
    if T.int32(1) != 0:
        A[4] = 1
    if T.int32(1) == 0:
        A[5] = 1
    if T.int32(1) < 3:
        A[6] = 1
    if T.int32(1) != T.int32(0):
        A[7] = 1
    g(A, T.int32(1))
    g(A, 1)
    x: T.int32 = T.int32(3) != 0
    y: T.int32 = T.int32(3) + 2
