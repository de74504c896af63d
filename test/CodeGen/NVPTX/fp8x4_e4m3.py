# RUN: %tirx-llc %s --mcpu=sm_90a --emit=ptx -o - | FileCheck %s
# T.cuda.fp8x4_e4m3_from_float4(x, y, z, w): four e4m3 bytes, x lowest, each
# rounded to nearest with finite saturation (TVM's __nv_fp8x4_e4m3).
# CHECK: ld.global.nc.b32 [[X:%r[0-9]+]], [%rd[[A:[0-9]+]]];
# CHECK: ld.global.nc.b32 [[Y:%r[0-9]+]], [%rd[[A]]+4];
# CHECK: cvt.rn.satfinite.e4m3x2.f32 {{%rs[0-9]+}}, [[Y]], [[X]];
# CHECK: cvt.rn.satfinite.e4m3x2.f32
@T.prim_func
def f(A: T.Buffer((128,), "float32"), W: T.Buffer((32,), "uint32")):
    T.device_entry()
    tx = T.thread_id([32])
    W[tx] = T.cuda.fp8x4_e4m3_from_float4(A[tx * 4], A[tx * 4 + 1], A[tx * 4 + 2], A[tx * 4 + 3])
