# Register reductions (local variant) over a warp: each lane holds row `lane` of
# a 32x8 tile; a row sum stays in the lane, a column max folds across lanes with
# __shfl_xor_sync and leaves the result replicated in every lane.
@T.prim_func
def red_local(A: T.Buffer((32, 8), "float32"), B: T.Buffer((32,), "float32"), C: T.Buffer((32, 8), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    w = T.warp_id([1])
    lane = T.lane_id([32])
    R = T.alloc_buffer((32, 8), "float32", scope="local", layout=T.TileLayout(T.S[(32, 8):(1 @ Axis.laneid, 1)]))
    S = T.alloc_buffer((32,), "float32", scope="local", layout=T.TileLayout(T.S[32:1 @ Axis.laneid]))
    Cr = T.alloc_buffer((8,), "float32", scope="local", layout=T.TileLayout(T.S[8:1] + T.R[32:1 @ Axis.laneid]))
    Rl = R.local()
    for j in range(8):
        Rl[j] = A[lane, j]
    T.warp.sum(S, R, axes=(-1,))
    T.warp.max(Cr, R, axes=(0,))
    Sl = S.local()
    B[lane] = Sl[0]
    Cl = Cr.local()
    for j in range(8):
        C[lane, j] = Cl[j]
