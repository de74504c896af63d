# Reductions: the shared variant (lane groups of G = min(next_pow2(L), 32,
# threads), strided gather, __shfl_xor_sync butterfly of width G, lane 0 writes,
# scope sync) and the local variant (per-thread loops; a reduced dim over laneid
# folds with a butterfly over its lane strides, the result replicated).
# RUN: %tirx-opt --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
@T.prim_func
def red_shared(A: T.Buffer((4, 8), "float32"), B: T.Buffer((4,), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([32])
    A_smem = T.alloc_shared((4, 8), "float32")
    B_smem = T.alloc_shared((4,), "float32")
    # CHECK-LABEL: def red_shared
    # CHECK: thread_id_0 = T.thread_id()
    # CHECK-NEXT: red_acc_1: T.float32 = T.float32(0.0)
    # CHECK-NEXT: red_acc_1 = red_acc_1 + A_smem[thread_id_0 // 8, thread_id_0 % 8]
    # CHECK-NEXT: red_acc_1 = red_acc_1 + T.cuda.__shfl_xor_sync(T.uint32(4294967295), red_acc_1, 1, 8)
    # CHECK-NEXT: red_acc_1 = red_acc_1 + T.cuda.__shfl_xor_sync(T.uint32(4294967295), red_acc_1, 2, 8)
    # CHECK-NEXT: red_acc_1 = red_acc_1 + T.cuda.__shfl_xor_sync(T.uint32(4294967295), red_acc_1, 4, 8)
    # CHECK-NEXT: if thread_id_0 % 8 == 0:
    # CHECK-NEXT: B_smem[thread_id_0 // 8] = red_acc_1
    # CHECK-NEXT: T.cuda.cta_sync()
    T.cta.sum(B_smem, A_smem, axes=(-1,), accum=False)
    # CHECK: red_acc_5: T.float32 = T.min_value("float32")
    # CHECK: B_smem[thread_id_4 // 8] = T.max(B_smem[thread_id_4 // 8], red_acc_5)
    T.cta.max(B_smem, A_smem, (-1,), True)
    # a float16 reduction accumulates in float32
    H = T.alloc_shared((2, 32), "float16")
    H2 = T.alloc_shared((2,), "float16")
    # CHECK: red_acc_9 = T.max_value("float32")
    # CHECK: red_acc_9 = T.min(red_acc_9, T.Cast("float32", H[
    # CHECK: H2[{{.*}}] = T.Cast("float16", red_acc_9)
    T.warp.min(H2, H)

@T.prim_func
def red_local(A: T.Buffer((32, 8), "float32"), B: T.Buffer((32,), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    w = T.warp_id([1])
    lane = T.lane_id([32])
    R = T.alloc_buffer((32, 8), "float32", scope="local", layout=T.TileLayout(T.S[(32, 8):(1 @ Axis.laneid, 1)]))
    S = T.alloc_buffer((32,), "float32", scope="local", layout=T.TileLayout(T.S[32:1 @ Axis.laneid]))
    Cr = T.alloc_buffer((8,), "float32", scope="local", layout=T.TileLayout(T.S[8:1] + T.R[32:1 @ Axis.laneid]))
    # CHECK-LABEL: def red_local
    # CHECK: for k_0 in T.unroll(8):
    # CHECK-NEXT: red_acc_1 = red_acc_1 + R_local[k_0]
    # CHECK-NEXT: S_local[0] = red_acc_1
    T.warp.sum(S, R, axes=(-1,))
    # A source over the warp's 32 lanes into a lane-replicated destination: TVM's lane
    # pattern, tried first at warp scope (each thread's k-th element across 32 lanes).
    # CHECK: for k_3 in T.unroll(8):
    # CHECK-NEXT: red_acc_2 = R_local_1[k_3]
    # CHECK-NEXT: red_acc_2 = T.max(red_acc_2, T.cuda.__shfl_xor_sync(T.uint32(4294967295), red_acc_2, 16, 32))
    # CHECK: red_acc_2 = T.max(red_acc_2, T.cuda.__shfl_xor_sync(T.uint32(4294967295), red_acc_2, 1, 32))
    # CHECK-NEXT: Cr_local[k_3] = red_acc_2
    T.warp.max(Cr, R, axes=(0,))
    Sl = S.local()
    B[lane] = Sl[0]
