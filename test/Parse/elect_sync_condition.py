# RUN: %tirx-opt --verify-roundtrip %s | FileCheck %s
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t %}
# The documented idiom `if T.cuda.elect_sync():` type-checks: elect_sync is
# boolean in tirx (TVM types it uint32 0/1).
# CHECK: if T.cuda.elect_sync():
# CHECK: if T.cuda.elect_sync() and tx < 64:
@T.prim_func
def f(A: T.Buffer((128,), "float32")):
    T.device_entry()
    tx = T.thread_id([128])
    if T.cuda.elect_sync():
        A[tx] = T.float32(1.0)
    if T.cuda.elect_sync() and tx < 64:
        A[tx] = T.float32(2.0)
