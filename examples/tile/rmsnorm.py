# RMSNorm with tile primitives: one warp per row of N = 32 * K float32
# values, y = x / sqrt(mean(x^2) + eps) * w.  Lane l holds values l*K ..
# l*K + K - 1 of the row and of the weight (register tiles over laneid,
# T.warp.copy in and out); the mean of squares is T.warp.mul + T.warp.sum (in
# lane, then across lanes); the scaling is elementwise with a scalar.
# A and B are (ROWS, 32, K), W is (32, K): row r is A[r].ravel().
# Expected: B[r] == A[r] / sqrt(mean(A[r] ** 2) + EPS) * W.
ROWS = 64
K = 8
EPS = 1e-6


@T.prim_func
def rmsnorm(A: T.Buffer((ROWS, 32, K), "float32"), W: T.Buffer((32, K), "float32"), B: T.Buffer((ROWS, 32, K), "float32")):
    T.device_entry()
    bx = T.cta_id([ROWS // 4])
    w = T.warp_id([4])
    T.lane_id([32])
    row = bx * 4 + w
    X = T.alloc_buffer((32, K), "float32", scope="local", layout=T.TileLayout(T.S[(32, K):(1 @ Axis.laneid, 1)]))
    Q = T.alloc_buffer((32, K), "float32", scope="local", layout=T.TileLayout(T.S[(32, K):(1 @ Axis.laneid, 1)]))
    Wr = T.alloc_buffer((32, K), "float32", scope="local", layout=T.TileLayout(T.S[(32, K):(1 @ Axis.laneid, 1)]))
    P = T.alloc_buffer((32,), "float32", scope="local", layout=T.TileLayout(T.S[32:1 @ Axis.laneid]))
    R = T.alloc_buffer((1,), "float32", scope="local", layout=T.TileLayout(T.S[1:1] + T.R[32:1 @ Axis.laneid]))
    Rl = R.local()
    T.warp.copy(X[0:32, 0:K], A[row, 0:32, 0:K])
    T.warp.copy(Wr[0:32, 0:K], W[0:32, 0:K])
    T.warp.mul(Q[0:32, 0:K], X[0:32, 0:K], X[0:32, 0:K])
    T.warp.sum(P, Q, axes=(-1,))
    T.warp.sum(R, P, axes=(0,))
    T.warp.mul(X[0:32, 0:K], X[0:32, 0:K], T.float32(1.0) / T.sqrt(Rl[0] / T.float32(32 * K) + T.float32(EPS)))
    T.warp.mul(X[0:32, 0:K], X[0:32, 0:K], Wr[0:32, 0:K])
    T.warp.copy(B[row, 0:32, 0:K], X[0:32, 0:K])
