# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# The same conflict found the other way round: thread_id([96]) and warp_id([4])
# imply 24 threads per warp, so lane_id([32]) is inconsistent.
@T.prim_func
def f(A: T.Buffer((128,), "float32")):
    T.device_entry()
    tx = T.thread_id([96])
    w = T.warp_id([4])
    # CHECK: scope_id_inconsistent_derived.py:[[@LINE+1]]:11: error: inconsistent scope id extents: warp -> thread is 32 here, but 24 from the other scope ids
    l = T.lane_id([32])
    A[tx] = T.float32(0.0)
