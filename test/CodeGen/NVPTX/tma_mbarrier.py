# Hopper async copies: a TMA tensor map is a byval [128 x i8] grid-constant
# parameter (its address: cvta.param); cp.async.bulk.tensor with complete_tx
# on an mbarrier; T.cuda.mbarrier_wait is a try_wait.parity loop.
# RUN: %tirx-llc --emit=llvm --mcpu=sm_90a %s | FileCheck %s --check-prefix=LLVM
# RUN: %tirx-llc --emit=ptx --mcpu=sm_90a %s | FileCheck %s --check-prefix=PTX
# LLVM-LABEL: define ptx_kernel void @tma_kernel(ptr byval([128 x i8]) align 64 "nvvm.grid_constant" %A_map, ptr addrspace(1) noalias %B_ptr)
# LLVM: call void @llvm.nvvm.mbarrier.init.shared(ptr addrspace(3) @tma_kernel_bar, i32 1)
# LLVM: call void @llvm.nvvm.fence.mbarrier_init.release.cluster()
# LLVM: call i64 @llvm.nvvm.mbarrier.arrive.expect.tx.scope.cta.space.cta(ptr addrspace(3) @tma_kernel_bar, i32 8192)
# LLVM: call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.2d(ptr addrspace(7) {{.*}}@tma_kernel_sm{{.*}}, ptr addrspace(3) @tma_kernel_bar, ptr %A_map, i32 0, i32 %{{.*}}, i16 0, i64 0, i1 false, i1 false, i32 0)
# LLVM: mbar.wait:
# LLVM-NEXT: %[[OK:[0-9]+]] = call i1 @llvm.nvvm.mbarrier.try.wait.parity.tl.scope.cta.space.cta(ptr addrspace(3) @tma_kernel_bar, i32 0, i32 10000000)
# LLVM-NEXT: br i1 %[[OK]], label %mbar.done, label %mbar.wait
# PTX: .param .align 64 .b8 tma_kernel_param_0[128]
# PTX: cvta.param.u64
# PTX: mbarrier.init.shared.b64
# PTX: fence.mbarrier_init.release.cluster;
# PTX: mbarrier.arrive.expect_tx.shared.b64
# PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [tma_kernel_sm], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}], [tma_kernel_bar];
# PTX: mbarrier.try_wait.parity.shared.b64
@T.prim_func
def tma(A_map: T.TensorMap(), B_ptr: T.handle):
    B = T.match_buffer(B_ptr, (64, 64), "float16")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([128])
    sm = T.alloc_shared((64, 64), "float16", align=128)
    bar = T.alloc_shared((1,), "uint64")
    if tx == 0:
        T.ptx.mbarrier.init.shared.b64(bar.data, 1)
        T.ptx.fence.mbarrier_init.release.cluster()
    T.cuda.cta_sync()
    if tx == 0:
        T.ptx.mbarrier.arrive.expect_tx.shared__cta.b64(bar.data, 8192)
        T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"](sm.data, T.address_of(A_map), 0, bx * 64, bar.data)
    T.cuda.mbarrier_wait(bar.data, 0)
    B[tx // 2, (tx % 2) * 32] = sm[tx // 2, (tx % 2) * 32]
