# `y = x` in a kernel body renames the buffer itself, wherever it was declared
# (an outer scope, the signature); the printer numbers a later buffer of the
# same name.  The CHECK lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK:      def f(D: T.Buffer((8,), "int32")):
# CHECK-NEXT:     C = T.alloc_shared((4,), "int32")
# CHECK-NEXT:     for i in range(2):
# CHECK-NEXT:         C[i] = 1
# CHECK-NEXT:     for i in range(2):
# CHECK-NEXT:         C_1 = T.alloc_shared((4,), "int32")
# CHECK-NEXT:         C_1[i] = 3
# CHECK-NEXT:     C[0] = 2
# CHECK-NEXT:     D[1] = C[0]
from tvm.script import tirx as T

@T.prim_func
def f(A: T.Buffer((8,), "int32")):
    B = T.alloc_buffer((4,), "int32", scope="shared")
    for i in T.serial(2):
        C = B
        C[i] = 1
    for i in T.serial(2):
        C = T.alloc_buffer((4,), "int32", scope="shared")
        C[i] = 3
    B[0] = 2
    D = A
    D[1] = B[0]
