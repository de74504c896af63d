# Views of a buffer that keeps TVM's default layout (first extent int32, a later
# one not): a dtype view unpacks that layout with its own strides (T.uint32(1)),
# and prints as the T.decl_buffer, as TVM does; a reshape stays a view.  The
# CHECK lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: B = T.decl_buffer((1, n), data=A.data, layout=T.TileLayout(T.S[(1, n, 1):(n, T.uint32(1), 1)]))
# CHECK-NEXT: C = T.decl_buffer((1, n * T.uint32(2)), "uint16", data=A.data, layout=T.TileLayout(T.S[(1, n, 2):(n * T.uint32(2), T.uint32(2), 1)]))
# CHECK-NEXT: D = A.view(T.Cast("int32", n))
from tvm.script import tirx as T
@T.prim_func
def f(n: T.uint32, a: T.handle):
    A = T.match_buffer(a, (1, n), "uint32")
    B = A.view("float32")
    C = A.view("uint16")
    D = A.view(T.Cast("int32", n))
    B[0, 0] = T.float32(1)
    C[0, 0] = T.uint16(1)
    D[0] = T.uint32(1)
