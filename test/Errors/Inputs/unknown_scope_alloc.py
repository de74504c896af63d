@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.device_entry()
    tx = T.thread_id([4])
    S = T.alloc_buffer((4,), "float32", scope="sharde")
    S[tx] = A[tx]
