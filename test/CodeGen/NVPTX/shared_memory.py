# T.alloc_shared → an internal addrspace(3) global named <kernel>_<buffer>,
# aligned to 64 bytes; accesses are ld/st.shared.
# RUN: %tirx-llc --emit=llvm %s | FileCheck %s --check-prefix=LLVM
# RUN: %tirx-llc --emit=ptx %s | FileCheck %s --check-prefix=PTX
# LLVM: @smem_kernel_tile = internal addrspace(3) global [128 x float] undef, align 64
# LLVM: @smem_kernel_idx = internal addrspace(3) global [4 x i32] undef, align 16
# LLVM-LABEL: define ptx_kernel void @smem_kernel(
# LLVM: store float %{{.*}}, ptr addrspace(3) %{{.*}}, align 4
# PTX: .shared .align 64 .b8 smem_kernel_tile[512];
# PTX: .shared .align 16 .b8 smem_kernel_idx[16];
# PTX: st.shared.b32
# PTX: bar.sync 0;
# PTX: ld.shared.b32
@T.prim_func
def smem(A_ptr: T.handle, B_ptr: T.handle):
    A = T.match_buffer(A_ptr, (128,), "float32")
    B = T.match_buffer(B_ptr, (128,), "float32")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([128])
    tile = T.alloc_shared((128,), "float32")
    idx = T.alloc_shared((4,), "int32", align=16)
    tile[tx] = A[tx]
    if tx < 4:
        idx[tx] = tx
    T.cuda.cta_sync()
    B[tx] = tile[127 - tx] + T.float32(idx[tx % 4])
