# p = T.address_of(buf[i]) binds a pointer typed with the buffer's element dtype
# and scope, as TVM's address_of is; the CHECK line is what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: p: T.let[T.handle("int32", "global")] = T.address_of(A[n])
from tvm.script import tirx as T
def ld(buffer, index):
    out = T.alloc_local((1,), "int32")
    T.evaluate(T.ptx.ld.global_.nc.b32(out[0], buffer.ptr_to([index])))
    return out[0]
@T.prim_func
def f(A_h: T.handle, B: T.Buffer((8,), "int32"), n: T.int32):
    A = T.match_buffer(A_h, (64,), "int32", scope="global")
    x: T.int32 = ld(A, n)
    y: T.int32 = ld(B, n)
    p = T.address_of(A[n])
    B[0] = x + y
    T.evaluate(T.ptx.ld.global_.nc.b32(B[1], A.ptr_to([n])))
