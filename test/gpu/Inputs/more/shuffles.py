# Warp shuffles: idx (broadcast lane 3), up by 1, down by 2, and a ballot.
@T.prim_func
def shuffles(A: T.Buffer((32,), "float32"), O: T.Buffer((4, 32), "float32"), V: T.Buffer((1,), "uint32")):
    T.device_entry()
    bx = T.cta_id([1])
    lane = T.thread_id([32])
    v = A[lane]
    O[0, lane] = T.tvm_warp_shuffle(0xFFFFFFFF, v, 3, 32, 32)
    O[1, lane] = T.tvm_warp_shuffle_up(0xFFFFFFFF, v, 1, 32, 32)
    O[2, lane] = T.tvm_warp_shuffle_down(0xFFFFFFFF, v, 2, 32, 32)
    O[3, lane] = T.cuda.__shfl_xor_sync(0xFFFFFFFF, v, 16, 32)
    mask = T.cuda.ballot_sync(0xFFFFFFFF, T.Cast("int32", v > T.float32(0.0)))
    if lane == 0:
        V[0] = mask
