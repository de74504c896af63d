# RUN: %tirx-llc %s --mcpu=sm_90a --emit=ptx -o - | FileCheck %s
# RUN: %tirx-llc %s --mcpu=sm_90a --emit=llvm-opt -o - | FileCheck %s --check-prefix=IR
# RUN: %if ptxas %{ %tirx-llc %s --mcpu=sm_90a --emit=cubin -o %t %}
# Two float32 values converted to float16 / bfloat16 and packed into one 32-bit word with
# integer ops (the shape SROA leaves for a 16-bit register tile read through a 32-bit view,
# as T.wg.cast + T.wg.copy make in examples/tile/gemm.py's epilogue) are one
# cvt.rn.f16x2.f32 / cvt.rn.bf16x2.f32 after codegen's cg_pack_half_pairs (pack_cvt.c):
# low half first or high half first, the `or` either way round.  A shift other than 16 and a
# 16-bit integer that is no float stay integer ops.
# CHECK-LABEL: .entry f16_pairs
# CHECK-NOT: cvt.rn.f16.f32
# CHECK: cvt.rn.f16x2.f32 [[W:%r[0-9]+]], [[HI:%r[0-9]+]], [[LO:%r[0-9]+]];
# CHECK: cvt.rn.f16x2.f32
# CHECK-NOT: cvt.rn.f16.f32
# CHECK: ret;
# CHECK-LABEL: .entry bf16_pair
# CHECK-NOT: cvt.rn.bf16.f32
# CHECK: cvt.rn.bf16x2.f32
# CHECK-NOT: cvt.rn.bf16.f32
# CHECK: ret;
# CHECK-LABEL: .entry not_pairs
# CHECK-NOT: x2.f32
# CHECK: cvt.rn.f16.f32
# CHECK-NOT: x2.f32
# CHECK: ret;
# IR-LABEL: define {{.*}} @f16_pairs_kernel
# IR: insertelement <2 x half> poison, half %{{.*}}, i32 0
# IR: bitcast <2 x half> %{{.*}} to i32
# IR-LABEL: define {{.*}} @bf16_pair_kernel
# IR: [[A0:%[0-9]+]] = load float, ptr addrspace(1) [[P0:%[0-9]+]], align 4
# IR-NEXT: [[H0:%[0-9]+]] = fptrunc float [[A0]] to bfloat
# IR-NEXT: getelementptr inbounds nuw i8, ptr addrspace(1) [[P0]], i64 4
# IR-NEXT: [[A1:%[0-9]+]] = load float
# IR-NEXT: [[H1:%[0-9]+]] = fptrunc float [[A1]] to bfloat
# IR-NEXT: [[V:%[0-9]+]] = insertelement <2 x bfloat> poison, bfloat [[H0]], i32 0
# IR-NEXT: insertelement <2 x bfloat> [[V]], bfloat [[H1]], i32 1
# IR-LABEL: define {{.*}} @not_pairs_kernel
# IR-NOT: <2 x half>
# IR: shl nuw nsw i32 %{{[0-9]+}}, 8
# IR: shl nuw i32 %{{[0-9]+}}, 16
# IR-NEXT: or disjoint i32
@T.prim_func
def f16_pairs(A: T.Buffer((128,), "float32"), W: T.Buffer((64,), "uint32")):
    T.device_entry()
    tx = T.thread_id([32])
    lo = T.Cast("uint32", T.reinterpret("uint16", T.Cast("float16", A[tx * 2])))
    hi = T.Cast("uint32", T.reinterpret("uint16", T.Cast("float16", A[tx * 2 + 1])))
    W[tx] = (hi << T.uint32(16)) | lo
    lo2 = T.Cast("uint32", T.reinterpret("uint16", T.Cast("float16", A[64 + tx * 2])))
    hi2 = T.Cast("uint32", T.reinterpret("uint16", T.Cast("float16", A[65 + tx * 2])))
    W[32 + tx] = lo2 | (hi2 << T.uint32(16))


@T.prim_func
def bf16_pair(A: T.Buffer((64,), "float32"), W: T.Buffer((32,), "uint32")):
    T.device_entry()
    tx = T.thread_id([32])
    lo = T.Cast("uint32", T.reinterpret("uint16", T.Cast("bfloat16", A[tx * 2])))
    hi = T.Cast("uint32", T.reinterpret("uint16", T.Cast("bfloat16", A[tx * 2 + 1])))
    W[tx] = (hi << T.uint32(16)) | lo


@T.prim_func
def not_pairs(A: T.Buffer((64,), "float32"), S: T.Buffer((32,), "uint16"), W: T.Buffer((64,), "uint32")):
    T.device_entry()
    tx = T.thread_id([32])
    lo = T.Cast("uint32", T.reinterpret("uint16", T.Cast("float16", A[tx * 2])))
    hi = T.Cast("uint32", T.reinterpret("uint16", T.Cast("float16", A[tx * 2 + 1])))
    W[tx] = (hi << T.uint32(8)) | lo
    W[32 + tx] = (T.Cast("uint32", S[tx]) << T.uint32(16)) | lo
