# Row softmax with tile primitives: one warp per row of N = 32 * K float32
# values; lane l holds the K consecutive values l*K .. l*K + K - 1 (a register
# tile over laneid), filled and drained with T.warp.copy (vector loads), the
# maximum and the sum reduced with T.warp.max / T.warp.sum (in-lane, then a
# shuffle butterfly across the lanes), the rest elementwise.
# A and B are (ROWS, 32, K): row r is A[r].ravel().
# Expected: B[r] == exp(A[r] - max(A[r])) / sum(exp(A[r] - max(A[r]))).
ROWS = 64
K = 8


@T.prim_func
def softmax(A: T.Buffer((ROWS, 32, K), "float32"), B: T.Buffer((ROWS, 32, K), "float32")):
    T.device_entry()
    bx = T.cta_id([ROWS // 4])
    w = T.warp_id([4])
    T.lane_id([32])
    row = bx * 4 + w
    X = T.alloc_buffer((32, K), "float32", scope="local", layout=T.TileLayout(T.S[(32, K):(1 @ Axis.laneid, 1)]))
    P = T.alloc_buffer((32,), "float32", scope="local", layout=T.TileLayout(T.S[32:1 @ Axis.laneid]))
    R = T.alloc_buffer((1,), "float32", scope="local", layout=T.TileLayout(T.S[1:1] + T.R[32:1 @ Axis.laneid]))
    Rl = R.local()
    T.warp.copy(X[0:32, 0:K], A[row, 0:32, 0:K])
    T.warp.max(P, X, axes=(-1,))
    T.warp.max(R, P, axes=(0,))
    T.warp.sub(X[0:32, 0:K], X[0:32, 0:K], Rl[0])
    T.warp.exp(X[0:32, 0:K], X[0:32, 0:K])
    T.warp.sum(P, X, axes=(-1,))
    T.warp.sum(R, P, axes=(0,))
    T.warp.fdiv(X[0:32, 0:K], X[0:32, 0:K], Rl[0])
    T.warp.copy(B[row, 0:32, 0:K], X[0:32, 0:K])
