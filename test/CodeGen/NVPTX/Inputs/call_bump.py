from tvm.script import tirx as T

@T.prim_func
def k(A: T.Buffer((128,), "int32")):
    T.device_entry()
    tx = T.thread_id([128])
    A[tx] = bump(tx)
