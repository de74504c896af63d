# y = x (x a scalar, y a new name) reads x: y is a new scalar with x's value,
# in the kernel and in an @T.inline body; T.meta_var(x) still aliases.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# The expected lines are what TVM 0.27 prints for this kernel.
# CHECK: cur: T.int32 = 0
# CHECK-NEXT: stage: T.int32 = cur
# CHECK-NEXT: A[stage] = tx
# CHECK-NEXT: s2: T.int32 = cur
# CHECK-NEXT: A[s2] = 1
# CHECK-NEXT: A[cur] = 2
from tvm.script import tirx as T

@T.prim_func
def k(A: T.Buffer((64,), "int32")):
    T.device_entry()
    tx = T.thread_id([64])
    cur: T.int32 = 0

    @T.inline
    def f(x):
        stage = cur
        A[stage] = x

    f(tx)
    s2 = cur
    A[s2] = 1
    s3 = T.meta_var(cur)
    A[s3] = 2
