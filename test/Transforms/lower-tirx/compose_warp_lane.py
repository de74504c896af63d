# RUN: %tirx-opt --pass-pipeline=lower-tirx %s | FileCheck %s
# RUN: %tirx-opt --pass-pipeline=lower-tirx --verify-roundtrip %s > /dev/null
# CHECK-LABEL: {{^}}def warps(A: T.Buffer((128,), "float32")):
# CHECK-NEXT: {{^}}    T.device_entry()
# CHECK-NEXT: {{^}}    bx = T.launch_thread("blockIdx.x", 1)
# CHECK-NEXT: {{^}}    threadIdx_x = T.launch_thread("threadIdx.x", 128)
# CHECK-NEXT: {{^}}    w: T.let[T.int32] = T.tvm_warp_shuffle(T.uint32(4294967295), threadIdx_x // 32, 0, 32, 32)
# CHECK-NEXT: {{^}}    l: T.let[T.int32] = threadIdx_x % 32
# CHECK-NEXT: {{^}}    A[w * 32 + l] = T.float32(1.0)
# warp_id([4]) + lane_id([32]) compose to one 128-thread axis; warp_id is the
# warp-uniform shuffle of tid // 32, lane_id is tid % 32; cta_id([1]) names the blockIdx launch.
@T.prim_func
def warps(A: T.Buffer((128,), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    w = T.warp_id([4])
    l = T.lane_id([32])
    A[w * 32 + l] = T.float32(1.0)
