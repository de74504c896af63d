# A dtype view of a buffer whose symbolic extent is not the last one: a
# narrower or wider element keeps TVM's X.view(...) form (the default layout
# unpacks to T.S[(n, 4, r):(4 * r, r, 1)]), the same width prints the
# T.decl_buffer with that layout at r = 1.  The CHECK lines are what TVM 0.27
# prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# RUN: %tirx-llc %s --emit=tirx | FileCheck %s --check-prefix=LOWER
# LOWER: V[tx * 8 + 5] = T.uint16(1)
# CHECK:      T.attr({"tirx.device_entry": T.bool(True)})
# CHECK-NEXT: buffer = A.view("uint16")
# CHECK-NEXT: T.address_of(buffer[0, 0])
# CHECK-NEXT: buffer_1 = T.decl_buffer((4, n * 2), "uint16", data=B.data, layout=T.TileLayout(T.S[(4, n, 2):(n * 2, 2, 1)]))
# CHECK-NEXT: T.address_of(buffer_1[0, 0])
# CHECK-NEXT: buffer_2 = T.decl_buffer((4, n), data=B.data, layout=T.TileLayout(T.S[(4, n, 1):(n, 1, 1)]))
# CHECK-NEXT: T.address_of(buffer_2[0, 0])
# CHECK-NEXT: buffer_3 = A.view("uint64")
# CHECK-NEXT: T.address_of(buffer_3[0, 0])
# CHECK-NEXT: buffer_4 = T.decl_buffer((n, 4), data=A.data, layout=T.TileLayout(T.S[(n, 4, 1):(4, 1, 1)]))
# CHECK-NEXT: T.address_of(buffer_4[0, 0])
from tvm.script import tirx as T

@T.prim_func
def f(a: T.handle, b: T.handle, n: T.int32):
    A = T.match_buffer(a, (n, 4), "float32")
    B = T.match_buffer(b, (4, n), "float32")
    T.device_entry()
    T.evaluate(T.address_of(A.view("uint16")[0, 0]))
    T.evaluate(T.address_of(B.view("uint16")[0, 0]))
    T.evaluate(T.address_of(B.view("float32")[0, 0]))
    T.evaluate(T.address_of(A.view("uint64")[0, 0]))
    T.evaluate(T.address_of(A.view("float32")[0, 0]))


@T.prim_func
def g(a: T.handle, n: T.int32):
    A = T.match_buffer(a, (n, 4), "float32")
    T.device_entry()
    tx = T.thread_id([32])
    V = A.view("uint16")
    V[tx, 5] = T.uint16(1)
