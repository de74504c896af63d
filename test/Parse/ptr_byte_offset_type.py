# T.ptr_byte_offset(p, bytes, dtype) is a pointer to dtype in the storage scope
# of p's type (a buffer's data, T.address_of(buf[...]), a typed pointer;
# "global" otherwise), as TVM 0.27 types it: the T.let binding shows it and a
# T.decl_buffer over it takes that scope.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# RUN: %tirx-opt --print-style=tvm --verify-roundtrip %s > /dev/null
# The expected lines are what TVM 0.27 prints for this kernel.
# CHECK: s = T.alloc_shared((1024,), "uint8")
# CHECK-NEXT: p: T.let[T.handle("uint32", "shared")] = T.ptr_byte_offset(s.data, tx * 4, T.type_annotation("uint32"))
# CHECK-NEXT: q: T.let[T.handle("uint8", "global")] = T.ptr_byte_offset(A.data, tx * 4, T.type_annotation("uint8"))
# CHECK-NEXT: r: T.let[T.handle("uint32", "shared")] = T.ptr_byte_offset(T.address_of(s[0]), 16, T.type_annotation("uint32"))
# CHECK-NEXT: b = T.decl_buffer((4,), "uint32", data=p, scope="shared")
# CHECK-NEXT: c = T.decl_buffer((4,), "uint8", data=q)
# CHECK-NEXT: d = T.decl_buffer((4,), "uint32", data=r, scope="shared")
# CHECK-NEXT: A[tx] = b[0] + T.Cast("uint32", c[0]) + d[0]
from tvm.script import tirx as T

@T.prim_func
def k(A: T.Buffer((64,), "uint32")):
    T.device_entry()
    tx = T.thread_id([64])
    s = T.alloc_shared((1024,), "uint8")
    p: T.let = T.ptr_byte_offset(s.data, tx * 4, "uint32")
    q: T.let = T.ptr_byte_offset(A.data, tx * 4, "uint8")
    r: T.let = T.ptr_byte_offset(T.address_of(s[0]), 16, "uint32")
    b = T.decl_buffer((4,), "uint32", data=p, scope="shared")
    c = T.decl_buffer((4,), "uint8", data=q)
    d = T.decl_buffer((4,), "uint32", data=r, scope="shared")
    A[tx] = b[0] + T.Cast("uint32", c[0]) + d[0]
