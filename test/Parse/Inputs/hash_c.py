@T.prim_func
def scale(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "float32")):
    T.device_entry()
    tx = T.thread_id([256])
    B[tx] = A[tx] * T.float32(3.0)
