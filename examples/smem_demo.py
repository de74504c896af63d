# Shared memory and a CTA barrier: stage A into shared memory, sync, then scale.
# Expected: B[i] == 2 * A[i] over 128 floats.
@T.prim_func
def smem_demo(A_ptr: T.handle, B_ptr: T.handle):
    A = T.match_buffer(A_ptr, (128,), "float32")
    B = T.match_buffer(B_ptr, (128,), "float32")

    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([128])

    sm = T.alloc_shared((128,), "float32")
    sm[tx] = A[tx]
    T.cuda.cta_sync()
    B[tx] = sm[tx] * T.float32(2.0)
