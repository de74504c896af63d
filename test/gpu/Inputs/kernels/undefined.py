# Does not compile: `scale` is not defined (tirx-run must report it, exit 1).
@T.prim_func
def undefined(A_ptr: T.handle):
    A = T.match_buffer(A_ptr, (32,), "float32")

    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([32])

    A[tx] = A[tx] * scale
