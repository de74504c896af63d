# An mma.sync GEMM with tile primitives only: C = A @ B, float16 in, float32
# out.  Each CTA computes a 32 x 32 tile of C with 4 warps (2 x 2), each warp
# a 16 x 16 tile (two m16n8 accumulators).  Per 32-wide step of K the CTA
# stages A and B tiles in shared memory (T.cta.copy: 128-bit vectors over the
# CTA's threads), each warp loads its fragments from shared memory into
# register tiles laid out as the m16n8k16 fragments (T.warp.copy: ldmatrix
# .x4 for A, .x4.trans for B) and issues
# T.warp.gemm (mma.m16n8k16, accumulating into D); D goes out with T.warp.copy.
# Expected: C == A.astype(float32) @ B.astype(float32).
M = 128
N = 128
K = 128


@T.prim_func
def mma_gemm(A: T.Buffer((M, K), "float16"), B: T.Buffer((K, N), "float16"), C: T.Buffer((M, N), "float32")):
    T.device_entry()
    bx, by = T.cta_id([M // 32, N // 32])
    wid = T.warp_id([4])
    T.lane_id([32])
    T.thread_id([128])
    wm = wid // 2
    wn = wid % 2
    As = T.alloc_buffer((32, 32), "float16", scope="shared")
    Bs = T.alloc_buffer((32, 32), "float16", scope="shared")
    # m16n8k16 fragments tiled over a 16 x 32 A step (2 k-tiles), a 32 x 16 B
    # step (2 k-tiles x 2 n-tiles) and the 16 x 16 accumulator (2 n-tiles)
    Ar = T.alloc_buffer((16, 32), "float16", scope="local", layout=T.TileLayout(T.S[(2, 8, 2, 2, 4, 2):(2, 4 @ Axis.laneid, 8, 4, 1 @ Axis.laneid, 1)]))
    Br = T.alloc_buffer((32, 16), "float16", scope="local", layout=T.TileLayout(T.S[(2, 2, 4, 2, 2, 8):(8, 2, 1 @ Axis.laneid, 1, 4, 4 @ Axis.laneid)]))
    D = T.alloc_buffer((16, 16), "float32", scope="local", layout=T.TileLayout(T.S[(2, 8, 2, 4, 2):(2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
    T.warp.zero(D[0:16, 0:16])
    for ko in range(K // 32):
        T.cta.copy(As[0:32, 0:32], A[bx * 32:bx * 32 + 32, ko * 32:ko * 32 + 32])
        T.cta.copy(Bs[0:32, 0:32], B[ko * 32:ko * 32 + 32, by * 32:by * 32 + 32])
        T.cuda.cta_sync()
        T.warp.copy(Ar[0:16, 0:32], As[wm * 16:wm * 16 + 16, 0:32])
        T.warp.copy(Br[0:32, 0:16], Bs[0:32, wn * 16:wn * 16 + 16])
        T.warp.gemm(D, Ar, Br, D, transpose_A=False, transpose_B=False, alpha=1.0, beta=1.0)
        T.cuda.cta_sync()
    T.warp.copy(C[bx * 32 + wm * 16:bx * 32 + wm * 16 + 16, by * 32 + wn * 16:by * 32 + wn * 16 + 16], D[0:16, 0:16])
