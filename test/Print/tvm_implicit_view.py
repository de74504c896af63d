# TVM 0.27 prints a T.decl_buffer over another buffer's data as SRC.view(...)
# when it has SRC's dtype, scope, alignment, default layout and elem_offset but
# another shape; a same-shaped alias stays a T.decl_buffer.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# RUN: %tirx-opt --print-style=tvm --verify-roundtrip %s > /dev/null
# The expected lines are what TVM 0.27 prints for this kernel.
# CHECK: s = T.alloc_local((128,))
# CHECK-NEXT: s2 = T.decl_buffer((128,), data=s.data, scope="local")
# CHECK-NEXT: sh = T.alloc_shared((128,))
# CHECK-NEXT: sh2 = T.decl_buffer((128,), data=sh.data, scope="shared")
# CHECK-NEXT: sh3 = T.alloc_shared((128,))
# CHECK-NEXT: sh4 = T.decl_buffer((128,), data=sh3.data, scope="shared")
# CHECK-NEXT: sh5 = sh3.view(64)
# CHECK-NEXT: a2 = T.decl_buffer((64,), data=A.data)
# CHECK-NEXT: b2 = B.view(64)
# CHECK-NEXT: l2 = T.alloc_local((128,))
# CHECK-NEXT: l3 = T.decl_buffer((128,), data=l2.data, scope="local")
# CHECK-NEXT: A[tx] = s2[tx] + sh2[tx] + a2[tx] + b2[tx] + sh4[tx] + l3[tx] + sh5[tx]
from tvm.script import tirx as T

@T.prim_func
def k(A: T.Buffer((64,), "float32"), B: T.Buffer((8, 8), "float32")):
    T.device_entry()
    tx = T.thread_id([64])
    s = T.alloc_local((128,))
    s2 = T.decl_buffer((128,), data=s.data, scope="local")
    sh = T.alloc_buffer((128,), scope="shared")
    sh2 = T.decl_buffer((128,), data=sh.data, scope="shared")
    sh3 = T.alloc_shared((128,))
    sh4 = T.decl_buffer((128,), data=sh3.data, scope="shared")
    sh5 = T.decl_buffer((64,), data=sh3.data, scope="shared")
    a2 = T.decl_buffer((64,), data=A.data)
    b2 = T.decl_buffer((64,), data=B.data)
    l2 = T.alloc_buffer((128,), scope="local")
    l3 = T.decl_buffer((128,), data=l2.data, scope="local")
    A[tx] = s2[tx] + sh2[tx] + a2[tx] + b2[tx] + sh4[tx] + l3[tx] + sh5[tx]
