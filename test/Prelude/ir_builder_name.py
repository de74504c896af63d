# tvm.script.ir_builder.IRBuilder: IRBuilder.current().name(s, v) and the
# static IRBuilder.name(s, v) name a buffer (or a variable) s and return it.
# The CHECK lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: renamed = T.alloc_local((2,), "int32")
# CHECK-NEXT: y = T.alloc_local((4,), "int32")
# CHECK-NEXT: renamed[0] = 1
# CHECK-NEXT: y[0] = renamed[0]
from tvm.script import tirx as T
from tvm.script.ir_builder import IRBuilder


@T.meta_class
class Holder:
    def __init__(self, buf):
        self.buf = buf
        self.own = T.alloc_buffer([2], "int32", scope="local")
        IRBuilder.current().name("renamed", self.own)


@T.prim_func
def f(A: T.Buffer((16,), "int32")):
    h = T.meta_var(Holder(A))
    x = T.alloc_buffer([4], "int32", scope="local")
    IRBuilder.name("y", x)
    h.own[0] = 1
    x[0] = h.own[0]
    A[0] = x[0]
