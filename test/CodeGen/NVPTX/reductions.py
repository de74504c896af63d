# T.cuda.warp_sum / warp_max (butterfly shuffles, full mask, `width` lanes per
# group) and T.cuda.cta_sum (warp partials through shared scratch, two CTA
# barriers, the total broadcast from scratch[0]).
# RUN: %tirx-llc --emit=llvm %s | FileCheck %s
# CHECK-LABEL: define ptx_kernel void @reds_kernel(
# CHECK: call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %{{.*}}, i32 8, i32 4127)
# CHECK: call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %{{.*}}, i32 4, i32 4127)
# CHECK: call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %{{.*}}, i32 2, i32 4127)
# CHECK: call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %{{.*}}, i32 1, i32 4127)
# CHECK: call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %{{.*}}, i32 16, i32 31)
# CHECK: select i1
# CHECK: cta.partial:
# CHECK: store float %{{.*}}, ptr addrspace(3)
# CHECK: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
# CHECK: cta.warp0:
# CHECK: select i1 %{{.*}}, float %{{.*}}, float 0.000000e+00
# CHECK: call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %{{.*}}, i32 2, i32 7199)
# CHECK: call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %{{.*}}, i32 1, i32 7199)
# CHECK: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
# CHECK: load float, ptr addrspace(3) @reds_kernel_scratch
@T.prim_func
def reds(A_ptr: T.handle, I_ptr: T.handle, S_ptr: T.handle):
    A = T.match_buffer(A_ptr, (128,), "float32")
    I = T.match_buffer(I_ptr, (128,), "int32")
    S = T.match_buffer(S_ptr, (1,), "float32")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([128])
    scratch = T.alloc_shared((4,), "float32")
    A[tx] = T.cuda.warp_sum(A[tx], 16)
    I[tx] = T.cuda.warp_max(I[tx])
    total: T.float32 = T.cuda.cta_sum(A[tx], 4, scratch.data)
    if tx == 0:
        S[0] = total
