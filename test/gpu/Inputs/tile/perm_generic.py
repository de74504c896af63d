# permute_layout GPU kernel: TVM test_permute_layout.py's generic transposes ((8, 32) and
# (16, 32), row-major to column-major: P = 8 and 16 per lane; uint32, int32, float32) and
# its identity case (L_src == L_dst: k = 0, a plain copy).
@T.prim_func
def perm_generic(g8u_A: T.handle, g8u_B: T.handle, g8i_A: T.handle, g8i_B: T.handle, g8f_A: T.handle, g8f_B: T.handle, g16u_A: T.handle, g16u_B: T.handle, g16i_A: T.handle, g16i_B: T.handle, g16f_A: T.handle, g16f_B: T.handle, id_A: T.handle, id_B: T.handle):
    A_g8u = T.match_buffer(g8u_A, (8, 32), "uint32", layout=T.TileLayout(T.S[(8, 32):(32, 1)]))
    B_g8u = T.match_buffer(g8u_B, (8, 32), "uint32", layout=T.TileLayout(T.S[(8, 32):(1, 8)]))
    A_g8i = T.match_buffer(g8i_A, (8, 32), "int32", layout=T.TileLayout(T.S[(8, 32):(32, 1)]))
    B_g8i = T.match_buffer(g8i_B, (8, 32), "int32", layout=T.TileLayout(T.S[(8, 32):(1, 8)]))
    A_g8f = T.match_buffer(g8f_A, (8, 32), "float32", layout=T.TileLayout(T.S[(8, 32):(32, 1)]))
    B_g8f = T.match_buffer(g8f_B, (8, 32), "float32", layout=T.TileLayout(T.S[(8, 32):(1, 8)]))
    A_g16u = T.match_buffer(g16u_A, (16, 32), "uint32", layout=T.TileLayout(T.S[(16, 32):(32, 1)]))
    B_g16u = T.match_buffer(g16u_B, (16, 32), "uint32", layout=T.TileLayout(T.S[(16, 32):(1, 16)]))
    A_g16i = T.match_buffer(g16i_A, (16, 32), "int32", layout=T.TileLayout(T.S[(16, 32):(32, 1)]))
    B_g16i = T.match_buffer(g16i_B, (16, 32), "int32", layout=T.TileLayout(T.S[(16, 32):(1, 16)]))
    A_g16f = T.match_buffer(g16f_A, (16, 32), "float32", layout=T.TileLayout(T.S[(16, 32):(32, 1)]))
    B_g16f = T.match_buffer(g16f_B, (16, 32), "float32", layout=T.TileLayout(T.S[(16, 32):(1, 16)]))
    A_id = T.match_buffer(id_A, (4, 32), "uint32", layout=T.TileLayout(T.S[(4, 32):(32, 1)]))
    B_id = T.match_buffer(id_B, (4, 32), "uint32", layout=T.TileLayout(T.S[(4, 32):(32, 1)]))
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([32])
    T.warp.permute_layout(B_g8u[0:8, 0:32], A_g8u[0:8, 0:32])
    T.warp.permute_layout(B_g8i[0:8, 0:32], A_g8i[0:8, 0:32])
    T.warp.permute_layout(B_g8f[0:8, 0:32], A_g8f[0:8, 0:32])
    T.warp.permute_layout(B_g16u[0:16, 0:32], A_g16u[0:16, 0:32])
    T.warp.permute_layout(B_g16i[0:16, 0:32], A_g16i[0:16, 0:32])
    T.warp.permute_layout(B_g16f[0:16, 0:32], A_g16f[0:16, 0:32])
    T.warp.permute_layout(B_id, A_id)
