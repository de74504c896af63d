# An @T.inline method of a module-level class is expanded over its module's
# names, not the caller's locals (TVM parses it with its function's globals):
# `tid = T.thread_id(...)` in it is a new variable beside the caller's tid.
# The CHECK lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: tid = T.thread_id([128])
# CHECK-NEXT: tid_1 = T.thread_id([128])
# CHECK-NEXT: if tid_1 == 0:
# CHECK-NEXT: A[0] = 1
# CHECK-NEXT: A[tid] = 2
from tvm.script import tirx as T

@T.meta_class
class P:
    def __init__(self, A):
        self.A = A

    @T.inline
    def init(self):
        tid = T.thread_id([128])
        if tid == 0:
            self.A[0] = 1

@T.prim_func
def f(A: T.Buffer((16,), "int32")):
    T.device_entry()
    tid = T.thread_id([128])
    p = P(A)
    p.init()
    A[tid] = 2
