# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt --print-style=tvm --verify-roundtrip %s -o %t
# RUN: sed -n '/^# from tvm.script import tirx as T/,$p' %s > %t.want
# RUN: diff %t.want %t
# A pointer type where a dtype is expected: T.reinterpret(T.handle("uint64",
# "global").ty, x) and T.handle().ty, here as T.decl_scalar's data= and in
# T.let bindings (TVM's printer, our kernel).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def ptrty(A: T.Buffer((64,), "uint8"), B: T.Buffer((8,), "uint64")):
    T.attr({"tirx.device_entry": T.bool(True)})
    tx = T.thread_id([8])
    word = T.decl_scalar(T.uint64, data=T.reinterpret(T.handle("uint64", "global").ty, T.address_of(A[tx * 8])), elem_offset=0, scope="global")
    p: T.let[T.handle("uint32", "global")] = T.reinterpret(T.handle("uint32", "global").ty, T.address_of(A[0]))
    q: T.let[T.handle] = T.reinterpret(T.handle().ty, T.address_of(A[4]))
    B[tx] = word
