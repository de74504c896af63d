# `and` / `or` with a Python bool on the left in a kernel body: a deciding
# bool short-circuits (False and x -> False, True or x -> True); one that does
# not decide stays, as TVM's parser keeps it (T.And(T.bool(True), x),
# T.Or(T.bool(False), x)). A plain Python helper keeps Python's semantics
# (True and x is x). The CHECK lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK:      if T.And(T.bool(True), n > 0):
# CHECK:      if T.And(T.bool(True), n > 1):
# CHECK:      if T.And(n > 2, T.bool(True)):
# CHECK-NOT:  n > 3
# CHECK:      if T.Or(T.bool(False), n > 4):
# CHECK-NEXT:   A[0] = T.float32(1.0)
# CHECK-NEXT: A[0] = T.float32(1.0)
# CHECK-NEXT: if T.And(n > 6 and n < 9, T.bool(True)):
# CHECK:      x: T.bool = T.And(T.bool(True), n > 7)
# CHECK:      y: T.bool = n > 8
from tvm.script import tirx as T
D = False
E = True

def helper(c):
    return E and c

@T.prim_func
def f(A: T.Buffer((4,), "float32"), n: T.int32):
    if not D and n > 0:
        A[0] = T.float32(1)
    if E and n > 1:
        A[0] = T.float32(1)
    if n > 2 and E:
        A[0] = T.float32(1)
    if D and n > 3:
        A[0] = T.float32(1)
    if D or n > 4:
        A[0] = T.float32(1)
    if E or n > 5:
        A[0] = T.float32(1)
    if n > 6 and n < 9 and E:
        A[0] = T.float32(1)
    x: T.bool = E and n > 7
    y: T.bool = helper(n > 8)
    A[1] = T.float32(1)
