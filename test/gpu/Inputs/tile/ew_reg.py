# Register tiles (reg variant): each lane holds row `lane` of a 32x8 tile
# (layout S[(32, 8):(1@laneid, 1)]); four warps, each on its own 32 rows.
# B = cast<f16>(reciprocal(sqrt(A) + 1)) and C = log2(A) * exp2(0.5) elementwise.
@T.prim_func
def ew_reg(A: T.Buffer((128, 8), "float32"), B: T.Buffer((128, 8), "float16"), C: T.Buffer((128, 8), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    w = T.warp_id([4])
    lane = T.lane_id([32])
    R = T.alloc_buffer((32, 8), "float32", scope="local", layout=T.TileLayout(T.S[(32, 8):(1 @ Axis.laneid, 1)]))
    Q = T.alloc_buffer((32, 8), "float16", scope="local", layout=T.TileLayout(T.S[(32, 8):(1 @ Axis.laneid, 1)]))
    P = T.alloc_buffer((32, 8), "float32", scope="local", layout=T.TileLayout(T.S[(32, 8):(1 @ Axis.laneid, 1)]))
    E = T.alloc_local((8,), "float32")
    Rl = R.local()
    Ql = Q.local()
    Pl = P.local()
    for j in range(8):
        Rl[j] = A[w * 32 + lane, j]
    T.warp.log2(P[0:32, 0:8], R[0:32, 0:8])
    T.tile.fill(E[0:8], T.float32(0.5))
    T.tile.exp2(E[0:8], E[0:8])
    T.warp.sqrt(R[0:32, 0:8], R[0:32, 0:8])
    T.warp.add(R[0:32, 0:8], R[0:32, 0:8], T.float32(1.0))
    T.warp.reciprocal(R[0:32, 0:8], R[0:32, 0:8])
    T.warp.cast(Q[0:32, 0:8], R[0:32, 0:8])
    for j in range(8):
        B[w * 32 + lane, j] = Ql[j]
        C[w * 32 + lane, j] = Pl[j] * E[j]
