# T.cuda.cta_sync → barrier.cta.sync.aligned.all(0) = bar.sync 0; warp_sync →
# bar.warp.sync -1; warpgroup_sync(1) → a 128-thread named barrier.
# RUN: %tirx-llc --emit=llvm %s | FileCheck %s --check-prefix=LLVM
# RUN: %tirx-llc --emit=ptx %s | FileCheck %s --check-prefix=PTX
# LLVM-LABEL: define ptx_kernel void @barriers_kernel(
# LLVM: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
# LLVM: call void @llvm.nvvm.bar.warp.sync(i32 -1)
# LLVM: call void @llvm.nvvm.barrier.cta.sync.aligned.count(i32 1, i32 128)
# LLVM: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
# PTX: bar.sync 0;
# PTX: bar.warp.sync -1;
# PTX: bar.sync 1, 128;
# PTX: bar.sync 0;
@T.prim_func
def barriers(A_ptr: T.handle):
    A = T.match_buffer(A_ptr, (256,), "float32")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([256])
    A[tx] = T.float32(1)
    T.cuda.cta_sync()
    T.cuda.warp_sync()
    T.cuda.warpgroup_sync(1)
    T.tvm_storage_sync("shared")
    A[tx] = A[tx] + T.float32(1)
