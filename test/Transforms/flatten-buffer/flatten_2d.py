# RUN: %tirx-opt --pass-pipeline=lower-tirx,flatten-buffer %s | FileCheck %s
# RUN: %tirx-opt --pass-pipeline=lower-tirx,flatten-buffer --verify-roundtrip %s > /dev/null
# CHECK-LABEL: {{^}}def flat2d(A: T.Buffer((64, 32), "float32"), B: T.Buffer((64, 32), "float32")):
# CHECK-NEXT: {{^}}    T.device_entry()
# CHECK-NEXT: {{^}}    bx = T.launch_thread("blockIdx.x", 64)
# CHECK-NEXT: {{^}}    tx = T.launch_thread("threadIdx.x", 32)
# CHECK-NEXT: {{^}}    A_flat = T.decl_buffer((2048,), data=A.data)
# CHECK-NEXT: {{^}}    B_flat = T.decl_buffer((2048,), data=B.data)
# CHECK-NEXT: {{^}}    S = T.alloc_shared((1056,))
# CHECK-NEXT: {{^}}    S[tx * 33 + bx % 33] = A_flat[bx * 32 + tx]
# CHECK-NEXT: {{^}}    T.cuda.cta_sync()
# CHECK-NEXT: {{^}}    B_flat[bx * 32 + tx] = S[tx * 33 + bx % 33]
# 2-D accesses become row-major 1-d indices.  Parameter buffers keep their N-d
# shape (the launch plan needs it) and are accessed through a 1-d alias over
# their data pointer; allocations are flattened in place (shape -> product).
@T.prim_func
def flat2d(A: T.Buffer((64, 32), "float32"), B: T.Buffer((64, 32), "float32")):
    T.device_entry()
    bx = T.cta_id([64])
    tx = T.thread_id([32])
    S = T.alloc_shared((32, 33), "float32")
    S[tx, bx % 33] = A[bx, tx]
    T.cuda.cta_sync()
    B[bx, tx] = S[tx, bx % 33]
