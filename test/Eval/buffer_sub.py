# A.sub[...] (TVM 0.27's numpy-style view indexer) over a buffer of the
# default layout: a:b narrows a dimension (the layout keeps the source's
# strides), an index drops one (its offset moves into elem_offset), s::k keeps
# every k-th element (a view splitting the dimension, then a drop); each step
# is one declaration, the intermediate ones of TVM's default name "buffer".
# The CHECK lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK:      B = A.view(64, 64, layout=T.TileLayout(T.S[(64, 64):(82, 1)]))
# CHECK-NEXT: C = T.decl_buffer((64, 8), "int64", data=A.data, elem_offset=8, layout=T.TileLayout(T.S[(64, 8):(82, 1)]))
# CHECK-NEXT: buffer = T.decl_buffer((82,), "int64", data=A.data, elem_offset=246)
# CHECK-NEXT: D = T.decl_buffer((8,), "int64", data=buffer.data, elem_offset=254)
# CHECK-NEXT: E = T.decl_buffer((82,), "int64", data=A.data, elem_offset=n * 82)
# CHECK-NEXT: buffer_1 = A.view(32, 2, 82)
# CHECK-NEXT: buffer_2 = buffer_1.view(32, 82, layout=T.TileLayout(T.S[(32, 82):(164, 1)]))
# CHECK-NEXT: F = T.decl_buffer((32,), "int64", data=buffer_2.data, elem_offset=1, layout=T.TileLayout(T.S[32:164]))
# CHECK-NEXT: buffer_3 = A.view(32, 2, 82)
# CHECK-NEXT: G = T.decl_buffer((32, 82), "int64", data=buffer_3.data, elem_offset=82, layout=T.TileLayout(T.S[(32, 82):(164, 1)]))
# CHECK-NEXT: H = T.decl_buffer((n - 2, 82), "int64", data=A.data, elem_offset=164)
# CHECK-NEXT: B[0, 0] = C[0, 0] + D[0] + E[1] + F[2] + G[1, 1] + H[0, 0]
from tvm.script import tirx as T
from tvm.tirx.layout import Axis
@T.prim_func
def f(A: T.Buffer((64, 82), "int64"), n: T.int32):
    T.device_entry()
    B = A.sub[:, :64]
    C = A.sub[:, 8:16]
    D = A.sub[3, 8:16]
    E = A.sub[n, :]
    F = A.sub[::2, 1]
    G = A.sub[1::2]
    H = A.sub[2:n]
    B[0, 0] = C[0, 0] + D[0] + E[1] + F[2] + G[1, 1] + H[0, 0]
