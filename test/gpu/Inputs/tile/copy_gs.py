# copy, vec_auto, global <-> shared round trips (apache/tvm's test_gmem_smem.py):
# A --copy--> shared --copy--> B at warp / warpgroup / cta scope; the shape
# (M, N), the dtype DT and the CTA's thread count NT come from -D (the
# warpgroup kernel runs one warpgroup).
# Expected: B == A.
M = 32
N = 32
DT = "float16"
NT = 32


@T.prim_func
def warp(A: T.Buffer((M, N), DT), B: T.Buffer((M, N), DT)):
    T.device_entry()
    T.cta_id([1])
    T.lane_id([32])
    T.thread_id([NT])
    A_smem = T.alloc_buffer((M, N), DT, scope="shared")
    T.warp.copy(A_smem[0:M, 0:N], A[0:M, 0:N])
    T.cuda.cta_sync()
    T.warp.copy(B[0:M, 0:N], A_smem[0:M, 0:N])


@T.prim_func
def wg(A: T.Buffer((M, N), DT), B: T.Buffer((M, N), DT)):
    T.device_entry()
    T.cta_id([1])
    T.warpgroup_id([1])
    T.warp_id_in_wg([4])
    T.lane_id([32])
    T.thread_id_in_wg([128])
    T.thread_id([128])
    A_smem = T.alloc_buffer((M, N), DT, scope="shared")
    T.wg.copy(A_smem[0:M, 0:N], A[0:M, 0:N])
    T.cuda.cta_sync()
    T.wg.copy(B[0:M, 0:N], A_smem[0:M, 0:N])


@T.prim_func
def cta(A: T.Buffer((M, N), DT), B: T.Buffer((M, N), DT)):
    T.device_entry()
    T.cta_id([1])
    T.warp_id([NT // 32])
    T.lane_id([32])
    T.thread_id([NT])
    A_smem = T.alloc_buffer((M, N), DT, scope="shared")
    T.cta.copy(A_smem[0:M, 0:N], A[0:M, 0:N])
    T.cuda.cta_sync()
    T.cta.copy(B[0:M, 0:N], A_smem[0:M, 0:N])
