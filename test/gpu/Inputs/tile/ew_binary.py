# Binary / fma / unary ops in shared memory (smem variant) at CTA, warpgroup
# and thread scope, with a broadcast row and scalars; O[k] holds op k.
@T.prim_func
def ew_binary(X: T.Buffer((32, 32), "float32"), Y: T.Buffer((32, 32), "float32"), O: T.Buffer((8, 32, 32), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([256])
    Xs = T.alloc_shared((32, 32), "float32")
    Ys = T.alloc_shared((32, 32), "float32")
    Os = T.alloc_shared((8, 32, 32), "float32")
    for i in range(4):
        Xs[i * 8 + tx // 32, tx % 32] = X[i * 8 + tx // 32, tx % 32]
        Ys[i * 8 + tx // 32, tx % 32] = Y[i * 8 + tx // 32, tx % 32]
    T.cuda.cta_sync()
    T.cta.add(Os[0, 0:32, 0:32], Xs[0:32, 0:32], Ys[0:32, 0:32])
    T.cta.sub(Os[1, 0:32, 0:32], Xs[0:32, 0:32], Ys[0, 0:32])
    T.cta.mul(Os[2, 0:32, 0:32], T.float32(3.0), Xs[0:32, 0:32])
    T.cta.fdiv(Os[3, 0:32, 0:32], Xs[0:32, 0:32], Ys[0:32, 0:32])
    T.cta.maximum(Os[4, 0:32, 0:32], Xs[0:32, 0:32], T.float32(0.5))
    T.cta.fma(Os[5, 0:32, 0:32], Xs[0:32, 0:32], Ys[0:32, 0:32], T.float32(1.0))
    if tx // 128 == 1:
        T.wg.silu(Os[6, 0:32, 0:32], Xs[0:32, 0:32])
    if tx == 5:
        T.tile.exp(Os[7, 0:32, 0:32], Xs[0:32, 0:32], T.float32(-1.0), T.float32(0.5))
    T.cuda.cta_sync()
    for k in range(8):
        for i in range(4):
            O[k, i * 8 + tx // 32, tx % 32] = Os[k, i * 8 + tx // 32, tx % 32]
