# A staged copy with tile primitives: each CTA moves a TM x N tile of A into
# shared memory and back out to B (T.cta.copy, the copy family's vec_auto
# variant: 128-bit vectors split over the CTA's threads).
# Expected: B == A.
M = 256
N = 128
TM = 32


@T.prim_func
def staged_copy(A: T.Buffer((M, N), "float16"), B: T.Buffer((M, N), "float16")):
    T.device_entry()
    bx = T.cta_id([M // TM])
    T.warp_id([4])
    T.lane_id([32])
    T.thread_id([128])
    S = T.alloc_buffer((TM, N), "float16", scope="shared")
    T.cta.copy(S[0:TM, 0:N], A[bx * TM:bx * TM + TM, 0:N])
    T.cuda.cta_sync()
    T.cta.copy(B[bx * TM:bx * TM + TM, 0:N], S[0:TM, 0:N])
