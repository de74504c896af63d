# The native prelude names: tvm.DataType (a dtype with .bits/.lanes/str()),
# tvm.ir.type.PrimType and PointerType (a pointer type as T.reinterpret's
# target; the scope defaults to "global"), also reached as tvm.ir.* names.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
import tvm
from tvm.ir.type import PointerType, PrimType
from tvm.ir import PointerType as PT

H = tvm.DataType("float16")
V = tvm.DataType("int8x4")
W = tvm.DataType(H)

# CHECK-LABEL: def types(
@T.prim_func
def types(a: T.handle):
    A = T.match_buffer(a, (8,), "uint32")
    # CHECK: p: T.let[T.handle("uint32", "global")] = T.reinterpret(T.handle("uint32", "global").ty, A.data)
    p: T.let = T.reinterpret(PointerType(PrimType("uint32")), A.data)
    # CHECK-NEXT: q: T.let[T.handle("float32", "shared")] = T.reinterpret(T.handle("float32", "shared").ty, A.data)
    q: T.let = T.reinterpret(PT(PrimType("float32"), "shared"), A.data)
    # CHECK-NEXT: r: T.let[T.handle("uint64", "shared.dyn")] = T.reinterpret(T.handle("uint64", "shared.dyn").ty, A.data)
    r: T.let = T.reinterpret(tvm.ir.PointerType(tvm.ir.PrimType("uint64"), storage_scope="shared.dyn"), A.data)
    # CHECK-NEXT: B = T.decl_buffer((8,), "float16", data=p)
    B = T.decl_buffer((8,), H, data=p)
    # CHECK-NEXT: B[0] = T.float16(16.0)
    B[0] = T.float16(H.bits)
    # CHECK-NEXT: B[1] = T.float16(4.0)
    B[1] = T.float16(V.lanes)
    # CHECK-NEXT: B[2] = T.float16(8.0)
    B[2] = T.float16(V.bits)
    # CHECK-NEXT: T.evaluate("float16 int8x4")
    T.evaluate(f"{H} {str(V)}")
    # CHECK-NEXT: T.evaluate(1)
    T.evaluate(1 if str(W) == "float16" else 0)
