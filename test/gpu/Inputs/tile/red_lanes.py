# TVM's warp lane pattern of the local reduction (reduction.c): each thread's k-th element
# reduced across the lanes, the result replicated in every lane of a group
# (apache/tvm's test_reduction_op_warp_shuffle_multi_elem and _gapped_permuted_storage).
#   multi_elem: A (128) held 4 per lane (lane l: A[4l .. 4l+3]); B[j] = OP over lanes of
#               A[4l + j] (OP: sum, -D OP=max: max), read from lane 0.
#   gapped:     A (32, 2, 2), lane l holds A[l] at registers 0, 2, 4, 6; max over groups of
#               8 lanes with accum (dst starts at 0): G[g, i, j] = max(0, max A[8g:8g+8, i, j]).
OP = "sum"


@T.prim_func
def multi_elem(A: T.Buffer((128,), "float32"), B: T.Buffer((4,), "float32")):
    T.device_entry()
    T.cta_id([1])
    T.warp_id([1])
    lane_id = T.lane_id([32])
    src_local = T.alloc_local((4,))
    dst_local = T.alloc_local((4,))
    for i in range(4):
        src_local[i] = A[lane_id * 4 + i]
    src_view = src_local.view(128, layout=T.TileLayout(T.S[(32, 4):(1 @ Axis.laneid, 1)]))
    dst_view = dst_local.view(4, layout=T.TileLayout(T.S[4:1] + T.R[32:1 @ Axis.laneid]))
    if OP == "max":
        T.warp.max(dst_view, src_view)
    else:
        T.warp.sum(dst_view, src_view)
    if lane_id == 0:
        for i in range(4):
            B[i] = dst_local[i]


@T.prim_func
def gapped(A: T.Buffer((32, 2, 2), "float32"), G: T.Buffer((4, 2, 2), "float32")):
    T.device_entry()
    T.cta_id([1])
    T.warp_id([1])
    lane_id = T.lane_id([32])
    src_local = T.alloc_local((7,))
    dst_local = T.alloc_local((7,))
    src_view = src_local.view(32, 2, 2, layout=T.TileLayout(T.S[(32, 2, 2):(1 @ Axis.laneid, 2, 4)]))
    dst_view = dst_local.view(2, 2, layout=T.TileLayout(T.S[(2, 2):(2, 4)] + T.R[8:1 @ Axis.laneid]))
    for i, j in T.grid(2, 2):
        src_local[i * 2 + j * 4] = A[lane_id, i, j]
        dst_local[i * 2 + j * 4] = T.float32(0)
    T.warp.max(dst_view[0:2, 0:2], src_view[0:32, 0:2, 0:2], [-1], True)
    if lane_id % 8 == 3:
        for i, j in T.grid(2, 2):
            G[lane_id // 8, i, j] = dst_local[i * 2 + j * 4]
