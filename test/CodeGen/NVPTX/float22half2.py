# RUN: %tirx-llc %s --mcpu=sm_90a --emit=ptx -o - | FileCheck %s
# T.cuda.float22half2(dst, src): the float2 at src rounded to a half2 at dst.
# CHECK: ld.global{{(.nc)?}}.v2.b32
# CHECK: cvt.rn.f16x2.f32
# CHECK: st.global.b32
@T.prim_func
def f(A: T.Buffer((64,), "float32"), H: T.Buffer((64,), "float16")):
    T.device_entry()
    tx = T.thread_id([32])
    T.cuda.float22half2(T.address_of(H[tx * 2]), T.address_of(A[tx * 2]))
