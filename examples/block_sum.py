# Rung 2, a 256-element block sum: shared-memory tree reduction with cta_sync and while.
# Expected: with A = arange(256), out[0] == 32640.0.
@T.prim_func
def block_sum(A_ptr: T.handle, out_ptr: T.handle):
    A = T.match_buffer(A_ptr, (256,), "float32")
    out = T.match_buffer(out_ptr, (1,), "float32")

    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([256])

    sm = T.alloc_shared((256,), "float32")
    sm[tx] = A[tx]
    T.cuda.cta_sync()

    s = T.alloc_local((1,), "int32")
    s[0] = 128
    while s[0] >= 1:
        if tx < s[0]:
            sm[tx] += sm[tx + s[0]]
        T.cuda.cta_sync()
        s[0] = s[0] // 2

    if tx == 0:
        out[0] = sm[0]
