# A runtime scalar parameter: B[i] = A[i] * s over 256 floats (s passed as a number).
# Expected: with A = arange(256) and s = 0.5, B[i] == i / 2.
@T.prim_func
def scal(A_ptr: T.handle, B_ptr: T.handle, s: T.float32):
    A = T.match_buffer(A_ptr, (256,), "float32")
    B = T.match_buffer(B_ptr, (256,), "float32")

    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([256])

    B[tx] = A[tx] * s
