# A per-thread local array filled by an unrolled loop, then reduced.
@T.prim_func
def local_unroll(A: T.Buffer((512,), "float32"), B: T.Buffer((64,), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])
    x: T.float32[8]
    for i in T.unroll(8):
        x[i] = A[tx * 8 + i] * T.float32(i)
    acc: T.float32 = T.float32(0.0)
    for i in range(8):
        acc += x[i]
    B[tx] = acc
