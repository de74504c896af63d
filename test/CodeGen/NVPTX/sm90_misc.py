# sm_90a instructions with NVVM intrinsics: elect.sync, setmaxnreg,
# griddepcontrol, fence.proxy.async, wgmma fence/commit/wait, the
# warpgroup-wide named barrier.
# RUN: %tirx-llc --emit=llvm --mcpu=sm_90a %s | FileCheck %s --check-prefix=LLVM
# RUN: %tirx-llc --emit=ptx --mcpu=sm_90a %s | FileCheck %s --check-prefix=PTX
# RUN: not %tirx-llc --emit=ptx --mcpu=sm_100a %s 2>&1 | FileCheck %s --check-prefix=SM100
# LLVM-LABEL: define ptx_kernel void @hopper_kernel(
# LLVM: call void @llvm.nvvm.griddepcontrol.wait()
# LLVM: call { i32, i1 } @llvm.nvvm.elect.sync(i32 -1)
# LLVM: call void @llvm.nvvm.setmaxnreg.inc.sync.aligned.u32(i32 232)
# LLVM: call void @llvm.nvvm.fence.proxy.async.shared_cta()
# LLVM: call void @llvm.nvvm.wgmma.fence.sync.aligned()
# LLVM: call void @llvm.nvvm.wgmma.commit_group.sync.aligned()
# LLVM: call void @llvm.nvvm.wgmma.wait_group.sync.aligned(i64 0)
# LLVM: call void @llvm.nvvm.griddepcontrol.launch.dependents()
# PTX: griddepcontrol.wait;
# PTX: elect.sync
# PTX: setmaxnreg.inc.sync.aligned.u32 232;
# PTX: fence.proxy.async.shared::cta;
# PTX: wgmma.fence.sync.aligned;
# PTX: wgmma.commit_group.sync.aligned;
# PTX: wgmma.wait_group.sync.aligned 0;
# PTX: griddepcontrol.launch_dependents;
# SM100: error: codegen: T.ptx.wgmma.fence.sync.aligned requires sm_90a (target is sm_100a)
@T.prim_func
def hopper(A_ptr: T.handle):
    A = T.match_buffer(A_ptr, (256,), "uint32")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([256])
    T.ptx.griddepcontrol.wait()
    if T.cuda.elect_sync() != T.uint32(0):
        A[tx] = T.uint32(1)
    T.ptx.setmaxnreg(232, "inc", "sync", "aligned", "u32", "")
    T.ptx.fence.proxy.async_.shared__cta()
    T.ptx.wgmma.fence.sync.aligned()
    T.ptx.wgmma.commit_group.sync.aligned()
    T.ptx.wgmma.wait_group.sync.aligned(0)
    T.ptx.griddepcontrol.launch_dependents()
