# X.local(d0, ...) is this thread's storage of X reshaped (its element count
# must be X's per-thread span): a declaration over X's data in the default
# layout. The CHECK lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK:      s = T.alloc_local((128,))
# CHECK-NEXT: a = T.decl_buffer((128,), data=s.data, scope="local")
# CHECK-NEXT: b = s.view(8, 16)
# CHECK-NEXT: A[0] = a[0] + b[0, 1]
from tvm.script import tirx as T
@T.prim_func
def f(A: T.Buffer((64,), "float32")):
    T.device_entry()
    s = T.alloc_local((128,))
    a = s.local(128)
    b = s.local(8, 16)
    A[0] = a[0] + b[0, 1]
