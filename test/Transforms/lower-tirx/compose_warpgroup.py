# RUN: %tirx-opt --pass-pipeline=lower-tirx %s | FileCheck %s
# RUN: %tirx-opt --pass-pipeline=lower-tirx --verify-roundtrip %s > /dev/null
# CHECK-LABEL: {{^}}def wgs(A: T.Buffer((256,), "float32")):
# CHECK-NEXT: {{^}}    T.device_entry()
# CHECK-NEXT: {{^}}    bx = T.launch_thread("blockIdx.x", 8)
# CHECK-NEXT: {{^}}    threadIdx_x = T.launch_thread("threadIdx.x", 256)
# CHECK-NEXT: {{^}}    wg: T.let[T.int32] = T.tvm_warp_shuffle(T.uint32(4294967295), threadIdx_x // 32, 0, 32, 32) // 4
# CHECK-NEXT: {{^}}    w: T.let[T.int32] = T.tvm_warp_shuffle(T.uint32(4294967295), threadIdx_x // 32, 0, 32, 32) % 4
# CHECK-NEXT: {{^}}    l: T.let[T.int32] = threadIdx_x % 32
# CHECK-NEXT: {{^}}    t: T.let[T.int32] = threadIdx_x % 128
# CHECK-NEXT: {{^}}    A[wg * 128 + w * 32 + l] = T.Cast("float32", t)
# warpgroup_id([2]) + warp_id_in_wg([4]) + lane_id([32]) compose to 256 threads;
# a deferred thread_id_in_wg() takes its extent from the closure (128).
@T.prim_func
def wgs(A: T.Buffer((256,), "float32")):
    T.device_entry()
    bx = T.cta_id([8])
    wg = T.warpgroup_id([2])
    w = T.warp_id_in_wg([4])
    l = T.lane_id([32])
    t = T.thread_id_in_wg()
    A[wg * 128 + w * 32 + l] = T.float32(t)
