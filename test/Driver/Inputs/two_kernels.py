@T.prim_func
def first(A: T.Buffer((32,), "float32")):
    T.device_entry()
    tx = T.thread_id([32])
    A[tx] = T.float32(1)


@T.prim_func
def second(A: T.Buffer((32,), "float32")):
    T.device_entry()
    tx = T.thread_id([32])
    A[tx] = T.float32(2)
