# x = T.cuda.elect_sync() binds a uint32, as TVM's elect_sync is (tirx's is a
# bool, printed under its cast as TVM's call); the CHECK lines are what TVM 0.27
# prints. It compiles to elect.sync.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# RUN: %tirx-llc --mcpu=sm_90a %s -o - | FileCheck %s --check-prefix=PTX
# CHECK:      leader: T.uint32 = T.cuda.elect_sync()
# CHECK-NEXT: if leader:
# PTX: elect.sync
from tvm.script import tirx as T
@T.prim_func
def f(A: T.Buffer((8,), "int32")):
    T.device_entry()
    tx = T.thread_id([32])
    leader = T.cuda.elect_sync()
    if leader:
        A[tx] = 1
