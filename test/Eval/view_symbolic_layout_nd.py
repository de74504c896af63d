# The same for a buffer whose symbolic extent is not the only one: every
# stride of the unpacked row-major layout is the product of the extents after
# it, times the ratio.  The CHECK lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK:      T.attr({"tirx.device_entry": T.bool(True)})
# CHECK-NEXT: buffer = T.decl_buffer((4, n * 2), "uint16", data=B.data, layout=T.TileLayout(T.S[(4, n, 2):(n * 2, 2, 1)]))
# CHECK-NEXT: T.address_of(buffer[0, 0])
# CHECK-NEXT: buffer_1 = T.decl_buffer((4, n), data=B.data, layout=T.TileLayout(T.S[(4, n, 1):(n, 1, 1)]))
# CHECK-NEXT: T.address_of(buffer_1[0, 0])
# CHECK-NEXT: buffer_2 = T.decl_buffer((m, 2, n * 4), "uint8", data=C.data, layout=T.TileLayout(T.S[(m, 2, n, 4):(n * 2 * 4, n * 4, 4, 1)]))
# CHECK-NEXT: T.address_of(buffer_2[0, 0, 0])
from tvm.script import tirx as T

@T.prim_func
def f(b: T.handle, c: T.handle, n: T.int32, m: T.int32):
    B = T.match_buffer(b, (4, n), "float32")
    C = T.match_buffer(c, (m, 2, n), "float32")
    T.device_entry()
    T.evaluate(T.address_of(B.view("uint16")[0, 0]))
    T.evaluate(T.address_of(B.view("float32")[0, 0]))
    T.evaluate(T.address_of(C.view("uint8")[0, 0, 0]))
