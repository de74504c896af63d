# A 64 x 64 transpose through a column-major shared tile (T.S[(32, 32):(1, 32)]),
# each thread moving 4 rows in an unrolled loop: flatten-buffer, unroll-loop and
# simplify on a real kernel.  B = A.T
@T.prim_func
def transpose(A: T.Buffer((64, 64), "float32"), B: T.Buffer((64, 64), "float32")):
    T.device_entry()
    bx, by = T.cta_id([2, 2])
    tx, ty = T.thread_id([32, 8])
    tile = T.alloc_shared((32, 32), "float32", layout=T.TileLayout(T.S[(32, 32):(1, 32)]))
    for k in T.unroll(4):
        r: T.let[T.int32] = ty * 4 + k
        tile[r, tx] = A[by * 32 + r, bx * 32 + tx]
    T.cuda.cta_sync()
    for k in T.unroll(4):
        r: T.let[T.int32] = ty * 4 + k
        B[bx * 32 + r, by * 32 + tx] = tile[tx, r]
