# ldgsts GPU kernel, beyond TVM's test spread: two CTAs each copy their 64 rows
# (a symbolic start, bx * 64) into a 128B-swizzled shared tile with 16-byte cp.async
# at cta scope, and warp 1 alone fills the right half of a second tile; then TVM's
# predicate / zero-fill case (direct=True, one 16-byte copy per thread, src-size 0
# for rows >= 16, over shared memory first set to 0xff).
@T.prim_func
def ldgsts_more(A: T.Buffer((128, 64), "float16"), B: T.Buffer((128, 64), "float16"), C: T.Buffer((128, 64), "float16"), Z: T.Buffer((64, 16), "uint8"), ZB: T.Buffer((64, 16), "uint8")):
    T.device_entry()
    bx = T.cta_id([2])
    tx = T.thread_id([128])
    S = T.alloc_buffer((64, 64), "float16", scope="shared.dyn", layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(64, 64):(64, 1)])))
    H = T.alloc_buffer((64, 64), "float16", scope="shared", layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(64, 64):(64, 1)])))
    Zs = T.alloc_shared((32, 16), "uint8")
    for i in range(4):
        Zs[(i * 128 + tx) // 16, (i * 128 + tx) % 16] = T.uint8(255)
    for i in range(32):
        H[(i * 128 + tx) // 64, (i * 128 + tx) % 64] = T.float16(0.0)
    T.cuda.cta_sync()
    T.cta.copy_async(S[0:64, 0:64], A[bx * 64:bx * 64 + 64, 0:64])
    if tx // 32 == 1:
        T.warp.copy_async(H[0:64, 32:64], A[bx * 64:bx * 64 + 64, 0:32], dispatch="ldgsts")
    if tx < 32:
        T.tile.copy_async(Zs[tx, 0:16], Z[bx * 32 + tx, 0:16], dispatch="ldgsts", direct=True, predicate=tx < 16, fill_mode="zero")
    T.ptx.cp.async_.commit_group()
    T.ptx.cp.async_.wait_group(0)
    T.cuda.cta_sync()
    for i in range(32):
        B[bx * 64 + (i * 128 + tx) // 64, (i * 128 + tx) % 64] = S[(i * 128 + tx) // 64, (i * 128 + tx) % 64]
        C[bx * 64 + (i * 128 + tx) // 64, (i * 128 + tx) % 64] = H[(i * 128 + tx) // 64, (i * 128 + tx) % 64]
    for i in range(4):
        ZB[bx * 32 + (i * 128 + tx) // 16, (i * 128 + tx) % 16] = Zs[(i * 128 + tx) // 16, (i * 128 + tx) % 16]
