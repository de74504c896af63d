# T.decl_buffer(data=P, scope=...) is in the storage scope of P's pointer type
# (TVM 0.27 drops a scope= that disagrees): a "global" pointer into shared
# memory gives a global buffer, printed without scope=.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# RUN: %tirx-opt --print-style=tvm --verify-roundtrip %s > /dev/null
# The expected lines are what TVM 0.27 prints for this kernel.
# CHECK: x = T.decl_buffer((64,), data=d, align=16)
# CHECK: y = T.decl_buffer((64,), data=d2, scope="shared.dyn", align=16)
# CHECK: z = T.decl_buffer((64,), data=d)
from tvm.script import tirx as T
from tvm.ir import PointerType, PrimType

@T.prim_func
def k(A: T.Buffer((64,), "float32")):
    T.device_entry()
    tx = T.thread_id([64])
    smem = T.alloc_buffer([1024], "uint8", scope="shared.dyn")
    T.attr({"tirx.dyn_smem_bytes": 1024})
    d: T.let = T.reinterpret(PointerType(PrimType("float32")), smem.ptr_to([0]))
    d2: T.let = T.reinterpret(PointerType(PrimType("float32"), "shared.dyn"), smem.ptr_to([256]))
    x = T.decl_buffer((64,), "float32", data=d, scope="shared.dyn", elem_offset=0, align=16)
    y = T.decl_buffer((64,), "float32", data=d2, scope="shared.dyn", align=16)
    z = T.decl_buffer((64,), "float32", data=d, scope="shared")
    A[tx] = x[tx] + y[tx] + z[tx]
