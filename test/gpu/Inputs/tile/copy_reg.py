# copy, vec_auto, registers <-> shared / global round trips (apache/tvm's test_reg.py),
# one kernel over its spread (copy_reg_cases.py): thread t of the scope holds row t of an
# (NT, K) register tile (layout S[(NT, K):(1@axis, 1)], axis laneid / tid_in_wg / tx for
# SCOPE warp / wg / cta, NT 32 / 128 / 256); K and the dtype DT come from -D.
#   PATH "shared": A -> shared (plain stores) -> R -> shared (cleared first) -> B
#   PATH "global": A -> R -> B
# Expected: B == A.
K = 16
DT = "float16"
SCOPE = "warp"
NT = 32
PATH = "shared"


@T.prim_func
def reg_copy(A: T.Buffer((NT, K), DT), B: T.Buffer((NT, K), DT)):
    T.device_entry()
    T.cta_id([1])
    if SCOPE == "warp":
        T.lane_id([32])
    elif SCOPE == "wg":
        T.warpgroup_id([1])
        T.warp_id_in_wg([4])
        T.lane_id([32])
        T.thread_id_in_wg([128])
    else:
        T.warp_id([8])
        T.lane_id([32])
    tid = T.thread_id([NT])
    R = T.alloc_buffer((NT, K), DT, scope="local", layout=T.TileLayout(T.S[(NT, K):(1 @ (Axis.laneid if SCOPE == "warp" else Axis.tid_in_wg if SCOPE == "wg" else Axis.tx), 1)]))
    if PATH == "shared":
        S = T.alloc_buffer((NT, K), DT, scope="shared")
        for kk in range(K):
            S[tid, kk] = A[tid, kk]
        T.cuda.cta_sync()
        if SCOPE == "warp":
            T.warp.copy(R[0:NT, 0:K], S[0:NT, 0:K])
        elif SCOPE == "wg":
            T.wg.copy(R[0:NT, 0:K], S[0:NT, 0:K])
        else:
            T.cta.copy(R[0:NT, 0:K], S[0:NT, 0:K])
        for kk in range(K):
            S[tid, kk] = T.Cast(DT, 0)
        T.cuda.cta_sync()
        if SCOPE == "warp":
            T.warp.copy(S[0:NT, 0:K], R[0:NT, 0:K])
        elif SCOPE == "wg":
            T.wg.copy(S[0:NT, 0:K], R[0:NT, 0:K])
        else:
            T.cta.copy(S[0:NT, 0:K], R[0:NT, 0:K])
        T.cuda.cta_sync()
        for kk in range(K):
            B[tid, kk] = S[tid, kk]
    else:
        if SCOPE == "warp":
            T.warp.copy(R[0:NT, 0:K], A[0:NT, 0:K])
            T.warp.copy(B[0:NT, 0:K], R[0:NT, 0:K])
        elif SCOPE == "wg":
            T.wg.copy(R[0:NT, 0:K], A[0:NT, 0:K])
            T.wg.copy(B[0:NT, 0:K], R[0:NT, 0:K])
        else:
            T.cta.copy(R[0:NT, 0:K], A[0:NT, 0:K])
            T.cta.copy(B[0:NT, 0:K], R[0:NT, 0:K])
