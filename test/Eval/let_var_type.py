# x: T.let[T.Var(name, ty)] = v binds that variable under the target's name
# (TVM's LetAnnotation takes a Var as it is); ty is a dtype string, "handle",
# PrimType(...) or PointerType(...).  The CHECK lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: p: T.let[T.handle("uint64", "global")] = T.reinterpret(T.handle("uint64", "global").ty, A.data)
# CHECK-NEXT: s: T.let[T.handle("float16", "shared")] = T.reinterpret(T.handle("float16", "shared").ty, A.data)
# CHECK-NEXT: k: T.let[T.int32] = n + 1
# CHECK-NEXT: c: T.let[T.float32] = T.float32(2.0)
# CHECK-NEXT: v = T.decl_buffer((4,), "uint64", data=p)
# CHECK-NEXT: A[0] = v[k]
from tvm.script import tirx as T
from tvm.ir.type import PointerType, PrimType
@T.prim_func
def f(A: T.Buffer((16,), "uint64"), n: T.int32):
    p: T.let[T.Var(name="packed_ptr", ty=PointerType(PrimType("uint64")))] = T.reinterpret(PointerType(PrimType("uint64")), A.data)
    s: T.let[T.Var("s", PointerType(PrimType("float16"), "shared"))] = T.reinterpret(PointerType(PrimType("float16"), "shared"), A.data)
    k: T.let[T.Var(name_hint="k", ty="int32")] = n + 1
    c: T.let[T.Var("c", PrimType("float32"))] = T.float32(2)
    v = T.decl_buffer((4,), "uint64", data=p)
    A[0] = v[k]
    T.evaluate(s)
    T.evaluate(c)
