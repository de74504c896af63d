# T.thread_binding(n, "tag"): a string second argument is the thread and n the
# stop (TVM's builder moves it), as T.thread_binding(0, n, thread="tag").  The
# CHECK lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: for cbx in T.thread_binding(2, thread="clusterCtaIdx.x"):
# CHECK-NEXT: A[cbx] = 1
# CHECK-NEXT: for t in T.thread_binding(2, thread="threadIdx.x"):
# CHECK-NEXT: A[t] = 1
from tvm.script import tirx as T

@T.prim_func
def f(A: T.Buffer((16,), "int32")):
    T.device_entry()
    for cbx in T.thread_binding(2, "clusterCtaIdx.x"):
        A[cbx] = 1
    for t in T.thread_binding(2, "threadIdx.x"):
        A[t] = 1
