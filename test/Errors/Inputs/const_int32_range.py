@T.prim_func
def f(B: T.Buffer((64,), "int32")):
    T.device_entry()
    tx = T.thread_id([32])
    B[0] = T.int32(2147483648)
    B[1] = T.int32(-2147483649)
    B[2] = T.int8(300)
    B[3] = T.uint32(0x7fffffffffffffff)
    B[4] = T.uint32(-1)
    B[5] = T.int32(2147483647) + T.int32(-2147483648) + T.int8(-128) + T.uint8(255)
