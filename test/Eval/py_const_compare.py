# A plain Python helper runs TVM's Python operators, which fold a comparison
# of IR constants to a constant (an IntImm), so a Python `if` on it is decided
# at parse time (a kernel body keeps the comparison: const_compare.py).  The
# CHECK lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK:      A[0] = 1
# CHECK-NEXT: A[1] = 3
# CHECK-NEXT: A[2] = 5
from tvm.script import tirx as T

def h(w):
    if w != 0:
        return 1
    return 2

def h2(w):
    if w == 1:
        return 3
    return 4

def h3(w):
    if w < 2:
        return 5
    return 6

@T.prim_func
def f(A: T.Buffer((8,), "int32")):
    A[0] = h(T.int32(1))
    A[1] = h2(T.int32(1))
    A[2] = h3(T.int32(1))
