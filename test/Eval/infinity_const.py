# T.infinity of a float type is the constant (TVM 0.27 prints T.float32("inf")),
# so negating it folds for 32/64-bit floats; a 16-bit float is not folded
# (-x is x * -1). The CHECK lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK:      A[0] = T.float32("-inf")
# CHECK-NEXT: A[1] = T.float32("inf")
# CHECK-NEXT: B[0] = T.float16("inf") * T.float16(-1.0)
# CHECK-NEXT: C[0] = T.float64("-inf")
from tvm.script import tirx as T
@T.prim_func
def f(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float16"), C: T.Buffer((4,), "float64")):
    T.device_entry()
    A[0] = -T.infinity("float32")
    A[1] = T.infinity("float32")
    B[0] = -T.infinity("float16")
    C[0] = -T.infinity("float64")
