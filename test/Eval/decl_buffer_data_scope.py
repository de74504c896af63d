# T.decl_buffer(..., data=T.reinterpret(PointerType(...), p)) takes its scope from
# the pointer type (global here), whatever scope= says, as TVM's buffer does; a
# buffer's .data keeps that buffer's scope. The CHECK lines are what TVM 0.27 prints.
# It compiles.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# RUN: %tirx-llc --mcpu=sm_90a %s -o /dev/null
# CHECK: bar = T.decl_scalar(T.uint64, data=T.reinterpret(T.handle("uint64", "global").ty, T.address_of(smem[8])), elem_offset=0, scope="global")
# CHECK: other = T.decl_buffer((2,), "uint32", data=smem.data, scope="shared.dyn")
# CHECK: A[0] = T.Cast("int32", bar) + T.Cast("int32", other[1])
from tvm.script import tirx as T
from tvm.ir.type import PointerType, PrimType
@T.prim_func
def f(A: T.Buffer((8,), "int32")):
    T.device_entry()
    smem = T.alloc_buffer((64,), "uint8", scope="shared.dyn")
    bar = T.decl_buffer((1,), "uint64", data=T.reinterpret(PointerType(PrimType("uint64")), smem.ptr_to([8])), scope="shared.dyn")
    other = T.decl_buffer((2,), "uint32", data=smem.data, scope="shared.dyn")
    A[0] = T.Cast("int32", bar[0]) + T.Cast("int32", other[1])
