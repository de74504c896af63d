# TVM style prints every access of a one-element buffer as its name, whatever
# the index (as TVM 0.27 prints it); tirx style keeps the index.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# RUN: %tirx-opt %s | FileCheck %s --check-prefix=TIRX
# CHECK:      B[0] = A
# CHECK-NEXT: A = B[1]
# CHECK-NEXT: s: T.int32
# CHECK-NEXT: s = A
# CHECK-NEXT: B[2] = s
# TIRX: B[0] = A[n]
# TIRX: B[2] = s.buffer[2]
from tvm.script import tirx as T
@T.prim_func
def f(A: T.Buffer((1,), "int32"), B: T.Buffer((8,), "int32"), n: T.int32):
    B[0] = A[n]
    A[n] = B[1]
    s = T.alloc_local((1,), "int32")
    s[n + 1] = A[0]
    B[2] = s[2]
