# copy, vec_auto, global <-> shared: the scope's threads split the region into
# vectors (the widest of 128/64/32/16/8 bits whose runs are contiguous and
# aligned on both sides, nthreads * V dividing the region), one
# ld.global/ld.shared.v*.u32 into registers and one st each.  Kernels from
# apache/tvm's test_gmem_smem.py (scopes warp / warpgroup / cta, dtypes, the
# region offsets, the extent-1 squeeze, a swizzled shared tile).
# RUN: %tirx-opt --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
# RUN: %tirx-llc --mcpu=sm_90a --emit=ptx %s -o - | FileCheck %s --check-prefix=PTX
# PTX-DAG: ld.global.v4.u32
# PTX-DAG: st.shared.v4.u32
# PTX-DAG: ld.shared.v4.u32
# PTX-DAG: st.global.v4.u32
# PTX-DAG: ld.global.v2.u32
# PTX-DAG: st.shared.v2.u32

# CHECK-LABEL: def warp_f16
# CHECK: lane_id_0 = T.lane_id()
# CHECK-NEXT: tmp_2 = T.alloc_local((4,), "uint32")
# CHECK-NEXT: for it_1 in range(8):
# CHECK-NEXT: T.ptx["ld.global.v4.u32"](tmp_2[0], tmp_2[1], tmp_2[2], tmp_2[3], T.address_of(A[(it_1 * 32 + lane_id_0) * 8 // 64, (it_1 * 32 + lane_id_0) * 8 % 64]))
# CHECK-NEXT: T.ptx["st.shared.v4.u32"](T.cuda.cvta_generic_to_shared(T.address_of(A_smem[(it_1 * 32 + lane_id_0) * 8 // 64, (it_1 * 32 + lane_id_0) * 8 % 64])), tmp_2[0], tmp_2[1], tmp_2[2], tmp_2[3])
# CHECK: T.ptx["ld.shared.v4.u32"]
# CHECK: T.ptx["st.global.v4.u32"]
@T.prim_func
def warp_f16(A: T.Buffer((32, 64), "float16"), B: T.Buffer((32, 64), "float16")):
    T.device_entry()
    T.cta_id([1])
    T.lane_id([32])
    T.thread_id([32])
    A_smem = T.alloc_buffer((32, 64), "float16", scope="shared")
    T.warp.copy(A_smem[0:32, 0:64], A[0:32, 0:64])
    T.cuda.cta_sync()
    T.warp.copy(B[0:32, 0:64], A_smem[0:32, 0:64])

# A region inside a bigger global buffer, a 3-d region with an extent-1 dim,
# and an 8x8 region of a 16x16 buffer: rows of 8 f32 = 32 B, but 64 elements
# over 64 threads leave one each (scalar).
# CHECK-LABEL: def cta_regions
# CHECK: thread_id_0 = T.thread_id()
# CHECK: for it_1 in range(4):
# CHECK-NEXT: T.ptx["ld.global.v4.u32"]{{.*}}T.address_of(A[32 + (it_1 * 64 + thread_id_0) * 4 // 32, 32 + (it_1 * 64 + thread_id_0) * 4 % 32]))
# CHECK: T.ptx["ld.global.v4.u32"]{{.*}}T.address_of(C[0, (it_{{[0-9]+}} * 64 + thread_id_{{[0-9]+}}) * 4 // 32
# CHECK: S[thread_id_12 // 8, thread_id_12 % 8] = E[thread_id_12 // 8, thread_id_12 % 8]
@T.prim_func
def cta_regions(A: T.Buffer((64, 64), "float32"), B: T.Buffer((64, 64), "float32"), C: T.Buffer((4, 32, 32), "float32"), D: T.Buffer((4, 32, 32), "float32"), E: T.Buffer((16, 16), "float32"), F: T.Buffer((16, 16), "float32")):
    T.device_entry()
    T.cta_id([1])
    T.warp_id([2])
    T.lane_id([32])
    T.thread_id([64])
    S = T.alloc_buffer((32, 32), "float32", scope="shared")
    T.cta.copy(S[0:32, 0:32], A[32:64, 32:64])
    T.cuda.cta_sync()
    T.cta.copy(B[32:64, 32:64], S[0:32, 0:32])
    T.cuda.cta_sync()
    T.cta.copy(S[0:32, 0:32], C[0:1, 0:32, 0:32])
    T.cuda.cta_sync()
    T.cta.copy(D[0:1, 0:32, 0:32], S[0:32, 0:32])
    T.cuda.cta_sync()
    T.cta.copy(S[0:8, 0:8], E[0:8, 0:8])
    T.cuda.cta_sync()
    T.cta.copy(F[0:8, 0:8], S[0:8, 0:8])

# A swizzled shared tile (ComposeLayout(3, 3, 3, ...): 8-element chunks keep
# their place, so f16 vectors of 8 still fit); a symbolic region start that
# is a multiple of the vector (bx * 64 rows of 64).
# CHECK-LABEL: def wg_swizzle
# CHECK: T.ptx["ld.global.v4.u32"]{{.*}}T.address_of(A[bx * 32 + (it_1 * 128 + thread_id_in_wg_0) * 8 // 64
# CHECK: T.ptx["st.shared.v4.u32"]
@T.prim_func
def wg_swizzle(A: T.Buffer((64, 64), "float16"), B: T.Buffer((64, 64), "float16")):
    T.device_entry()
    bx = T.cta_id([2])
    T.warpgroup_id([1])
    T.warp_id_in_wg([4])
    T.lane_id([32])
    T.thread_id_in_wg([128])
    T.thread_id([128])
    S = T.alloc_buffer((32, 64), "float16", scope="shared", layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(32, 64):(64, 1)])))
    T.wg.copy(S[0:32, 0:64], A[bx * 32:bx * 32 + 32, 0:64])
    T.cuda.cta_sync()
    T.wg.copy(B[bx * 32:bx * 32 + 32, 0:64], S[0:32, 0:64])

# A swizzle with 4-element chunks (per_element 2) caps f16 vectors at 64 bits;
# an odd region start (column 3) leaves only scalar copies; uint8 rows.
# CHECK-LABEL: def caps
# CHECK: T.ptx["ld.global.v2.u32"]
# CHECK: T.ptx["st.shared.v2.u32"]
# CHECK: S2[lane_id_3 // 16, lane_id_3 % 16] = A[lane_id_3 // 16, 3 + lane_id_3 % 16]
# CHECK: T.ptx["ld.global.v4.u32"]{{.*}}T.address_of(U[
@T.prim_func
def caps(A: T.Buffer((32, 32), "float16"), U: T.Buffer((64, 64), "uint8")):
    T.device_entry()
    T.cta_id([1])
    T.lane_id([32])
    T.thread_id([32])
    S = T.alloc_buffer((32, 32), "float16", scope="shared", layout=T.ComposeLayout(2, 3, 3, T.TileLayout(T.S[(32, 32):(32, 1)])))
    T.warp.copy(S[0:32, 0:32], A[0:32, 0:32])
    S2 = T.alloc_buffer((2, 16), "float16", scope="shared")
    T.warp.copy(S2[0:2, 0:16], A[0:2, 3:19])
    S3 = T.alloc_buffer((64, 64), "uint8", scope="shared")
    T.warp.copy(S3[0:64, 0:64], U[0:64, 0:64])
