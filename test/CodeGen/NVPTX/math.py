# Math: exp/log/tanh/pow/erf come from libdevice (linked only when used, the
# unused functions dropped); sqrt/fabs/floor/fma are LLVM intrinsics; float16
# math runs in float32.
# RUN: %tirx-llc --emit=llvm %s | FileCheck %s --check-prefix=LLVM
# RUN: %tirx-llc --emit=llvm-opt %s | FileCheck %s --check-prefix=OPT
# RUN: %tirx-llc --emit=ptx %s | FileCheck %s --check-prefix=PTX
# LLVM-LABEL: define ptx_kernel void @maths_kernel(
# LLVM: call float @__nv_expf(float
# LLVM: call float @__nv_logf(float
# LLVM: call float @llvm.sqrt.f32(float
# LLVM: call float @__nv_tanhf(float
# LLVM: call float @__nv_powf(float %{{.*}}, float
# LLVM: call float @llvm.fabs.f32(float
# LLVM: call float @llvm.floor.f32(float
# LLVM: call float @llvm.fma.f32(float
# LLVM: call double @__nv_erf(double
# LLVM: fpext half
# LLVM: call float @__nv_exp2f(float
# LLVM: fptrunc float %{{.*}} to half
# LLVM: declare float @__nv_expf(float)
# OPT-NOT: define {{.*}} @__nv_sinf
# OPT-NOT: call {{.*}} @__nv_expf
# OPT: !{i32 4, !"nvvm-reflect-ftz", i32 0}
# PTX-NOT: .func {{.*}}__nv_
# PTX: ex2.approx
# PTX: sqrt.rn.f32
# PTX: abs.f32
# PTX: cvt.rmi.f32.f32
# PTX: fma.rn.f32
@T.prim_func
def maths(A_ptr: T.handle, D_ptr: T.handle, H_ptr: T.handle):
    A = T.match_buffer(A_ptr, (64,), "float32")
    D = T.match_buffer(D_ptr, (64,), "float64")
    H = T.match_buffer(H_ptr, (64,), "float16")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])
    x: T.float32 = A[tx]
    x = T.exp(x) + T.log(x) + T.sqrt(x)
    x = T.tanh(x) + T.pow(x, T.float32(2.5)) + T.fabs(x)
    A[tx] = T.fma(T.floor(x), x, T.float32(1))
    D[tx] = T.erf(D[tx])
    H[tx] = T.exp2(H[tx])
