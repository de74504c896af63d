# RUN: %tirx-llc %s --mcpu=sm_90a --emit=llvm -o - | FileCheck %s --check-prefix=IR
# RUN: %tirx-llc %s --mcpu=sm_90a --emit=ptx -o - | FileCheck %s
# RUN: %if ptxas %{ %tirx-llc %s --mcpu=sm_90a --emit=cubin -o %t %}
# A cast of a multi-lane value converts lane-wise: float32x2 -> float16x2 / bfloat16x2 are
# one cvt.rn.{f16,bf16}x2.f32 each, float16x2 -> bfloat16x2 goes through float, and
# int32x4 -> int64x4 / int8x4 sign-extend / truncate each lane.  (Before the fix these casts
# stored poison without a word: cg_coerce took only scalar types.)
# IR-LABEL: define {{.*}}@vcast_kernel
# IR-NOT: poison
# IR: fptrunc <2 x float> {{.*}} to <2 x half>
# IR: fptrunc <2 x float> {{.*}} to <2 x bfloat>
# IR: fpext <2 x half> {{.*}} to <2 x float>
# IR: fptrunc <2 x float> {{.*}} to <2 x bfloat>
# IR: sext <4 x i32> {{.*}} to <4 x i64>
# IR: trunc <4 x i32> {{.*}} to <4 x i8>
# IR: ret void
# CHECK-LABEL: .entry vcast_kernel
# CHECK: cvt.rn.f16x2.f32
# CHECK: cvt.rn.bf16x2.f32
@T.prim_func
def vcast(A: T.Buffer((64,), "float32"), H: T.Buffer((64,), "float16"),
          Bf: T.Buffer((64,), "bfloat16"), G: T.Buffer((64,), "float16"), Hb: T.Buffer((64,), "bfloat16"),
          I: T.Buffer((64,), "int32"), L: T.Buffer((64,), "int64"), C: T.Buffer((64,), "int8")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([16])
    H[T.Ramp(tx * 2, 1, 2)] = T.Cast("float16x2", A[T.Ramp(tx * 2, 1, 2)])
    Bf[T.Ramp(tx * 2, 1, 2)] = T.Cast("bfloat16x2", A[T.Ramp(tx * 2, 1, 2)])
    Hb[T.Ramp(tx * 2, 1, 2)] = T.Cast("bfloat16x2", G[T.Ramp(tx * 2, 1, 2)])
    L[T.Ramp(tx * 4, 1, 4)] = T.Cast("int64x4", I[T.Ramp(tx * 4, 1, 4)])
    C[T.Ramp(tx * 4, 1, 4)] = T.Cast("int8x4", I[T.Ramp(tx * 4, 1, 4)])
