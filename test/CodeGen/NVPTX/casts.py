# Casts (int<->int by source signedness, int<->float, float<->float including
# half/bfloat, to bool), select, if_then_else (the untaken side is not
# evaluated), reinterpret, bitwise ops and shifts, popcount/clz, min/max.
# RUN: %tirx-llc --emit=llvm %s | FileCheck %s
# CHECK-LABEL: define ptx_kernel void @conv_kernel(
# CHECK: sext i8 %{{.*}} to i32
# CHECK: zext i8 %{{.*}} to i32
# CHECK: trunc i32 %{{.*}} to i16
# CHECK: fptosi float %{{.*}} to i32
# CHECK: fptoui float %{{.*}} to i32
# CHECK: fcmp une float %{{.*}}, 0.000000e+00
# CHECK: fpext half %{{.*}} to float
# CHECK-NEXT: fptrunc float %{{.*}} to bfloat
# CHECK: ite.then:
# CHECK: load float, ptr addrspace(1)
# CHECK: ite.end:
# CHECK-NEXT: phi float
# CHECK: bitcast float %{{.*}} to i32
# CHECK: lshr i32 %{{.*}}, 3
# CHECK: ashr i32 %{{.*}}, 2
# CHECK: call i32 @llvm.ctpop.i32(
# CHECK: call i32 @llvm.ctlz.i32(i32 %{{.*}}, i1 false)
# CHECK: call float @llvm.maxnum.f32(
# CHECK: icmp ult i32
@T.prim_func
def conv(A_ptr: T.handle, B_ptr: T.handle, H_ptr: T.handle, BF_ptr: T.handle, O_ptr: T.handle, n: T.int32):
    A = T.match_buffer(A_ptr, (64,), "int8")
    B = T.match_buffer(B_ptr, (64,), "uint8")
    H = T.match_buffer(H_ptr, (64,), "float16")
    BF = T.match_buffer(BF_ptr, (64,), "bfloat16")
    O = T.match_buffer(O_ptr, (64,), "float32")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])
    a: T.int32 = T.int32(A[tx]) + T.int32(B[tx])
    s: T.int16 = T.int16(a)
    f: T.float32 = T.float32(s)
    i: T.int32 = T.int32(f) + T.int32(T.uint32(f))
    if T.bool(f):
        BF[tx] = T.bfloat16(H[tx])
    g: T.float32 = T.if_then_else(tx < n, O[tx], T.float32(0))
    bits: T.int32 = T.reinterpret("int32", g)
    u: T.uint32 = T.uint32(bits) >> T.uint32(3)
    O[tx] = T.float32((bits >> 2) + T.popcount(i) + T.clz(i) + T.int32(u))
    O[tx] = T.max(O[tx], g) + T.float32(T.min(T.uint32(tx), u))
