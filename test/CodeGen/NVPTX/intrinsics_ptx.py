# Scalar T.ptx rows: exact-rounding arithmetic through NVVM intrinsics, the
# asm table for the ones LLVM has no intrinsic for (tanh.approx, rcp.approx
# without ftz, lop3 with an immediate LUT), conversions, warp-level rows,
# atomics, fences, named barriers.
# RUN: %tirx-llc --emit=llvm --mcpu=sm_90a %s | FileCheck %s --check-prefix=LLVM
# RUN: %tirx-llc --emit=ptx --mcpu=sm_90a %s | FileCheck %s --check-prefix=PTX
# LLVM-LABEL: define ptx_kernel void @ptxops_kernel(
# LLVM: call float @llvm.nvvm.add.rn.f(float
# LLVM: call float @llvm.nvvm.mul.rn.f(float
# LLVM: call float @llvm.nvvm.fma.rn.f(float
# LLVM: call float @llvm.nvvm.ex2.approx.f32(float
# LLVM: call float asm sideeffect "rcp.approx.f32 $0, $1;", "=f,f"(float
# LLVM: call float asm sideeffect "tanh.approx.f32 $0, $1;", "=f,f"(float
# LLVM: call float @llvm.nvvm.sqrt.approx.f(float
# LLVM: call float @llvm.fabs.f32(float
# LLVM: call i32 asm sideeffect "lop3.b32 $0, $1, $2, $3, $4;", "=r,r,r,r,n"(i32 %{{.*}}, i32 %{{.*}}, i32 %{{.*}}, i32 150)
# LLVM: fptrunc float %{{.*}} to half
# LLVM: call <2 x bfloat> @llvm.nvvm.ff2bf16x2.rn(float
# LLVM: call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %{{.*}}, i32 1, i32 31)
# LLVM: call i32 @llvm.nvvm.redux.sync.add(
# LLVM: call i32 @llvm.nvvm.vote.ballot.sync(
# LLVM: atomicrmw fadd ptr addrspace(1)
# LLVM: fence syncscope("device") acq_rel
# LLVM: fence syncscope("device") seq_cst
# LLVM: call void @llvm.nvvm.barrier.cta.sync.aligned.count(i32 1, i32 64)
# LLVM: call void @llvm.nvvm.barrier.cta.arrive.aligned.count(i32 2, i32 64)
# LLVM: call void @llvm.nvvm.nanosleep(i32 20)
# PTX: add.rn.f32
# PTX: tanh.approx.f32
# PTX: lop3.b32 {{.*}}, 150;
# PTX: cvt.rn.bf16x2.f32
# PTX: atom.global.add.f32
# PTX: fence.acq_rel.gpu;
# PTX: fence.sc.gpu;
# PTX: bar.arrive 2, 64;
@T.prim_func
def ptxops(A_ptr: T.handle, U_ptr: T.handle, S_ptr: T.handle):
    A = T.match_buffer(A_ptr, (64,), "float32")
    U = T.match_buffer(U_ptr, (64,), "uint32")
    S = T.match_buffer(S_ptr, (1,), "float32")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])
    x: T.float32 = A[tx]
    x = T.ptx.add.f32(x, T.float32(1)) + T.ptx.mul.f32(x, x)
    x = T.ptx.fma.rn.f32(x, x, x) + T.ptx.ex2.approx.f32(x) + T.ptx.rcp.approx.f32(x)
    x = T.ptx.tanh.approx.f32(x) + T.ptx.sqrt.approx.f32(x) + T.ptx.abs.f32(x)
    l: T.uint32 = T.ptx.lop3.b32(U[tx], U[0], U[1], 150)
    h: T.uint16 = T.ptx.cvt.rn.f16.f32(x)
    b2: T.uint32 = T.ptx.cvt.rn.bf16x2.f32(x, x)
    sh: T.uint32 = T.ptx.shfl.sync.bfly.b32(U[tx], 1, 31, 0xFFFFFFFF)
    rs: T.uint32 = T.ptx.redux.sync.add.u32(U[tx], 0xFFFFFFFF)
    vb: T.uint32 = T.ptx.vote.sync.ballot.b32(T.int32(tx < 5), 0xFFFFFFFF)
    T.ptx.red.global_.add.f32(S.data, x)
    T.ptx.fence.acq_rel.gpu()
    T.ptx.fence.sc.gpu()
    T.ptx.bar.sync(1, 64)
    T.ptx.bar.arrive(2, 64)
    T.ptx.nanosleep.u32(20)
    U[tx] = l + T.uint32(h) + b2 + sh + rs + vb
    A[tx] = x
