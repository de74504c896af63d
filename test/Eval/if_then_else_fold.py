# T.if_then_else with a constant condition is the chosen side, as TVM's operator
# folds it (the CHECK lines are what TVM 0.27 prints).
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: A[0] = T.float32(0.0)
# CHECK: A[1] = T.float32(2.0)
# CHECK: A[2] = T.if_then_else(n > 0, T.float32(3.0), T.float32(0.0))
from tvm.script import tirx as T
F = False
@T.prim_func
def f(A: T.Buffer((8,), "float32"), n: T.int32):
    A[0] = T.if_then_else(F, T.float32(1), T.float32(0))
    A[1] = T.if_then_else(True, T.float32(2), T.float32(0))
    A[2] = T.if_then_else(n > 0, T.float32(3), T.float32(0))
