# -c of a 16-bit float constant is not folded (TVM's constant folding leaves
# 16-bit floats alone): it prints as c * -1, like -x. The CHECK lines are what
# TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK:      B[0] = T.float16(2.0) * T.float16(-1.0)
# CHECK-NEXT: B[1] = x * T.float16(-1.0)
# CHECK-NEXT: C[0] = T.float32(-2.0)
from tvm.script import tirx as T
@T.prim_func
def f(B: T.Buffer((4,), "float16"), C: T.Buffer((4,), "float32"), x: T.float16):
    T.device_entry()
    B[0] = -T.float16(2.0)
    B[1] = -x
    C[0] = -T.float32(2.0)
