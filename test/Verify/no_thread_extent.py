# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: not %tirx-opt --pass-pipeline=lower-tirx %s 2>&1 | FileCheck %s
# A kernel that declares scope ids must end up with a thread extent: a
# lowering error (TVM also prints and re-parses such functions).
@T.prim_func
def f(A: T.Buffer((128,), "float32")):
    # CHECK: no_thread_extent.py:[[@LINE+1]]:7: error: kernel has no thread launch parameters: declare T.thread_id, or T.warp_id and T.lane_id
    T.device_entry()
    bx = T.cta_id([4])
    w = T.warp_id([4])
    A[bx] = T.float32(0.0)
