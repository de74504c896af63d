# RUN: %tirx-opt --pass-pipeline=default %s | FileCheck %s
# CHECK: {{^}}# launch plan scale: params A: float32[256], B: float32[256]
# CHECK-NEXT: {{^}}# launch plan scale: kernel scale_kernel grid=(2, 1, 1) block=(128, 1, 1) dyn_smem=0
# CHECK-LABEL: {{^}}def scale_kernel(A_ptr: T.handle("float32", "global"), B_ptr: T.handle("float32", "global")):
# CHECK-NEXT: {{^}}    T.func_attr({"tirx.is_device_kernel": True})
# CHECK-NEXT: {{^}}    bx = T.launch_thread("blockIdx.x", 2)
# CHECK-NEXT: {{^}}    tx = T.launch_thread("threadIdx.x", 128)
# CHECK-NEXT: {{^}}    A = T.decl_buffer((256,), data=A_ptr)
# CHECK-NEXT: {{^}}    B = T.decl_buffer((256,), data=B_ptr)
# CHECK-NEXT: {{^}}    B[bx * 128 + tx] = A[bx * 128 + tx] * T.float32(2.0)
# The default pipeline on the seed's scale kernel: one kernel scale_kernel with a
# typed pointer per buffer, the buffers re-declared over them, and the launch plan
# printed as comments above it (grid/block from the launches).
@T.prim_func
def scale(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "float32")):
    T.device_entry()
    bx = T.cta_id([2])
    tx = T.thread_id([128])
    B[bx * 128 + tx] = A[bx * 128 + tx] * T.float32(2.0)
