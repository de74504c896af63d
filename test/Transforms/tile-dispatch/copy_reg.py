# copy, vec_auto, registers <-> global / shared: the register tile's layout
# says which thread holds each element; each thread moves its own elements,
# as wide vectors where its run is contiguous in its registers and in memory
# (through a uint32 view of the registers), else one element at a time.
# Kernels from apache/tvm's test_reg.py (warp / warpgroup / cta; f16, f32, u8).
# RUN: %tirx-opt --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}

# CHECK-LABEL: def wg_f16
# CHECK: thread_id_in_wg_1 = T.thread_id_in_wg()
# CHECK-NEXT: R_w2 = T.decl_buffer((8,), "uint32", data=R{{.*}}.data, scope="local")
# CHECK-NEXT: for r_0 in T.unroll(2):
# CHECK-NEXT: T.ptx["ld.global.v4.u32"](R_w2[r_0 * 4], R_w2[r_0 * 4 + 1], R_w2[r_0 * 4 + 2], R_w2[r_0 * 4 + 3], T.address_of(A[(r_0 * 8 + thread_id_in_wg_1 * 16) // 16, (r_0 * 8 + thread_id_in_wg_1 * 16) % 16]))
# CHECK: T.ptx["st.shared.v4.u32"](T.cuda.cvta_generic_to_shared(T.address_of(A_smem[
@T.prim_func
def wg_f16(A: T.Buffer((128, 16), "float16"), B: T.Buffer((128, 16), "float16")):
    T.device_entry()
    T.cta_id([1])
    T.warpgroup_id([1])
    T.warp_id_in_wg([4])
    T.lane_id([32])
    T.thread_id_in_wg([128])
    tid = T.thread_id([128])
    A_smem = T.alloc_buffer((128, 16), "float16", scope="shared")
    R = T.alloc_buffer((128, 16), "float16", scope="local", layout=T.TileLayout(T.S[(128, 16):(1 @ Axis.tid_in_wg, 1)]))
    T.wg.copy(R[0:128, 0:16], A[0:128, 0:16])
    T.wg.copy(A_smem[0:128, 0:16], R[0:128, 0:16])
    T.cuda.cta_sync()
    for kk in range(16):
        B[tid, kk] = A_smem[tid, kk]

# A column-split layout: lane l holds columns 2l, 2l+1 of each of 4 rows (v2
# of f32); a layout whose per-thread elements are 32 apart (scalar).
# CHECK-LABEL: def warp_split
# CHECK: for r_1 in T.unroll(4):
# CHECK-NEXT: T.ptx["ld.global.v2.u32"](C_w2[r_1 * 2], C_w2[r_1 * 2 + 1], T.address_of(A[(lane_id_0 * 2 + r_1 * 64) // 64, (lane_id_0 * 2 + r_1 * 64) % 64]))
# CHECK: for r_[[R:[0-9]+]] in T.unroll(2):
# CHECK-NEXT: D_local[r_[[R]]] = A[0, lane_id_{{[0-9]+}} + r_[[R]] * 32]
@T.prim_func
def warp_split(A: T.Buffer((4, 64), "float32"), B: T.Buffer((4, 64), "float32")):
    T.device_entry()
    T.cta_id([1])
    T.lane_id([32])
    T.thread_id([32])
    C = T.alloc_buffer((4, 64), "float32", scope="local", layout=T.TileLayout(T.S[(4, 32, 2):(2, 1 @ Axis.laneid, 1)]))
    T.warp.copy(C[0:4, 0:64], A[0:4, 0:64])
    T.warp.copy(B[0:4, 0:64], C[0:4, 0:64])
    D = T.alloc_buffer((1, 64), "float32", scope="local", layout=T.TileLayout(T.S[(2, 32):(1, 1 @ Axis.laneid)]))
    T.warp.copy(D[0:1, 0:64], A[0:1, 0:64])
    T.warp.copy(B[1:2, 0:64], D[0:1, 0:64])

# uint8 rows of 16 over a CTA of 256 threads (tx): one 128-bit vector each.
# CHECK-LABEL: def cta_u8
# CHECK: thread_id_0 = T.thread_id()
# CHECK-NEXT: R_w1 = T.decl_buffer((4,), "uint32", data=R{{.*}}.data, scope="local")
# CHECK-NEXT: T.ptx["ld.shared.v4.u32"](R_w1[0], R_w1[1], R_w1[2], R_w1[3], T.cuda.cvta_generic_to_shared(T.address_of(S[thread_id_0 * 16 // 16, thread_id_0 * 16 % 16])))
# CHECK: T.ptx["st.global.v4.u32"]
@T.prim_func
def cta_u8(A: T.Buffer((256, 16), "uint8"), B: T.Buffer((256, 16), "uint8")):
    T.device_entry()
    T.cta_id([1])
    T.warp_id([8])
    T.lane_id([32])
    tid = T.thread_id([256])
    S = T.alloc_buffer((256, 16), "uint8", scope="shared")
    for kk in range(16):
        S[tid, kk] = A[tid, kk]
    T.cuda.cta_sync()
    R = T.alloc_buffer((256, 16), "uint8", scope="local", layout=T.TileLayout(T.S[(256, 16):(1 @ Axis.tx, 1)]))
    T.cta.copy(R[0:256, 0:16], S[0:256, 0:16])
    T.cta.copy(B[0:256, 0:16], R[0:256, 0:16])
