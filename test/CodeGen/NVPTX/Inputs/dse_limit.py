# A store that a later store to the same address overwrites, with 48 stores to other
# addresses of the same buffer between the two.
@T.prim_func
def k(A: T.Buffer((8192,), "float32"), x: T.float32):
    T.device_entry()
    tx = T.thread_id([128])
    A[tx] = x
    for i in T.unroll(48):
        A[tx + (i + 1) * 128] = x * T.float32(i)
    A[tx] = x + T.float32(1)
