# Shared-memory reductions (shared variant), which TVM 0.27 cannot build:
# TVM's test_reduction.py shape (4, 8) over a 32-thread CTA (axes=-1), a (16, 100)
# row reduction with accum over a 128-thread CTA (groups of 32 lanes, strided
# gather), a warp-scope column max and a thread-scope min.
@T.prim_func
def red_shared(A: T.Buffer((16, 100), "float32"), O: T.Buffer((4, 100), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([128])
    As = T.alloc_shared((16, 100), "float32")
    Os = T.alloc_shared((4, 100), "float32")
    for i in range(13):
        if i * 128 + tx < 1600:
            As[(i * 128 + tx) // 100, (i * 128 + tx) % 100] = A[(i * 128 + tx) // 100, (i * 128 + tx) % 100]
    for i in range(4):
        if i * 128 + tx < 400:
            Os[(i * 128 + tx) // 100, (i * 128 + tx) % 100] = T.float32(1.0)
    T.cuda.cta_sync()
    T.cta.sum(Os[0, 0:16], As[0:16, 0:100], axes=(-1,), accum=True)
    if tx // 32 == 2:
        T.warp.max(Os[1, 0:100], As[0:16, 0:100], axes=(0,))
    if tx == 7:
        T.tile.min(Os[2, 0:4], As[0:4, 0:100], axes=(1,))
    T.cuda.cta_sync()
    T.cta.sum(Os[3, 0:1], As[0:4, 0:8])
    for i in range(4):
        if i * 128 + tx < 400:
            O[(i * 128 + tx) // 100, (i * 128 + tx) % 100] = Os[(i * 128 + tx) // 100, (i * 128 + tx) % 100]
