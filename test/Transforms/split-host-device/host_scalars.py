# RUN: %tirx-opt --pass-pipeline=default %s | FileCheck %s
# RUN: env TIRX_LIBCUDA=%fake-libcuda %tirx-run %s --arg A=float32[1000] --arg n=300 | FileCheck %s --check-prefix=LAUNCH
# Scalar code before T.device_entry(), which TVM 0.27 computes on the host and passes:
# `m = n * 2` (a mutable scalar stored once) and a T.let over it.  Every use in the region
# becomes the value, so the kernel computes the same integer from the parameters it is
# passed, and the grid extent that uses it is a plan expression over the symbols.
# It was refused: "host code before T.device_entry() is not supported yet".
# CHECK: {{^}}# launch plan f: params A: float32[k], n: int32
# CHECK-NEXT: {{^}}# launch plan f: kernel f_kernel grid=(((n * 2) + 255) // 256, 1, 1) block=(256, 1, 1) dyn_smem=0
# CHECK-LABEL: {{^}}def f_kernel(A_ptr: T.handle("float32", "global"), k: T.int64, n: T.int32):
# CHECK: {{^}}    bx = T.launch_thread("blockIdx.x", (n * 2 + 255) // 256)
# CHECK: {{^}}    if i < n * 2 and T.Cast("int64", i) < k:
# n = 300: 600 elements, ceil(600 / 256) = 3 blocks; the kernel gets k = 1000 and n = 300
# LAUNCH-NOT: error
# LAUNCH: fake-cuda: launch f_kernel grid (3, 1, 1) block (256, 1, 1)
# LAUNCH-NEXT: param 0: 8 bytes: alloc#0+0
# LAUNCH-NEXT: param 1: 8 bytes: 0x3e8
# LAUNCH-NEXT: param 2: 4 bytes: 300
@T.prim_func
def f(a: T.handle, n: T.int32):
    k = T.int64()
    A = T.match_buffer(a, (k,), "float32")
    m = n * 2
    blocks: T.let[T.int32] = (m + 255) // 256
    T.device_entry()
    bx = T.cta_id([blocks])
    tx = T.thread_id([256])
    i = bx * 256 + tx
    if i < m and T.Cast("int64", i) < k:
        A[i] = T.float32(1.0)
