# cp.async (LDGSTS, sm_80+): one NVVM intrinsic per copy size, with the
# src-size form when a fourth operand is given; commit/wait groups.
# RUN: %tirx-llc --emit=llvm %s | FileCheck %s --check-prefix=LLVM
# RUN: %tirx-llc --emit=ptx %s | FileCheck %s --check-prefix=PTX
# LLVM-LABEL: define ptx_kernel void @ldgsts_kernel(
# LLVM: call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) %{{.*}}, ptr addrspace(1) %{{.*}})
# LLVM: call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3) %{{.*}}, ptr addrspace(1) %{{.*}}, i32 %{{.*}})
# LLVM: call void @llvm.nvvm.cp.async.commit.group()
# LLVM: call void @llvm.nvvm.cp.async.wait.group(i32 0)
# LLVM: call void @llvm.nvvm.cp.async.wait.all()
# PTX: cp.async.cg.shared.global [%{{.*}}], [%{{.*}}], 16;
# PTX: cp.async.ca.shared.global [%{{.*}}], [%{{.*}}], 4, %r{{[0-9]+}};
# PTX: cp.async.commit_group;
# PTX: cp.async.wait_group 0;
# PTX: cp.async.wait_all;
@T.prim_func
def ldgsts(A_ptr: T.handle, B_ptr: T.handle, n: T.int32):
    A = T.match_buffer(A_ptr, (1024,), "float32")
    B = T.match_buffer(B_ptr, (1024,), "float32")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([256])
    sm = T.alloc_shared((1024,), "float32")
    T.ptx["cp.async.cg.shared.global"](T.address_of(sm[tx * 4]), T.address_of(A[tx * 4]), 16)
    T.ptx["cp.async.ca.shared.global"](T.address_of(sm[tx]), T.address_of(A[tx]), 4, T.if_then_else(tx < n, T.uint32(4), T.uint32(0)))
    T.ptx.cp.async_.commit_group()
    T.ptx.cp.async_.wait_group(0)
    T.ptx.cp.async_.wait_all()
    T.cuda.cta_sync()
    B[tx] = sm[255 - tx]
