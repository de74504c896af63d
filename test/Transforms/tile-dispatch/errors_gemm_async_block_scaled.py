# tile-dispatch's block-scaled gemm_async tcgen05 preconditions on sm_100a
# (lib/Transforms/Tile/gemm_async.c), each rejection located: the scale factors outside tensor
# memory, a pair of types no block-scaled kind takes (float8 data with e4m3 scales, mixed
# scale types), cta_group 1 at M = 64, .ws, a hand-made descI=, SFA rows that are not M, SFB
# rows fewer than N, a K extent of the scale factors that is none of TVM's, a layout without
# the four lane-quarter copies, a layout whose 32 rows are not in consecutive lanes, a K
# step's scale factors split over two 32-bit columns.
# RUN: %tirx-opt --mcpu=sm_100a --verify-diagnostics --pass-pipeline=tile-dispatch %s
@T.prim_func
def f():
    T.device_entry()
    tid = T.thread_id([128])
    A8 = T.alloc_shared((128, 128), "float8_e4m3fn", align=1024, layout=T.ComposeLayout(4, 3, 3, T.TileLayout(T.S[16384:1])))
    B8 = T.alloc_shared((32, 128), "float8_e4m3fn", align=1024, layout=T.ComposeLayout(4, 3, 3, T.TileLayout(T.S[4096:1])))
    C = T.decl_buffer((128, 512), scope="tmem", layout=T.TileLayout(T.S[(128, 512):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    SFA = T.decl_buffer((128, 4), "float8_e8m0fnu", scope="tmem", layout=T.TileLayout(T.S[(4, 32, 4):(4 @ Axis.TCol, 1 @ Axis.TLane, 1 @ Axis.TCol)] + T.R[4:32 @ Axis.TLane]), allocated_addr=32)
    SFB = T.decl_buffer((32, 4), "float8_e8m0fnu", scope="tmem", layout=T.TileLayout(T.S[(32, 4):(1 @ Axis.TLane, 1 @ Axis.TCol)] + T.R[4:32 @ Axis.TLane]), allocated_addr=36)
    SFB4 = T.decl_buffer((32, 4), "float8_e4m3fn", scope="tmem", layout=T.TileLayout(T.S[(32, 4):(1 @ Axis.TLane, 1 @ Axis.TCol)] + T.R[4:32 @ Axis.TLane]), allocated_addr=36)
    SF_norep = T.decl_buffer((32, 4), "float8_e8m0fnu", scope="tmem", layout=T.TileLayout(T.S[(32, 4):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=36)
    SF_swap = T.decl_buffer((32, 4), "float8_e8m0fnu", scope="tmem", layout=T.TileLayout(T.S[(32, 4):(1 @ Axis.TCol, 1 @ Axis.TLane)] + T.R[4:32 @ Axis.TLane]), allocated_addr=36)
    SF_wide = T.decl_buffer((32, 8), "float8_e8m0fnu", scope="tmem", layout=T.TileLayout(T.S[(32, 8):(1 @ Axis.TLane, 1 @ Axis.TCol)] + T.R[4:32 @ Axis.TLane]), allocated_addr=36)
    SF_smem = T.alloc_shared((32, 4), "float8_e8m0fnu")
    A4 = T.alloc_shared((128, 128), "float4_e2m1fn", align=1024, layout=T.ComposeLayout(5, 2, 3, T.TileLayout(T.S[16384:1])))
    B4 = T.alloc_shared((32, 128), "float4_e2m1fn", align=1024, layout=T.ComposeLayout(5, 2, 3, T.TileLayout(T.S[4096:1])))
    if tid == 0:
        T.tile.gemm_async(C[0:128, 0:32], A8[0:128, 0:128], B8[0:32, 0:128], SFA[0:128, 0:4], SF_smem[0:32, 0:4], False, False, False)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: block-scaled tcgen05 takes SFB in tensor memory (tmem), got shared)}}
        T.tile.gemm_async(C[0:128, 0:32], A8[0:128, 0:128], B8[0:32, 0:128], SFA[0:128, 0:4], SFB4[0:32, 0:4], False, False, False)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: no block-scaled tcgen05 kind for A=float8_e4m3fn B=float8_e4m3fn SFA=float8_e8m0fnu SFB=float8_e4m3fn (float8_e4m3fn with float8_e8m0fnu scales, float4_e2m1fn with float8_e8m0fnu or float8_e4m3fn scales))}}
        T.tile.gemm_async(C[0:64, 0:32], A8[0:64, 0:128], B8[0:32, 0:128], SFA[0:64, 0:4], SFB[0:32, 0:4], False, False, False)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: block-scaled tcgen05 with cta_group 1 takes M = 128 (datapath D), got M = 64)}}
        T.tile.gemm_async(C[0:128, 0:32], A8[0:128, 0:128], B8[0:32, 0:128], SFA[0:128, 0:4], SFB[0:32, 0:4], False, False, False, weight_stationary=True)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: weight_stationary (.ws) has no block-scaled form)}}
        T.tile.gemm_async(C[0:128, 0:32], A8[0:128, 0:128], B8[0:32, 0:128], SFA[0:128, 0:4], SFB[0:32, 0:4], False, False, False, descI=T.uint32(0))  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: descI= was removed for block-scaled (in tirx) tcgen05: the dispatch encodes the instruction descriptor itself)}}
        T.tile.gemm_async(C[0:128, 0:32], A8[0:128, 0:128], B8[0:32, 0:128], SFA[0:96, 0:4], SFB[0:32, 0:4], False, False, False)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: SFA has 96 rows; the MMA needs M = 128)}}
        T.tile.gemm_async(C[0:128, 0:32], A8[0:128, 0:128], B8[0:32, 0:128], SFA[0:128, 0:4], SFB[0:16, 0:4], False, False, False)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: SFB has 16 rows; the MMA needs at least N = 32)}}
        T.tile.gemm_async(C[0:128, 0:32], A8[0:128, 0:128], B8[0:32, 0:128], SFA[0:128, 0:4], SFB[0:32, 0:2], False, False, False)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: SFB is [32, 2]; block-scaled tcgen05 takes rows a multiple of 32 and K 1 (one K step's scale factors for all), 4 or 16)}}
        T.tile.gemm_async(C[0:128, 0:32], A8[0:128, 0:128], B8[0:32, 0:128], SFA[0:128, 0:4], SF_norep[0:32, 0:4], False, False, False)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: the layout of SFB does not copy its 32 lanes to the four lane quarters (R[4:32@TLane]), where the block-scaled MMA reads them)}}
        T.tile.gemm_async(C[0:128, 0:32], A8[0:128, 0:128], B8[0:32, 0:128], SFA[0:128, 0:4], SF_swap[0:32, 0:4], False, False, False)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: the layout of SFB puts scale factor (1, 0) at lane 0, column 1; the block-scaled atom needs lane 1, column 0 (32 rows in consecutive lanes, a K step's scale factors in consecutive columns))}}
        T.tile.gemm_async(C[0:128, 0:32], A4[0:128, 0:128], B4[0:32, 0:128], SFA[0:128, 0:4], SF_wide[0:32, 1:5], False, False, False)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: the layout of SFB puts the 2 scale factors of K step 1 (row 0) at column 3, across a 32-bit column (a K step's scale factors are one column's bytes))}}
