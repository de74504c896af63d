# name = [..] / (..) in a kernel body binds every item as well (name_0, name_1):
# a value gets a variable of its own while the name keeps the items, a buffer is
# renamed, as TVM's parser does; the CHECK lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: w_0: T.int32 = A[0]
# CHECK-NEXT: w_1: T.int32 = A[1]
# CHECK-NEXT: w_2: T.int32 = A[n]
# CHECK-NEXT: d_0: T.int32 = 1
# CHECK-NEXT: d_1: T.int32 = 2
# CHECK-NEXT: m_0: T.int32 = n
# CHECK-NEXT: m_1: T.int32 = n + 1
# CHECK-NEXT: bs_0 = T.alloc_local((2,), "int32")
# CHECK-NEXT: for i in range(2):
# CHECK-NEXT:     A[i] = A[0] + A[n] + 1 + n + (n + 1)
# CHECK-NEXT: bs_0[0] = 1
from tvm.script import tirx as T
@T.prim_func
def f(A: T.Buffer((8,), "int32"), n: T.int32):
    w = [A[i] for i in range(2)] + [A[n]]
    d = [1, 2]
    m = (n, n + 1)
    B = T.alloc_local((2,), "int32")
    bs = [B]
    for i in range(d[1]):
        A[i] = w[0] + w[2] + d[0] + m[0] + m[1]
    bs[0][0] = 1
