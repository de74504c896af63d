# Rung 1, elementwise: B[i] = A[i] * 2 over 256 floats, one CTA of 256 threads.
# Expected: with A = arange(256), B[i] == 2 * i.
@T.prim_func
def scale(A_ptr: T.handle, B_ptr: T.handle):
    A = T.match_buffer(A_ptr, (256,), "float32")
    B = T.match_buffer(B_ptr, (256,), "float32")

    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([256])

    B[tx] = A[tx] * T.float32(2.0)
