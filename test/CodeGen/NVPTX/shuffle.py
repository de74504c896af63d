# Warp shuffles: shfl.sync.{bfly,up,down,idx} with c = ((32 - width) << 8) | 0x1f
# (shfl.up: (32 - width) << 8); f32 and i32 directly, 64-bit values in two
# halves, float16 through a 32-bit register.
# RUN: %tirx-llc --emit=llvm %s | FileCheck %s --check-prefix=LLVM
# RUN: %tirx-llc --emit=ptx %s | FileCheck %s --check-prefix=PTX
# LLVM-LABEL: define ptx_kernel void @shuffles_kernel(
# LLVM: call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %{{.*}}, i32 16, i32 31)
# LLVM: call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %{{.*}}, i32 1, i32 0)
# LLVM: call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %{{.*}}, i32 2, i32 4127)
# LLVM: call float @llvm.nvvm.shfl.sync.idx.f32(i32 -1, float %{{.*}}, i32 0, i32 31)
# LLVM-COUNT-2: call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %{{.*}}, i32 1, i32 31)
# LLVM: call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %{{.*}}, i32 4, i32 31)
# PTX-DAG: shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
# PTX-DAG: shfl.sync.up.b32 {{.*}}, 1, 0, -1;
# PTX-DAG: shfl.sync.down.b32 {{.*}}, 2, 4127, -1;
# PTX-DAG: shfl.sync.idx.b32 {{.*}}, 0, 31, -1;
@T.prim_func
def shuffles(A_ptr: T.handle, B_ptr: T.handle, C_ptr: T.handle, H_ptr: T.handle):
    A = T.match_buffer(A_ptr, (32,), "float32")
    B = T.match_buffer(B_ptr, (32,), "int32")
    C = T.match_buffer(C_ptr, (32,), "int64")
    H = T.match_buffer(H_ptr, (32,), "float16")
    T.device_entry()
    bx = T.cta_id([1])
    lane = T.thread_id([32])
    A[lane] = T.tvm_warp_shuffle_xor(0xFFFFFFFF, A[lane], 16, 32, 32)
    B[lane] = T.tvm_warp_shuffle_up(0xFFFFFFFF, B[lane], 1, 32, 32)
    B[lane] = T.tvm_warp_shuffle_down(0xFFFFFFFF, B[lane], 2, 16, 32)
    A[lane] = T.tvm_warp_shuffle(0xFFFFFFFF, A[lane], 0, 32, 32)
    C[lane] = T.cuda.__shfl_xor_sync(0xFFFFFFFF, C[lane], 1, 32)
    H[lane] = T.cuda.__shfl_xor_sync(0xFFFFFFFF, H[lane], 4, 32)
