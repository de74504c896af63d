# A dtype view of a buffer with an int64 shape variable: TVM unpacks its default
# layout with the unit stride typed as the first extent that is not int32
# (T.int64(1)), also for a one-dimensional buffer and for one whose extents are
# all int64 (kern's K.gptr parameters: sparse_flashmla_decode_head64's
# indices.view("uint32")).  The CHECK lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: w = T.decl_buffer((n,), "uint32", data=A.data, layout=T.TileLayout(T.S[(n, 1):(T.int64(1), 1)]))
# CHECK: x = T.decl_buffer((4, n), "uint32", data=B.data, layout=T.TileLayout(T.S[(4, n, 1):(n, T.int64(1), 1)]))
# CHECK: y = T.decl_buffer((n, n), "uint32", data=C.data, layout=T.TileLayout(T.S[(n, n, 1):(n, T.int64(1), 1)]))
# CHECK: z = T.decl_buffer((n, n * T.int64(2)), "uint16", data=C.data, layout=T.TileLayout(T.S[(n, n, 2):(n * T.int64(2), T.int64(2), 1)]))
# RUN: %tirx-opt --print-style=tvm %s | %tirx-opt --print-style=tvm - | FileCheck %s
from tvm.script import tirx as T

@T.prim_func
def f(a: T.handle, b: T.handle, c: T.handle, n: T.int64):
    A = T.match_buffer(a, (n,), "int32")
    B = T.match_buffer(b, (4, n), "int32")
    C = T.match_buffer(c, (n, n), "int32")
    T.device_entry()
    w = A.view("uint32")
    w[0] = T.uint32(1)
    x = B.view("uint32")
    x[0, 0] = T.uint32(1)
    y = C.view("uint32")
    y[0, 0] = T.uint32(1)
    z = C.view("uint16")
    z[0, 0] = T.uint16(1)
