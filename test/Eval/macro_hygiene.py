# A @T.macro decorated in a Python function is hygienic (TVM's default): its
# body sees its parameters and what it captured when decorated, never its
# caller's names, so its `off = ...` is a new variable (off_1), not the
# caller's `off`; the CHECK lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s --entry g | FileCheck %s
# CHECK: for i in range(4):
# CHECK-NEXT: off: T.int32 = i + 1
# CHECK-NEXT: off_1: T.int32 = off * 2
# CHECK-NEXT: A[off_1] = 1
# CHECK-NEXT: A[off] = 2
from tvm.script import tirx as T

def make():
    scale = 2

    @T.macro
    def put(A, i):
        off = i * scale
        A[off] = 1

    @T.prim_func
    def f(A: T.Buffer((64,), "int32")):
        for i in range(4):
            off = i + 1
            put(A, off)
            A[off] = 2
    return f

g = make()
