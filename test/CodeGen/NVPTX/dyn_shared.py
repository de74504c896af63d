# The dynamic shared arena is one external addrspace(3) [0 x i8] per module;
# decl_buffer views index into it (elem_offset added).
# RUN: %tirx-llc --emit=llvm %s | FileCheck %s --check-prefix=LLVM
# RUN: %tirx-llc --emit=ptx %s | FileCheck %s --check-prefix=PTX
# LLVM: @__tirx_dyn_smem = external addrspace(3) global [0 x i8], align 64
# LLVM-LABEL: define ptx_kernel void @dyn_kernel(
# LLVM: getelementptr inbounds float, ptr addrspace(3) @__tirx_dyn_smem, i32 %tx
# LLVM: %[[OFF:[0-9]+]] = add nsw i32 %tx, 64
# LLVM: getelementptr inbounds float, ptr addrspace(3) @__tirx_dyn_smem, i32 %[[OFF]]
# PTX: .extern .shared .align 64 .b8 __tirx_dyn_smem[];
# PTX: st.shared.b32
@T.prim_func
def dyn(A_ptr: T.handle, C_ptr: T.handle):
    A = T.match_buffer(A_ptr, (64,), "float32")
    C = T.match_buffer(C_ptr, (64,), "float32")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])
    arena = T.alloc_buffer((128,), "float32", scope="shared.dyn")
    X = T.decl_buffer((64,), "float32", data=arena.data, scope="shared.dyn")
    Y = T.decl_buffer((64,), "float32", data=arena.data, elem_offset=64, scope="shared.dyn")
    X[tx] = A[tx]
    Y[tx] = A[63 - tx]
    T.cuda.cta_sync()
    C[tx] = X[tx] * Y[tx]
