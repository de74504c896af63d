# RUN: not %tirx-opt --pass-pipeline=lower-tirx %s 2>&1 | FileCheck %s
# Inconsistent extents are rejected (by the verifier that runs before any
# pass; lower-tirx reports the same conflict as "thread_id([96]) conflicts with
# warp_id([4]) x lane_id([32]) = 128" when it sees unverified IR).
# CHECK: {{.*}}err_inconsistent.py:11:11: error: {{.*}}
@T.prim_func
def bad(A: T.Buffer((128,), "float32")):
    T.device_entry()
    tx = T.thread_id([96])
    w = T.warp_id([4])
    l = T.lane_id([32])
    A[tx] = T.float32(1.0)
