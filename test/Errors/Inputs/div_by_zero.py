@T.prim_func
def f(B: T.Buffer((64,), "int32")):
    T.device_entry()
    tx = T.thread_id([32])
    B[0] = tx // 0
    B[1] = tx % 0
    B[2] = T.truncdiv(tx, 0)
    B[3] = T.floormod(tx, 0)
    B[4] = T.int32(tx) // T.int32(0)
