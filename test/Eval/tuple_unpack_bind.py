# a, b = f(...) in a kernel body binds each value to a new variable, as TVM's
# parser binds a = <expr> (the CHECK lines are what TVM 0.27 prints).
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK:      a: T.int32 = A[n] + 1
# CHECK-NEXT: b: T.int32 = A[n + 1] * 2
# CHECK-NEXT: A[0] = a + b
from tvm.script import tirx as T

def pair(A, i):
    return A[i] + 1, A[i + 1] * 2

@T.prim_func
def f(A: T.Buffer((8,), "int32"), n: T.int32):
    a, b = pair(A, n)
    A[0] = a + b
