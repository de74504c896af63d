# The remaining T.* builtins: math through libdevice or LLVM intrinsics,
# likely/assume, limits, bit operations, call_extern (a libdevice function by
# name links libdevice), reinterpret, activemask.
# RUN: %tirx-llc --emit=llvm %s | FileCheck %s
# CHECK-LABEL: define ptx_kernel void @core_kernel(
# CHECK: call i1 @llvm.expect.i1(i1 %{{.*}}, i1 true)
# CHECK: call void @llvm.assume(i1
# CHECK: call float @__nv_expf(float
# CHECK: fdiv float 1.000000e+00
# CHECK: call float @__nv_exp10f(
# CHECK: call float @__nv_log2f(
# CHECK: call float @__nv_log10f(
# CHECK: call float @__nv_rsqrtf(
# CHECK: call float @__nv_sinf(
# CHECK: call float @__nv_cosf(
# CHECK: call float @__nv_tanf(
# CHECK: call float @__nv_sinhf(
# CHECK: call float @__nv_coshf(
# CHECK: call float @__nv_atanf(
# CHECK: call float @__nv_fmodf(
# CHECK: call float @llvm.ceil.f32(
# CHECK: call float @llvm.trunc.f32(
# CHECK: call float @llvm.roundeven.f32(
# CHECK: call i32 @llvm.abs.i32(i32 %{{.*}}, i1 false)
# CHECK: store float 0x47EFFFFFE0000000
# CHECK: store float 0xFFF0000000000000
# CHECK: store i32 -2147483648
# CHECK: and i32
# CHECK: or i32
# CHECK: xor i32
# CHECK: xor i32 %{{.*}}, -1
# CHECK: shl i32
# CHECK: call float @__nv_fast_expf(float
# CHECK: bitcast i32 %{{.*}} to float
# CHECK: call i32 @llvm.nvvm.activemask()
@T.prim_func
def core(A_ptr: T.handle, I_ptr: T.handle, n: T.int32):
    A = T.match_buffer(A_ptr, (64,), "float32")
    I = T.match_buffer(I_ptr, (64,), "int32")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])
    if T.likely(tx < n):
        A[tx] = A[tx] + T.float32(1)
    T.assume(n > 0)
    x: T.float32 = A[tx]
    x = T.sigmoid(x) + T.exp10(x) + T.log2(x) + T.log10(x) + T.rsqrt(x)
    x = T.sin(x) + T.cos(x) + T.tan(x) + T.sinh(x) + T.cosh(x) + T.atan(x)
    x = T.fmod(x, T.float32(3)) + T.ceil(x) + T.trunc(x) + T.round(x)
    I[tx] = T.abs(I[tx] - 32)
    A[0] = T.max_value("float32")
    A[1] = T.float32(0) - T.infinity("float32")
    I[0] = T.min_value("int32")
    I[1] = T.bitwise_and(I[1], 7) + T.bitwise_or(I[2], 8) + T.bitwise_xor(I[3], 9) + T.bitwise_not(I[4])
    I[2] = T.shift_left(I[2], 2)
    A[2] = T.call_extern("float32", "__nv_fast_expf", x)
    A[3] = T.reinterpret("float32", I[5])
    I[6] = T.int32(T.tvm_warp_activemask())
