# RUN: %tirx-opt --verify-roundtrip %s | FileCheck %s
# RUN: %tirx-opt --print-style=tvm --verify-roundtrip %s -o %t
# RUN: sed -n '/^# from tvm.script import tirx as T/,$p' %s > %t.want
# RUN: diff %t.want %t
# An integer if condition means nonzero (TVM's `if leader:` for a T.uint32
# flag from T.cuda.elect_sync()); T.alloc_local((8,)) has the default dtype
# float32.
# CHECK: if leader:
# CHECK: buf = T.alloc_local((8,))
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def intif(A: T.Buffer((32,), "uint32")):
    T.attr({"tirx.device_entry": T.bool(True)})
    tx = T.thread_id([32])
    leader: T.uint32 = T.cuda.elect_sync()
    if leader:
        A[tx] = leader
    buf = T.alloc_local((8,))
    buf[0] = T.float32(1.0)
    A[0] = T.Cast("uint32", buf[0])
