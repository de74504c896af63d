@T.prim_func
def k(A: T.Buffer((64,), "float32")):
    T.device_entry()
    tx = T.thread_id([32])
    x: T.let[T.int32] = T.FloorDiv(17, 2)
    A[tx + x] = T.float32(1.0)
