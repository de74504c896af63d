# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# Two declarations of the same binding must agree: warp_id([4]) x lane_id([32])
# gives cta -> thread = 128, so thread_id([96]) is inconsistent.
@T.prim_func
def f(A: T.Buffer((128,), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    w = T.warp_id([4])
    l = T.lane_id([32])
    # CHECK: scope_id_inconsistent.py:[[@LINE+1]]:12: error: inconsistent scope id extents: cta -> thread is 96 here, but 128 from the other scope ids
    tx = T.thread_id([96])
    A[tx] = T.float32(0.0)
