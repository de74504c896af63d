# Symbolic shapes, scalar params and a symbolic dynamic shared memory size: the
# launch plan binds n from A.shape[0], checks B against n * 64, computes the grid
# (n + 3) // 4 and m * 4 bytes of shared.dyn.  B = (A * alpha).ravel()
@T.prim_func
def sym(a: T.handle, b: T.handle, alpha: T.float32, m: T.int32):
    n = T.int32()
    A = T.match_buffer(a, (n, 64), "float32")
    B = T.match_buffer(b, (n * 64,), "float32")
    T.device_entry()
    bx = T.cta_id([(n + 3) // 4])
    tx = T.thread_id([64])
    sm = T.alloc_buffer((m,), "float32", scope="shared.dyn")
    for r in range(4):
        row: T.let[T.int32] = bx * 4 + r
        if row < n:
            sm[tx] = A[row, tx] * alpha
            B[row * 64 + tx] = sm[tx]
