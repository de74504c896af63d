# an input of elect_sync_condition.py: `and` of a uint32
@T.prim_func
def f(A: T.Buffer((128,), "float32")):
    T.device_entry()
    tx = T.thread_id([128])
    if T.cuda.elect_sync() and tx < 64:
        A[tx] = T.float32(2.0)
