# Reductions, local variant: thread_reduce=True reduces only the registers of
# each thread (a reduced dim's lane digits stay, as dst digits held by the same
# lanes: no shuffles), and a warpgroup-scope reduction of each thread's own
# row (kept dim over tid_in_wg).  As apache/tvm's test_reduction kernels.
# RUN: %tirx-opt --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: not %tirx-opt --pass-pipeline=tile-dispatch -D BAD=1 %s 2>&1 | FileCheck %s --check-prefix=ERR1
# RUN: not %tirx-opt --pass-pipeline=tile-dispatch -D BAD=2 %s 2>&1 | FileCheck %s --check-prefix=ERR2
BAD = 0


@T.prim_func
def red_tr(A: T.Buffer((16, 128), "float32"), B: T.Buffer((16, 4), "float32"), C: T.Buffer((128,), "float32")):
    T.device_entry()
    T.cta_id([1])
    T.warp_id([1])
    lane = T.lane_id([32])
    acc = T.alloc_local((2, 32), "float32")
    red = T.alloc_local((2,), "float32")
    for i in range(16):
        for j in T.unroll(2):
            for v in T.vectorized(2):
                acc[j, i * 2 + v] = A[j * 8 + lane // 4, i * 8 + lane % 4 * 2 + v]
    acc_view = acc.view(16, 128, layout=T.TileLayout(T.S[(2, 8, 16, 4, 2):(2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
    red_view = red.view(16, 4, layout=T.TileLayout(T.S[(2, 32):(1, 1 @ Axis.laneid)]))
    # CHECK-LABEL: def red_tr
    # 2 rows per lane, each the sum of its 16 x 2 registers of the row
    # CHECK: for s_0 in T.unroll(2):
    # CHECK-NEXT: red_acc_{{[0-9]+}} = T.float32(0.0)
    # CHECK-NEXT: for k_2 in T.unroll(16):
    # CHECK-NEXT: for k_1 in T.unroll(2):
    # CHECK-NEXT: red_acc_{{[0-9]+}} = red_acc_{{[0-9]+}} + acc_view_local[s_0 * 8 // 8 * 2 + (k_1 + k_2 * 8) % 2 + (k_1 + k_2 * 8) // 8 * 4]
    # CHECK-NOT: shfl
    # CHECK-NEXT: red_view_local[s_0 * 8 * 4 // 4 // 8] = red_acc
    T.warp.sum(red_view[0:16, 0:4], acc_view[0:16, 0:128], [-1], False, thread_reduce=True)
    # without thread_reduce the lanes of the row fold (butterfly over lanes 1, 2)
    # and dst keeps them: each lane writes its replica of the row's result
    # CHECK: red_acc_[[A:[0-9]+]] = red_acc_[[A]] + T.cuda.__shfl_xor_sync(T.uint32(4294967295), red_acc_[[A]], 1, 32)
    # CHECK-NEXT: red_acc_[[A]] = red_acc_[[A]] + T.cuda.__shfl_xor_sync(T.uint32(4294967295), red_acc_[[A]], 2, 32)
    # CHECK-NEXT: red_view_local_1[s_4 * 8 * 4 // 4 // 8] = red_acc_[[A]]
    T.warp.sum(red_view[0:16, 0:4], acc_view[0:16, 0:128], [-1], False)
    for i in T.unroll(2):
        B[i * 8 + lane // 4, lane % 4] = red[i]
    if BAD == 1:
        # ERR1: error: T.warp.max: no variant applies (3input_maxmin: does not run at warp scope; local: the destination has 32 elements but the source keeps 16
        T.warp.max(red_view[0:8, 0:4], acc_view[0:16, 0:128], [-1], False)


@T.prim_func
def red_wg(A: T.Buffer((128, 16), "float32"), B: T.Buffer((128,), "float32")):
    T.device_entry()
    T.cta_id([1])
    T.warpgroup_id([1])
    tid = T.thread_id_in_wg([128])
    src = T.alloc_local((128, 16), "float32", layout=T.TileLayout(T.S[(128, 16):(1 @ Axis.tid_in_wg, 1)]))
    dst = T.alloc_local((128, 1), "float32", layout=T.TileLayout(T.S[(128, 1):(1 @ Axis.tid_in_wg, 1)]))
    sl = src.local()
    for i in range(16):
        sl[i] = A[tid, i]
    # CHECK-LABEL: def red_wg
    # CHECK: red_acc_{{[0-9]+}}: T.float32 = T.min_value("float32")
    # CHECK-NEXT: for k_0 in T.unroll(16):
    # CHECK-NEXT: red_acc_{{[0-9]+}} = T.max(red_acc_{{[0-9]+}}, src_local[k_0])
    # CHECK-NEXT: dst_local[0] = red_acc
    T.wg.max(dst[0:128, 0:1], src[0:128, 0:16], [-1], False)
    dl = dst.local()
    B[tid] = dl[0]
    if BAD == 2:
        Q = T.alloc_local((4, 32), "float32", layout=T.TileLayout(T.S[(4, 32):(1 @ Axis.wid_in_wg, 1 @ Axis.laneid)]))
        Qd = T.alloc_local((32,), "float32", layout=T.TileLayout(T.S[(32,):(1 @ Axis.laneid,)]))
        # ERR2: error: T.wg.sum: no variant applies (packed_add_sum: does not run at warpgroup scope; local: the layout of 'Q' reduces over thread axis 'wid_in_wg' (lane butterflies only: laneid)
        T.wg.sum(Qd[0:32], Q[0:4, 0:32], [0], False)
