# gemm_async, wgmma (lib/Transforms/Tile/gemm_async.c): one warpgroup computes
# C[M, N] = A[M, K] @ B[N, K]^T over a K loop of BK-wide steps.  Each step copies the A and
# B tiles into K-major shared memory with T.wg.copy (the threads' stores, so a
# fence.proxy.async before the barrier hands them to the tensor cores' async proxy), then
# T.wg.gemm_async accumulates into C in registers (accum false on the first step), and
# T.wg.copy drains C's wgmma fragment to global memory at the end.
#   SW   the shared layout: 128 / 64 / 32 (ComposeLayout(3, log2(SW / 16), 3) rows of SW
#        bytes, BK = SW / 2 elements), 0 (8 x 16-byte core matrices, BK = 64)
#   AREG A from registers (T.wg.copy into the m64k16 A fragment) instead of shared memory
# M (a multiple of 64), N, KT (the K steps), DT ("float16" / "bfloat16") come from -D.
M = 64
N = 128
KT = 4
DT = "float16"
SW = 128
AREG = 0
BK = SW // 2 if SW else 64


def smem_layout(rows):
    if SW == 0:
        return T.TileLayout(T.S[(rows // 8, 8, BK // 8, 8):(BK * 8, 8, 64, 1)])
    return T.ComposeLayout(3, {128: 3, 64: 2, 32: 1}[SW], 3, T.TileLayout(T.S[(rows, BK):(BK, 1)]))


@T.prim_func
def wgmma_gemm(A: T.Buffer((M, BK * KT), DT), B: T.Buffer((N, BK * KT), DT), C: T.Buffer((M, N), "float32")):
    T.device_entry()
    T.cta_id([1])
    T.warpgroup_id([1])
    T.thread_id_in_wg([128])
    As = T.alloc_buffer((M, BK), DT, scope="shared", align=1024, layout=smem_layout(M))
    Bs = T.alloc_buffer((N, BK), DT, scope="shared.dyn", align=1024, layout=smem_layout(N))
    Ar = T.alloc_buffer((M, BK), DT, scope="local", layout=T.TileLayout(T.S[(M // 64, 4, 2, 8, BK // 16, 2, 4, 2):(BK // 2, 32 @ Axis.tid_in_wg, 2, 4 @ Axis.tid_in_wg, 8, 4, 1 @ Axis.tid_in_wg, 1)]))
    acc = T.alloc_buffer((M, N), "float32", scope="local", layout=T.TileLayout(T.S[(M // 64, 4, 2, 8, N // 8, 4, 2):(N // 2, 32 @ Axis.tid_in_wg, 2, 4 @ Axis.tid_in_wg, 4, 1 @ Axis.tid_in_wg, 1)]))
    for k in range(KT):
        if AREG:
            T.wg.copy(Ar[0:M, 0:BK], A[0:M, k * BK:k * BK + BK])
        else:
            T.wg.copy(As[0:M, 0:BK], A[0:M, k * BK:k * BK + BK])
        T.wg.copy(Bs[0:N, 0:BK], B[0:N, k * BK:k * BK + BK])
        T.ptx.fence.proxy.async_.shared__cta()
        T.cuda.cta_sync()
        if AREG:
            T.wg.gemm_async(acc[0:M, 0:N], Ar[0:M, 0:BK], Bs[0:N, 0:BK], False, False, k > 0)
        else:
            T.wg.gemm_async(acc[0:M, 0:N], As[0:M, 0:BK], Bs[0:N, 0:BK], False, False, k > 0)
        T.cuda.cta_sync()
    T.wg.copy(C[0:M, 0:N], acc[0:M, 0:N])
