# Elementwise ops over shared tiles, vectorized as TVM 0.27 does (its smem variant; the
# oracle's CUDA for this kernel has the same chunks: uint4 for the float16 add, float4
# for the float32 ops, a barrier after each op): each thread takes vec-element chunks
# (vec = the widest 128..8-bit vector of the widest operand dtype splitting its share and
# the innermost extents), each chunk one T.vectorized loop that LLVM turns into
# ld/st.shared.v4.b32.
# RUN: %tirx-opt --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-llc --mcpu=sm_90a --emit=ptx %s | FileCheck %s --check-prefix=PTX
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
@T.prim_func
def ew_vec(A: T.Buffer((64, 64), "float16"), B: T.Buffer((64, 64), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([128])
    Sa = T.alloc_shared((64, 64), "float16")
    Sb = T.alloc_shared((64, 64), "float16")
    Sc = T.alloc_shared((64, 64), "float32")
    Sd = T.alloc_shared((64, 64), "float32")
    for i in range(32):
        Sa[(i * 128 + tx) // 64, (i * 128 + tx) % 64] = A[(i * 128 + tx) // 64, (i * 128 + tx) % 64]
    T.cuda.cta_sync()
    T.cta.add(Sb[0:64, 0:64], Sa[0:64, 0:64], Sa[0:64, 0:64])
    T.cta.cast(Sc[0:64, 0:64], Sb[0:64, 0:64])
    T.cta.exp(Sd[0:64, 0:64], Sc[0:64, 0:64])
    T.cta.mul(Sc[0:64, 0:64], Sd[0:64, 0:64], 2.0)
    for i in range(32):
        B[(i * 128 + tx) // 64, (i * 128 + tx) % 64] = Sc[(i * 128 + tx) // 64, (i * 128 + tx) % 64]
# CHECK-LABEL: def ew_vec(
# CHECK: thread_id_0 = T.thread_id()
# CHECK-NEXT: for it_1 in range(4):
# CHECK-NEXT: for vec_2 in T.vectorized(8):
# CHECK-NEXT: Sb[(it_1 * 1024 + thread_id_0 * 8 + vec_2) // 64, (it_1 * 1024 + thread_id_0 * 8 + vec_2) % 64] = Sa[(it_1 * 1024 + thread_id_0 * 8 + vec_2) // 64, (it_1 * 1024 + thread_id_0 * 8 + vec_2) % 64] + Sa[(it_1 * 1024 + thread_id_0 * 8 + vec_2) // 64, (it_1 * 1024 + thread_id_0 * 8 + vec_2) % 64]
# CHECK-NEXT: T.cuda.cta_sync()
# CHECK-NEXT: thread_id_3 = T.thread_id()
# CHECK-NEXT: for it_4 in range(8):
# CHECK-NEXT: for vec_5 in T.vectorized(4):
# CHECK-NEXT: Sc[(it_4 * 512 + thread_id_3 * 4 + vec_5) // 64, (it_4 * 512 + thread_id_3 * 4 + vec_5) % 64] = T.Cast("float32", Sb[(it_4 * 512 + thread_id_3 * 4 + vec_5) // 64, (it_4 * 512 + thread_id_3 * 4 + vec_5) % 64])
# CHECK-NEXT: T.cuda.cta_sync()
# CHECK: for vec_8 in T.vectorized(4):
# CHECK-NEXT: Sd[{{.*}}] = T.exp(Sc[
# CHECK-NEXT: T.cuda.cta_sync()
# CHECK: for vec_11 in T.vectorized(4):
# CHECK-NEXT: Sc[{{.*}}] = Sd[{{.*}}] * 2.0
# CHECK-NEXT: T.cuda.cta_sync()
# the float16 add: 16-byte loads and stores, then a barrier
# PTX: bar.sync 0;
# PTX-COUNT-4: st.shared.v4.b32
# PTX: bar.sync 0;
# PTX-COUNT-7: st.shared.v4.b32
# PTX: bar.sync 0;
# PTX: ld.shared.v4.b32
# PTX: st.shared.v4.b32
# PTX: bar.sync 0;
