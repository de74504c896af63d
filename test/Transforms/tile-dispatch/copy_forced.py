# copy, the forced widths (vec_16b/32b/64b/128b, only by dispatch=, thread
# scope): exactly that many bytes in one ld / st, registers through a uint
# view; cache="nc" and the L1 / prefetch hints go to the global load
# (apache/tvm's test_vec_forced_cache.py).  fallback: a scalar loop.
# RUN: %tirx-opt --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
# RUN: %tirx-llc --mcpu=sm_90a --emit=ptx %s -o - | FileCheck %s --check-prefix=PTX
# RUN: %tirx-opt --pass-pipeline=tile-dispatch %s 2>&1 >/dev/null | FileCheck %s --check-prefix=WARN
# WARN: copy_forced.py:78:11: warning: T.cta.copy: the scalar copy fallback (one thread, element by element) moves global -> global; every faster variant was rejected (dispatch="fallback" silences this)
# PTX: ld.global.nc.L1::no_allocate.L2::256B.v4.u32
# PTX: st.global.v4.u32
# PTX: ld.global.nc.v4.u32
# PTX: st.shared.v4.u32

# CHECK-LABEL: def forced
# CHECK: reg_w0 = T.decl_buffer((4,), "uint32", data=reg.data, scope="local")
# CHECK-NEXT: T.ptx["ld.global.nc.L1::no_allocate.L2::256B.v4.u32"](reg_w0[0], reg_w0[1], reg_w0[2], reg_w0[3], T.address_of(A[0]))
# CHECK: T.ptx["st.global.v4.u32"](T.address_of(B[0]), reg_w1[0], reg_w1[1], reg_w1[2], reg_w1[3])
# CHECK: tmp_2 = T.alloc_local((4,), "uint32")
# CHECK-NEXT: T.ptx["ld.global.nc.v4.u32"](tmp_2[0], tmp_2[1], tmp_2[2], tmp_2[3], T.address_of(C[0]))
# CHECK-NEXT: T.ptx["st.shared.v4.u32"](T.cuda.cvta_generic_to_shared(T.address_of(smem[0])), tmp_2[0], tmp_2[1], tmp_2[2], tmp_2[3])
# CHECK: T.ptx["ld.shared.u32"](h_w3[1], T.cuda.cvta_generic_to_shared(T.address_of(smem[2])))
# CHECK: T.ptx["ld.shared.u32"](h_w4[0], T.cuda.cvta_generic_to_shared(T.address_of(smem[0])))
# CHECK: T.ptx["ld.shared.v2.u32"](h_w5[2], h_w5[3], T.cuda.cvta_generic_to_shared(T.address_of(smem[4])))
# CHECK: u_w6 = T.decl_buffer((1,), "uint32", data=u.data, scope="local")
# CHECK-NEXT: T.ptx["ld.global.u32"](u_w6[0], T.address_of(E[0]))
# CHECK-NEXT: u_w7 = T.decl_buffer((2,), "uint16", data=u.data, scope="local")
# CHECK-NEXT: T.ptx["st.global.u16"](T.address_of(E[2]), u_w7[1])
# CHECK: for i_8 in range(7):
# CHECK-NEXT: D[1 + i_8] = smem[1 + i_8]
@T.prim_func
def forced(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), C: T.Buffer((8,), "float16"), D: T.Buffer((8,), "float16"), E: T.Buffer((4,), "uint8")):
    T.device_entry()
    T.cta_id([1])
    T.thread_id([1])
    reg = T.alloc_local((4,), "int32")
    T.tile.copy(reg[0:4], A[0:4], dispatch="vec_128b", cache="nc", l1_evict="L1::no_allocate", prefetch_size="L2::256B")
    T.tile.copy(B[0:4], reg[0:4], dispatch="vec_128b")
    smem = T.alloc_buffer((8,), "float16", scope="shared")
    T.tile.copy(smem[0:8], C[0:8], dispatch="vec_128b", cache="nc")
    h = T.alloc_local((8,), "float16")
    T.tile.copy(h[2:4], smem[2:4], dispatch="vec_32b")
    T.tile.copy(h[0:2], smem[0:2], dispatch="vec_32b")
    T.tile.copy(h[4:8], smem[4:8], dispatch="vec_64b")
    u = T.alloc_local((4,), "uint8")
    T.tile.copy(u[0:4], E[0:4], dispatch="vec_32b")
    T.tile.copy(E[2:4], u[2:4], dispatch="vec_16b")
    D[0] = h[0]
    T.tile.copy(D[1:8], smem[1:8], dispatch="fallback")

# fallback at CTA scope: the first thread copies, in a scalar loop.
# CHECK-LABEL: def fallback_cta
# CHECK: thread_id_1 = T.thread_id()
# CHECK-NEXT: if thread_id_1 == 0:
# CHECK-NEXT: for i_0 in range(12):
# CHECK-NEXT: S[i_0 // 4, i_0 % 4] = A[1 + i_0 // 4, i_0 % 4]
@T.prim_func
def fallback_cta(A: T.Buffer((4, 4), "float32"), B: T.Buffer((12,), "float32")):
    T.device_entry()
    T.cta_id([1])
    tid = T.thread_id([64])
    S = T.alloc_buffer((3, 4), "float32", scope="shared")
    T.cta.copy(S[0:3, 0:4], A[1:4, 0:4], dispatch="fallback")
    T.cuda.cta_sync()
    if tid < 12:
        B[tid] = S[tid // 4, tid % 4]

# global -> global: vec_auto rejects it, so the fallback is picked, with a warning.
# CHECK-LABEL: def fallback_auto
# CHECK: if thread_id_1 == 0:
@T.prim_func
def fallback_auto(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32")):
    T.device_entry()
    T.cta_id([1])
    T.thread_id([64])
    T.cta.copy(B[0:64], A[0:64])
