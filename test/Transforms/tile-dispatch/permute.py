# permute_layout, warp_xor_swizzle variant (TVM 0.27 declares it but builds no
# kernel with it): a warp stages the region through P = V / 32 registers per
# lane, lane l's register r holding element l + 32 * (r ^ ((l >> (5 - k)) & (2^k - 1))),
# k the smallest that makes both phases bank-conflict-free.  The scale-factor
# transpose of TVM's test_permute_layout.py (k = 2: shift 3, mask 3), the identity
# (k = 0) and a shared -> shared transpose.
# RUN: %tirx-opt --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
@T.prim_func
def sf_transpose(A: T.handle, B: T.handle):
    A_buf = T.match_buffer(A, (2, 1, 4, 32), "uint32", layout=T.TileLayout(T.S[(2, 1, 4, 32):(128, 128, 32, 1)]))
    B_buf = T.match_buffer(B, (2, 1, 4, 32), "uint32", layout=T.TileLayout(T.S[(2, 1, 4, 32):(128, 128, 1, 4)]))
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([32])
    # CHECK-LABEL: def sf_transpose
    # CHECK: for s in range(2):
    # CHECK-NEXT: lane_id_0 = T.lane_id()
    # CHECK-NEXT: regs_1 = T.alloc_local((4,), "uint32")
    # CHECK-NEXT: for r_2 in T.unroll(4):
    # CHECK-NEXT: regs_1[r_2] = A_buf[s, 0, (lane_id_0 + T.bitwise_xor(r_2, T.bitwise_and(T.shift_right(lane_id_0, 3), 3)) * 32) // 32, (lane_id_0 + T.bitwise_xor(r_2, T.bitwise_and(T.shift_right(lane_id_0, 3), 3)) * 32) % 32]
    # CHECK-NEXT: T.cuda.warp_sync()
    # CHECK-NEXT: for r_3 in T.unroll(4):
    # CHECK-NEXT: B_buf[s, 0, (lane_id_0 + T.bitwise_xor(r_3, T.bitwise_and(T.shift_right(lane_id_0, 3), 3)) * 32) // 32, (lane_id_0 + T.bitwise_xor(r_3, T.bitwise_and(T.shift_right(lane_id_0, 3), 3)) * 32) % 32] = regs_1[r_3]
    # CHECK-NEXT: T.cuda.warp_sync()
    for s in range(2):
        T.warp.permute_layout(B_buf[s, 0:1, 0:4, 0:32], A_buf[s, 0:1, 0:4, 0:32])

@T.prim_func
def identity(A: T.Buffer((4, 32), "uint32"), B: T.Buffer((4, 32), "uint32")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([32])
    # CHECK-LABEL: def identity
    # CHECK: for r_2 in T.unroll(4):
    # CHECK-NEXT: regs_1[r_2] = A[(lane_id_0 + r_2 * 32) // 32, (lane_id_0 + r_2 * 32) % 32]
    T.warp.permute_layout(B[0:4, 0:32], A[0:4, 0:32])

@T.prim_func
def smem(A: T.Buffer((4, 32), "float32"), B: T.Buffer((4, 32), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])
    sA = T.alloc_buffer((4, 32), "float32", scope="shared", layout=T.TileLayout(T.S[(4, 32):(32, 1)]))
    sB = T.alloc_buffer((4, 32), "float32", scope="shared", layout=T.TileLayout(T.S[(4, 32):(1, 4)]))
    # CHECK-LABEL: def smem
    # CHECK: if tx // 32 == 1:
    # CHECK-NEXT: lane_id_0 = T.lane_id()
    # CHECK-NEXT: regs_1 = T.alloc_local((4,))
    if tx // 32 == 1:
        T.warp.permute_layout(sB[0:4, 0:32], sA[0:4, 0:32])
