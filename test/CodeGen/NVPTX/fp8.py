# float8 values are i8 bit patterns; casts to/from float32 use the NVVM cvt
# intrinsics (sm_89+): e4m3fn and e5m2.
# RUN: %tirx-llc --emit=llvm --mcpu=sm_90a %s | FileCheck %s
# RUN: not %tirx-llc --emit=llvm --mcpu=sm_86 %s 2>&1 | FileCheck %s --check-prefix=SM86
# CHECK-LABEL: define ptx_kernel void @f8_kernel(
# CHECK: call <2 x half> @llvm.nvvm.e4m3x2.to.f16x2.rn(i16
# CHECK: call i16 @llvm.nvvm.ff.to.e5m2x2.rn(float 0.000000e+00, float
# SM86: error: codegen: casts between float8_e4m3fn and float32 need sm_89 or newer (target is sm_86)
@T.prim_func
def f8(A_ptr: T.handle, B_ptr: T.handle):
    A = T.match_buffer(A_ptr, (64,), "float8_e4m3fn")
    B = T.match_buffer(B_ptr, (64,), "float8_e5m2")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])
    B[tx] = T.Cast("float8_e5m2", T.Cast("float32", A[tx]) * T.float32(2))
