# copy, vec_auto, registers <-> shared / global round trips (apache/tvm's
# test_reg.py): thread t holds row t of an (NT, K) register tile (layout
# S[(NT, K):(1@axis, 1)], axis laneid / tid_in_wg / tx for warp / warpgroup /
# cta); K and the dtype DT come from -D.
#   *_shared: A -> shared (plain stores) -> R -> shared (cleared first) -> B
#   *_global: A -> R -> B
# Expected: B == A.
K = 16
DT = "float16"


@T.prim_func
def warp_shared(A: T.Buffer((32, K), DT), B: T.Buffer((32, K), DT)):
    T.device_entry()
    T.cta_id([1])
    tid = T.lane_id([32])
    T.thread_id([32])
    S = T.alloc_buffer((32, K), DT, scope="shared")
    for kk in range(K):
        S[tid, kk] = A[tid, kk]
    T.cuda.cta_sync()
    R = T.alloc_buffer((32, K), DT, scope="local", layout=T.TileLayout(T.S[(32, K):(1 @ Axis.laneid, 1)]))
    T.warp.copy(R[0:32, 0:K], S[0:32, 0:K])
    for kk in range(K):
        S[tid, kk] = T.Cast(DT, 0)
    T.cuda.cta_sync()
    T.warp.copy(S[0:32, 0:K], R[0:32, 0:K])
    T.cuda.cta_sync()
    for kk in range(K):
        B[tid, kk] = S[tid, kk]


@T.prim_func
def warp_global(A: T.Buffer((32, K), DT), B: T.Buffer((32, K), DT)):
    T.device_entry()
    T.cta_id([1])
    T.lane_id([32])
    T.thread_id([32])
    R = T.alloc_buffer((32, K), DT, scope="local", layout=T.TileLayout(T.S[(32, K):(1 @ Axis.laneid, 1)]))
    T.warp.copy(R[0:32, 0:K], A[0:32, 0:K])
    T.warp.copy(B[0:32, 0:K], R[0:32, 0:K])


@T.prim_func
def wg_shared(A: T.Buffer((128, K), DT), B: T.Buffer((128, K), DT)):
    T.device_entry()
    T.cta_id([1])
    T.warpgroup_id([1])
    T.warp_id_in_wg([4])
    T.lane_id([32])
    T.thread_id_in_wg([128])
    tid = T.thread_id([128])
    S = T.alloc_buffer((128, K), DT, scope="shared")
    for kk in range(K):
        S[tid, kk] = A[tid, kk]
    T.cuda.cta_sync()
    R = T.alloc_buffer((128, K), DT, scope="local", layout=T.TileLayout(T.S[(128, K):(1 @ Axis.tid_in_wg, 1)]))
    T.wg.copy(R[0:128, 0:K], S[0:128, 0:K])
    for kk in range(K):
        S[tid, kk] = T.Cast(DT, 0)
    T.cuda.cta_sync()
    T.wg.copy(S[0:128, 0:K], R[0:128, 0:K])
    T.cuda.cta_sync()
    for kk in range(K):
        B[tid, kk] = S[tid, kk]


@T.prim_func
def wg_global(A: T.Buffer((128, K), DT), B: T.Buffer((128, K), DT)):
    T.device_entry()
    T.cta_id([1])
    T.warpgroup_id([1])
    T.warp_id_in_wg([4])
    T.lane_id([32])
    T.thread_id_in_wg([128])
    T.thread_id([128])
    R = T.alloc_buffer((128, K), DT, scope="local", layout=T.TileLayout(T.S[(128, K):(1 @ Axis.tid_in_wg, 1)]))
    T.wg.copy(R[0:128, 0:K], A[0:128, 0:K])
    T.wg.copy(B[0:128, 0:K], R[0:128, 0:K])


@T.prim_func
def cta_shared(A: T.Buffer((256, K), DT), B: T.Buffer((256, K), DT)):
    T.device_entry()
    T.cta_id([1])
    T.warp_id([8])
    T.lane_id([32])
    tid = T.thread_id([256])
    S = T.alloc_buffer((256, K), DT, scope="shared")
    for kk in range(K):
        S[tid, kk] = A[tid, kk]
    T.cuda.cta_sync()
    R = T.alloc_buffer((256, K), DT, scope="local", layout=T.TileLayout(T.S[(256, K):(1 @ Axis.tx, 1)]))
    T.cta.copy(R[0:256, 0:K], S[0:256, 0:K])
    for kk in range(K):
        S[tid, kk] = T.Cast(DT, 0)
    T.cuda.cta_sync()
    T.cta.copy(S[0:256, 0:K], R[0:256, 0:K])
    T.cuda.cta_sync()
    for kk in range(K):
        B[tid, kk] = S[tid, kk]


@T.prim_func
def cta_global(A: T.Buffer((256, K), DT), B: T.Buffer((256, K), DT)):
    T.device_entry()
    T.cta_id([1])
    T.warp_id([8])
    T.lane_id([32])
    T.thread_id([256])
    R = T.alloc_buffer((256, K), DT, scope="local", layout=T.TileLayout(T.S[(256, K):(1 @ Axis.tx, 1)]))
    T.cta.copy(R[0:256, 0:K], A[0:256, 0:K])
    T.cta.copy(B[0:256, 0:K], R[0:256, 0:K])
