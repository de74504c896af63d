# T.alloc_local arrays are entry-block allocas; indexed dynamically they stay
# in local memory, with constant indices SROA turns them into registers.
# RUN: %tirx-llc --emit=llvm %s | FileCheck %s --check-prefix=LLVM
# RUN: %tirx-llc --emit=ptx %s | FileCheck %s --check-prefix=PTX
# LLVM-LABEL: define ptx_kernel void @local_kernel(
# LLVM-NEXT: entry:
# LLVM-NEXT: %acc = alloca [16 x float], align 16
# LLVM: %s = alloca [1 x i32], align 16
# LLVM: br label %body
# PTX: .local .align 16 .b8 __local_depot0[64];
# PTX: st.local.v4.b32
# PTX: ld.local.b32
@T.prim_func
def local(A_ptr: T.handle, B_ptr: T.handle):
    A = T.match_buffer(A_ptr, (32, 16), "float32")
    B = T.match_buffer(B_ptr, (32,), "float32")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([32])
    acc = T.alloc_local((16,), "float32")
    s: T.int32 = 0
    for i in range(16):
        acc[i] = A[tx, i]
    for i in range(16):
        s = s + T.int32(acc[(i * tx) % 16])
    B[tx] = T.float32(s)
