# RUN: %tirx-opt --pass-pipeline=lower-tirx %s | FileCheck %s
# RUN: %tirx-opt --pass-pipeline=lower-tirx --verify-roundtrip %s > /dev/null
# CHECK-LABEL: {{^}}def grid2d(A: T.Buffer((64, 64), "float32"), B: T.Buffer((512,), "float32")):
# CHECK-NEXT: {{^}}    T.device_entry()
# CHECK-NEXT: {{^}}    T.attr({"tirx.launch_bounds_min_blocks_per_sm": 2})
# CHECK-NEXT: {{^}}    bx = T.launch_thread("blockIdx.x", 4)
# CHECK-NEXT: {{^}}    by = T.launch_thread("blockIdx.y", 2)
# CHECK-NEXT: {{^}}    tx = T.launch_thread("threadIdx.x", 16)
# CHECK-NEXT: {{^}}    ty = T.launch_thread("threadIdx.y", 32)
# CHECK-NEXT: {{^}}    t: T.let[T.int32] = tx + ty * 16
# CHECK-NEXT: {{^}}    w: T.let[T.int32] = T.tvm_warp_shuffle(T.uint32(4294967295), (tx + ty * 16) // 32, 0, 32, 32)
# CHECK-NEXT: {{^}}    A[bx * 16 + tx, by * 32 + ty] = T.float32(0.0)
# CHECK-NEXT: {{^}}    B[t] = T.Cast("float32", w)
# Explicit 2-D cta_id / thread_id keep their axes (x, y); a second, 1-D thread_id
# is the linear thread id; a deferred warp_id() is inferred (512 threads / the warp
# size) and reads the linear id too.  Leading node-0 attrs (launch bounds) stay outermost.
@T.prim_func
def grid2d(A: T.Buffer((64, 64), "float32"), B: T.Buffer((512,), "float32")):
    T.device_entry()
    T.attr({"tirx.launch_bounds_min_blocks_per_sm": 2})
    bx, by = T.cta_id([4, 2])
    tx, ty = T.thread_id([16, 32])
    t = T.thread_id([512])
    w = T.warp_id()
    A[bx * 16 + tx, by * 32 + ty] = T.float32(0.0)
    B[t] = T.float32(w)
