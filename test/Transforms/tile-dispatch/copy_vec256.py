# copy, vec_256b (sm_100): one ld/st.global.v8.u32; l2_evict= needs the
# 256-bit load (apache/tvm's test_vec_forced_cache.py).  For sm_90a the variant is rejected at
# the call's line, naming the arch.
# RUN: %tirx-opt --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
# RUN: %tirx-llc --mcpu=sm_100a --emit=ptx %s -o - | FileCheck %s --check-prefix=PTX
# RUN: not %tirx-llc --mcpu=sm_90a --emit=ptx %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM90
# SM90: copy_vec256.py:[[@LINE+11]]:12: error: T.tile.copy: dispatch="vec_256b" does not apply: a 256-bit ld / st needs sm_100 or newer (compiling for sm_90a)
# PTX: ld.global.nc.L1::no_allocate.L2::evict_first.L2::256B.v8.u32
# PTX: st.global.v8.u32
# CHECK: T.ptx["ld.global.nc.L1::no_allocate.L2::evict_first.L2::256B.v8.u32"](reg_w0[0], reg_w0[1], reg_w0[2], reg_w0[3], reg_w0[4], reg_w0[5], reg_w0[6], reg_w0[7], T.address_of(A[0]))
# CHECK: T.ptx["st.global.v8.u32"](T.address_of(B[0]),
@T.prim_func
def vec256(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    T.device_entry()
    T.cta_id([1])
    T.thread_id([1])
    reg = T.alloc_local((8,), "int32")
    T.tile.copy(reg[0:8], A[0:8], dispatch="vec_256b", cache="nc", l1_evict="L1::no_allocate", l2_evict="L2::evict_first", prefetch_size="L2::256B")
    T.tile.copy(B[0:8], reg[0:8], dispatch="vec_256b")
