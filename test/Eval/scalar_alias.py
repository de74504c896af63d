# `s = w` where w is a scalar the kernel declared binds a new variable
# (s: T.float32 = w), as TVM's parser does; so does `z = w` before z is
# reassigned. The CHECK lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK:      w: T.float32 = A[0]
# CHECK-NEXT: s: T.float32 = w
# CHECK-NEXT: A[1] = s + T.float32(3.0)
# CHECK-NEXT: z: T.float32 = w
# CHECK-NEXT: z = z + T.float32(1.0)
# CHECK-NEXT: A[2] = z
from tvm.script import tirx as T
C = 3

@T.prim_func
def f(A: T.Buffer((4,), "float32"), n: T.int32):
    w: T.float32 = A[0]
    if C > 2:
        s = w
    else:
        s = A[1]
    A[1] = s + T.float32(C)
    z = w
    z = z + T.float32(1)
    A[2] = z
