# permute_layout GPU kernel: TVM test_permute_layout.py's shared -> shared transpose
# (compile-only there; run here), uint32 and float32: the logical (4, 32) tile is copied
# to shared memory laid out row-major, permuted by warp 1 into a column-major shared
# tile, and copied back, so B holds A's elements at the column-major offsets.
@T.prim_func
def perm_smem(u_A: T.handle, u_B: T.handle, f_A: T.handle, f_B: T.handle):
    A_u = T.match_buffer(u_A, (4, 32), "uint32", layout=T.TileLayout(T.S[(4, 32):(32, 1)]))
    B_u = T.match_buffer(u_B, (4, 32), "uint32", layout=T.TileLayout(T.S[(4, 32):(1, 4)]))
    A_f = T.match_buffer(f_A, (4, 32), "float32", layout=T.TileLayout(T.S[(4, 32):(32, 1)]))
    B_f = T.match_buffer(f_B, (4, 32), "float32", layout=T.TileLayout(T.S[(4, 32):(1, 4)]))
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])
    sA_u = T.alloc_buffer((4, 32), "uint32", scope="shared", layout=T.TileLayout(T.S[(4, 32):(32, 1)]))
    sB_u = T.alloc_buffer((4, 32), "uint32", scope="shared", layout=T.TileLayout(T.S[(4, 32):(1, 4)]))
    sA_f = T.alloc_buffer((4, 32), "float32", scope="shared", layout=T.TileLayout(T.S[(4, 32):(32, 1)]))
    sB_f = T.alloc_buffer((4, 32), "float32", scope="shared", layout=T.TileLayout(T.S[(4, 32):(1, 4)]))
    for i in range(2):
        sA_u[(i * 64 + tx) // 32, (i * 64 + tx) % 32] = A_u[(i * 64 + tx) // 32, (i * 64 + tx) % 32]
        sA_f[(i * 64 + tx) // 32, (i * 64 + tx) % 32] = A_f[(i * 64 + tx) // 32, (i * 64 + tx) % 32]
    T.cuda.cta_sync()
    if tx // 32 == 1:
        T.warp.permute_layout(sB_u[0:4, 0:32], sA_u[0:4, 0:32])
        T.warp.permute_layout(sB_f[0:4, 0:32], sA_f[0:4, 0:32])
    T.cuda.cta_sync()
    for i in range(2):
        B_u[(i * 64 + tx) // 32, (i * 64 + tx) % 32] = sB_u[(i * 64 + tx) // 32, (i * 64 + tx) % 32]
        B_f[(i * 64 + tx) // 32, (i * 64 + tx) % 32] = sB_f[(i * 64 + tx) // 32, (i * 64 + tx) % 32]
