@T.prim_func
def f(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "int32")):
    T.device_entry()
    tx = T.thread_id([2048])
    A[0] = T.float32(1)
