from tvm.script import tirx as T

@T.prim_func
def k(A: T.Buffer((64,), "int32"), B: T.Buffer((64,), "int32")):
    T.device_entry()
    bx = T.cta_id([64])
    tx = T.thread_id([32])
    if tx == 0:
        A[bx] = bx * 7 + 1
    T.cuda.grid_sync()
    if tx == 0:
        B[bx] = A[63 - bx]
    T.cuda.grid_sync()
    if tx == 0:
        A[bx] = B[(bx + 1) % 64]
