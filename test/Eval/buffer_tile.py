# A.tile(dim, factors)[picks] (TVM 0.27's chunk indexer): a view splitting
# the dimension into the factors (-1 inferred), a drop per picked factor (the
# highest first), and a view merging two or more kept factors back; the
# intermediate declarations carry TVM's default name. The CHECK lines are what
# TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK:      s = T.alloc_shared((64, 128), "float16")
# CHECK-NEXT: buffer = s.view(4, 4, 4, 128)
# CHECK-NEXT: buffer_1 = T.decl_buffer((4, 4, 128), "float16", data=buffer.data, elem_offset=w * 512, scope="shared", layout=T.TileLayout(T.S[(4, 4, 128):(2048, 128, 1)]))
# CHECK-NEXT: a = buffer_1.view(16, 128)
# CHECK-NEXT: buffer_2 = s.view(64, 2, 64)
# CHECK-NEXT: b = T.decl_buffer((64, 2), "float16", data=buffer_2.data, elem_offset=1, scope="shared", layout=T.TileLayout(T.S[(64, 2):(128, 64)]))
# CHECK-NEXT: buffer_3 = s.view(4, 16, 128)
# CHECK-NEXT: c = T.decl_buffer((16, 128), "float16", data=buffer_3.data, elem_offset=w * 2048, scope="shared")
# CHECK-NEXT: A[0] = T.Cast("float32", a[0, 0] + b[0, 0] + c[0, 0])
from tvm.script import tirx as T
@T.prim_func
def f(A: T.Buffer((64,), "float32"), w: T.int32):
    T.device_entry()
    s = T.alloc_buffer((64, 128), "float16", scope="shared")
    a = s.tile(0, (-1, 4, 4))[:, w, :]
    b = s.tile((1, (2, -1)))[:, 1]
    c = s.tile(0, (4, 16))[w, :]
    A[0] = T.Cast("float32", a[0, 0] + b[0, 0] + c[0, 0])
