# TVM folds float32 constant arithmetic in single precision (each operand
# rounded to float, the result a float), float64 in double, and leaves
# 16-bit floats unfolded; min keeps its operand exactly. The CHECK lines are
# what TVM 0.27 prints for this function.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: a[0] = T.float32(-7.213475227355957)
# CHECK-NEXT: a[1] = T.float32(0.30000001192092896)
# CHECK-NEXT: a[2] = T.float32(0.3333333432674408)
# CHECK-NEXT: a[3] = T.float32(-0.20000001788139343)
# CHECK-NEXT: a[4] = T.float32(0.10000000000000001)
# CHECK-NEXT: a[5] = T.float32(2.1000001430511475)
# CHECK-NEXT: b[0] = T.float16(0.10000000000000001) * T.float16(3.0)
# CHECK-NEXT: b[1] = T.float16(0.10000000000000001) + T.float16(0.20000000000000001)
# CHECK-NEXT: c[0] = T.float64(0.30000000000000004)
from tvm.script import tirx as T
@T.prim_func
def f(a: T.Buffer((8,), "float32"), b: T.Buffer((8,), "float16"), c: T.Buffer((8,), "float64")):
    a[0] = T.float32(-5.0) * T.float32(1.4426950408889634)
    a[1] = T.float32(0.1) + T.float32(0.2)
    a[2] = T.float32(1.0) / T.float32(3.0)
    a[3] = T.float32(0.1) - T.float32(0.3)
    a[4] = T.min(T.float32(0.1), T.float32(0.3))
    a[5] = T.float32(0.1) * T.float32(3.0) * T.float32(7.0)
    b[0] = T.float16(0.1) * T.float16(3.0)
    b[1] = T.float16(0.1) + T.float16(0.2)
    c[0] = T.float64(0.1) * T.float64(3.0)
