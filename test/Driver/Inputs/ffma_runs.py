# A kernel with a short run of consecutive FFMAs for test/Driver/sass-interleave-ffma.test:
# N FFMAs (-D N=4 or 7: below sass.def's MIN_RUN of 8, so --sass-interleave-ffma leaves them;
# the fp8 GEMM's promotion is the long run), all waiting for s, loaded after a barrier.
N = 4


@T.prim_func
def short(A_ptr: T.handle, C_ptr: T.handle):
    A = T.match_buffer(A_ptr, (128, 16), "float32")
    C = T.match_buffer(C_ptr, (128, 16), "float32")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([128])
    acc = T.alloc_local((16,), "float32")
    tmp = T.alloc_local((16,), "float32")
    for i in T.unroll(N):
        acc[i] = C[tx, i]
        tmp[i] = A[tx, i]
    T.tvm_storage_sync("shared")
    s = A[tx, 15]
    for i in T.unroll(N):
        acc[i] = acc[i] + tmp[i] * s
    T.tvm_storage_sync("shared")
    for i in T.unroll(N):
        C[tx, i] = acc[i]
