@T.prim_func
def f(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "int32")):
    T.device_entry()
    tx = T.thread_id([32])
    S = T.alloc_buffer((16384,), "float32", scope="shared")
    S[tx] = A[tx]
    A[tx] = S[tx]
