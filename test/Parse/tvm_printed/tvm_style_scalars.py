# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt --print-style=tvm --verify-roundtrip %s -o %t
# RUN: sed -n '/^# from tvm.script import tirx as T/,$p' %s > %t.want
# RUN: diff %t.want %t
# TVM's printer treats every one-element buffer with default properties as a
# scalar: T.decl_scalar(...) declarations (also for decl_buffer((1,))), bare
# loads and stores, x.source for the buffer, T.address_of(S) on a parameter
# T.Buffer((1,)); a one-element buffer used as a value is its element.
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def scalars(A: T.Buffer((16,), "int32"), S: T.Buffer((1,), "float32")):
    T.attr({"tirx.device_entry": T.bool(True)})
    tx = T.thread_id([32])
    sm = T.alloc_shared((64,), "uint32")
    flag = T.decl_scalar(T.uint32, data=sm.data, elem_offset=4, scope="shared")
    alias = T.decl_scalar(T.uint32, data=sm.data, elem_offset=8, scope="shared")
    whole = T.decl_scalar(T.float32, data=S.source.data, elem_offset=0, scope="global")
    one: T.int32 = tx
    kept = T.alloc_local((1,), "uint64", align=8)
    flag = flag + alias
    A[tx] = T.Cast("int32", whole + S) + one
    T.address_of(S)
    T.address_of(kept[0])
    T.address_of(one)
