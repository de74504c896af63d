# permute_layout GPU kernel: TVM test_permute_layout.py's scale-factor transposes
# (sf_128_u32, sf_256_u32, sf_128_i32, sf_128_fp32; 2 pipeline stages, a 32-thread CTA):
# logical (pipe, blk // 128, 4, 32) from strides (blk, 128, 32, 1) to (blk, 128, 1, 4).
@T.prim_func
def perm_sf(u128_A: T.handle, u128_B: T.handle, u256_A: T.handle, u256_B: T.handle, i128_A: T.handle, i128_B: T.handle, f128_A: T.handle, f128_B: T.handle):
    A_u128 = T.match_buffer(u128_A, (2, 1, 4, 32), "uint32", layout=T.TileLayout(T.S[(2, 1, 4, 32):(128, 128, 32, 1)]))
    B_u128 = T.match_buffer(u128_B, (2, 1, 4, 32), "uint32", layout=T.TileLayout(T.S[(2, 1, 4, 32):(128, 128, 1, 4)]))
    A_u256 = T.match_buffer(u256_A, (2, 2, 4, 32), "uint32", layout=T.TileLayout(T.S[(2, 2, 4, 32):(256, 128, 32, 1)]))
    B_u256 = T.match_buffer(u256_B, (2, 2, 4, 32), "uint32", layout=T.TileLayout(T.S[(2, 2, 4, 32):(256, 128, 1, 4)]))
    A_i128 = T.match_buffer(i128_A, (2, 1, 4, 32), "int32", layout=T.TileLayout(T.S[(2, 1, 4, 32):(128, 128, 32, 1)]))
    B_i128 = T.match_buffer(i128_B, (2, 1, 4, 32), "int32", layout=T.TileLayout(T.S[(2, 1, 4, 32):(128, 128, 1, 4)]))
    A_f128 = T.match_buffer(f128_A, (2, 1, 4, 32), "float32", layout=T.TileLayout(T.S[(2, 1, 4, 32):(128, 128, 32, 1)]))
    B_f128 = T.match_buffer(f128_B, (2, 1, 4, 32), "float32", layout=T.TileLayout(T.S[(2, 1, 4, 32):(128, 128, 1, 4)]))
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([32])
    for s in range(2):
        T.warp.permute_layout(B_u128[s, 0:1, 0:4, 0:32], A_u128[s, 0:1, 0:4, 0:32])
    for s in range(2):
        T.warp.permute_layout(B_u256[s, 0:2, 0:4, 0:32], A_u256[s, 0:2, 0:4, 0:32])
    for s in range(2):
        T.warp.permute_layout(B_i128[s, 0:1, 0:4, 0:32], A_i128[s, 0:1, 0:4, 0:32])
    for s in range(2):
        T.warp.permute_layout(B_f128[s, 0:1, 0:4, 0:32], A_f128[s, 0:1, 0:4, 0:32])
