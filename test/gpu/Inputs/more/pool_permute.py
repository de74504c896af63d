# SMEMPool arena + a permute view: B = A transposed through shared memory.
@T.prim_func
def pool_permute(A: T.Buffer((8, 8), "float32"), B: T.Buffer((8, 8), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])
    pool = T.SMEMPool()
    S = pool.alloc((8, 8), "float32", align=128)
    pad = pool.alloc((3,), "float16")
    pool.commit()
    S[tx // 8, tx % 8] = A[tx // 8, tx % 8]
    T.cuda.cta_sync()
    St = S.permute(1, 0)
    B[tx // 8, tx % 8] = St[tx // 8, tx % 8]
