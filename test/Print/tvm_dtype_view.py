# A decl_buffer over another one-dimensional buffer's whole data in another dtype
# (same bytes, scope, alignment, no offset) prints in TVM style as src.view(dtype),
# as TVM 0.27 prints it; the others stay decl_buffers.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: a = smem.view("uint16")
# CHECK-NEXT: b = T.decl_buffer((16,), "uint32", data=smem.data, scope="shared.dyn")
# CHECK-NEXT: c = T.decl_buffer((16,), "uint32", data=smem.data, scope="shared.dyn")
# CHECK-NEXT: d = T.decl_buffer((4, 4), "uint32"
# CHECK-NEXT: e = T.decl_buffer((8,), "uint32"
# CHECK-NEXT: g = T.decl_buffer((16,), "uint32", data=smem.data, elem_offset=4
from tvm.script import tirx as T
@T.prim_func
def f(A: T.Buffer((8,), "int32")):
    T.device_entry()
    pool = T.SMEMPool()
    smem = pool.alloc((64,), "uint8", align=128)
    a = T.decl_buffer((32,), "uint16", data=smem.data, scope="shared.dyn", byte_offset=0, align=128)
    b = T.decl_buffer((16,), "uint32", data=smem.data, scope="shared.dyn")
    c = T.decl_buffer((16,), "uint32", data=smem.data, scope="shared.dyn", align=64)
    d = T.decl_buffer((4, 4), "uint32", data=smem.data, scope="shared.dyn", align=128)
    e = T.decl_buffer((8,), "uint32", data=smem.data, scope="shared.dyn", align=128)
    g = T.decl_buffer((16,), "uint32", data=smem.data, scope="shared.dyn", elem_offset=4, align=128)
    A[0] = T.Cast("int32", a[0] + b[0] + c[0] + d[0, 0] + e[0] + g[0])
