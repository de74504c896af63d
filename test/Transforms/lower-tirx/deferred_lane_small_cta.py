# A deferred T.lane_id() (as tile-dispatch declares one) in a CTA of 32 threads:
# the warp size fixes it; the warpgroup size (4 warps) is not assumed, since it
# would conflict with a CTA smaller than a warpgroup.
# RUN: %tirx-opt --pass-pipeline=lower-tirx %s | FileCheck %s
# CHECK: tx = T.launch_thread("threadIdx.x", 32)
# CHECK: l: T.let[T.int32] = tx % 32
@T.prim_func
def small(A: T.Buffer((32,), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([32])
    l = T.lane_id()
    A[l] = T.float32(1.0)
