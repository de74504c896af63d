# x = A.view(...).view(...) and x = A.view(...).sub[...] name only the value
# bound: the inner view is TVM's default "buffer". The CHECK lines are what
# TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK:      s = T.alloc_local((4, 4), "int32")
# CHECK-NEXT: buffer = s.view(16)
# CHECK-NEXT: w = buffer.view("uint32")
# CHECK-NEXT: buffer_1 = A.view("uint32")
# CHECK-NEXT: k = buffer_1.view(64, 64, layout=T.TileLayout(T.S[(64, 64):(82, 1)]))
# CHECK-NEXT: C[0] = T.Cast("float32", w[0] + k[0, 0])
from tvm.script import tirx as T
@T.prim_func
def f(A: T.Buffer((64, 82), "int32"), C: T.Buffer((8,), "float32")):
    T.device_entry()
    s = T.alloc_local((4, 4), "int32")
    w = s.view(16).view("uint32")
    k = A.view("uint32").sub[:, :64]
    C[0] = T.Cast("float32", w[0] + k[0, 0])
