# RUN: %tirx-opt --pass-pipeline=default %s | FileCheck %s
# CHECK: {{^}}# launch plan sym: params A: float32[n, 64], B: float32[n * 64], alpha: float32, m: int32
# CHECK-NEXT: {{^}}# launch plan sym: kernel sym_kernel grid=((n + 3) // 4, 1, 1) block=(64, 1, 1) dyn_smem=m * 4
# CHECK-LABEL: {{^}}def sym_kernel(A_ptr: T.handle("float32", "global"), B_ptr: T.handle("float32", "global"), alpha: T.float32, m: T.int32, n: T.int32):
# CHECK-NEXT: {{^}}    T.func_attr({"tirx.is_device_kernel": True})
# CHECK-NEXT: {{^}}    bx = T.launch_thread("blockIdx.x", (n + 3) // 4)
# CHECK-NEXT: {{^}}    tx = T.launch_thread("threadIdx.x", 64)
# CHECK-NEXT: {{^}}    B = T.decl_buffer((n * 64,), data=B_ptr)
# CHECK-NEXT: {{^}}    A_flat = T.decl_buffer((n * 64,), data=A_ptr)
# CHECK-NEXT: {{^}}    sm = T.alloc_buffer((m,), scope="shared.dyn")
# CHECK-NEXT: {{^}}    for r in range(4):
# CHECK-NEXT: {{^}}        row: T.let[T.int32] = bx * 4 + r
# CHECK-NEXT: {{^}}        if row < n:
# CHECK-NEXT: {{^}}            sm[tx] = A_flat[row * 64 + tx] * alpha
# CHECK-NEXT: {{^}}            B[row * 64 + tx] = sm[tx]
# Kernel parameters are the handles first (sorted by name), then the scalars
# (sorted by name): the float param, the scalar param m and the shape variable n.
# Extents and the dynamic shared memory size (m floats) are plan expressions over
# the symbols; the 2-D parameter A is reached through its flattened alias.
@T.prim_func
def sym(a: T.handle, b: T.handle, alpha: T.float32, m: T.int32):
    n = T.int32()
    A = T.match_buffer(a, (n, 64), "float32")
    B = T.match_buffer(b, (n * 64,), "float32")
    T.device_entry()
    bx = T.cta_id([(n + 3) // 4])
    tx = T.thread_id([64])
    sm = T.alloc_buffer((m,), "float32", scope="shared.dyn")
    for r in range(4):
        row: T.let[T.int32] = bx * 4 + r
        if row < n:
            sm[tx] = A[row, tx] * alpha
            B[row * 64 + tx] = sm[tx]
