# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# Complement by exact division: 96 threads cannot split into 5 warps.
@T.prim_func
def f(A: T.Buffer((128,), "float32")):
    T.device_entry()
    tx = T.thread_id([96])
    # CHECK: scope_id_not_divisible.py:[[@LINE+1]]:11: error: inconsistent scope id extents: cta -> thread = 96 is not divisible by cta -> warp = 5
    w = T.warp_id([5])
    A[tx] = T.float32(0.0)
