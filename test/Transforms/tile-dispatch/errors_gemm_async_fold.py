# tile-dispatch's gemm_async tcgen05 preconditions of the M = 64 folded datapaths with A in
# tensor memory (lib/Transforms/Tile/gemm_async.c), each rejection located, as TVM 0.27 rejects
# them: a flat A for .ws (it reads both 64-lane halves), a cta_group 2 A whose rows are not
# mirrored into lanes 64..127, a batched A or C outside the folded datapaths, a batched A whose
# second half is not in lanes 64..127, weight_stationary=False on C in datapath E's layout, a
# .ws C that is not in datapath E's layout (Layout-E), an mma_n that splits the packed fold.
# RUN: %tirx-opt --mcpu=sm_100a --verify-diagnostics --pass-pipeline=tile-dispatch %s
@T.prim_func
def f():
    T.device_entry()
    tid = T.thread_id([128])
    B_smem = T.alloc_shared((128, 16), "bfloat16", align=256, layout=T.ComposeLayout(3, 1, 3, T.TileLayout(T.S[2048:1])))
    A_smem = T.alloc_shared((128, 16), "bfloat16", align=256, layout=T.ComposeLayout(3, 1, 3, T.TileLayout(T.S[2048:1])))
    A_flat = T.decl_buffer((64, 16), "bfloat16", scope="tmem", layout=T.TileLayout(T.S[(64, 16):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=256)
    A_bat = T.decl_buffer((2, 64, 16), "bfloat16", scope="tmem", layout=T.TileLayout(T.S[(2, 64, 16):(64 @ Axis.TLane, 1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=256)
    A_bat_col = T.decl_buffer((2, 64, 16), "bfloat16", scope="tmem", layout=T.TileLayout(T.S[(2, 64, 16):(16 @ Axis.TCol, 1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=256)
    A_bat128 = T.decl_buffer((2, 128, 16), "bfloat16", scope="tmem", layout=T.TileLayout(T.S[(2, 128, 16):(16 @ Axis.TCol, 1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=256)
    C_packed = T.decl_buffer((64, 128), scope="tmem", layout=T.TileLayout(T.S[(64, 2, 64):(1 @ Axis.TLane, 64 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=400)
    C_flat = T.decl_buffer((64, 128), scope="tmem", layout=T.TileLayout(T.S[(64, 128):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=400)
    C128 = T.decl_buffer((128, 128), scope="tmem", layout=T.TileLayout(T.S[(128, 128):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    C_bat128 = T.decl_buffer((2, 128, 64), scope="tmem", layout=T.TileLayout(T.S[(2, 128, 64):(64 @ Axis.TCol, 1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    if tid == 0:
        T.tile.gemm_async(C_packed[0:64, 0:128], A_flat[0:64, 0:16], B_smem[0:128, 0:16], False, False, False)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: an M = 64 .ws MMA with A in tensor memory reads A from both 64-lane halves (lanes 0..63 and 64..127); declare A as the batched A[2, M, K] (layout (2, M, K):(64@TLane, 1@TLane, 1@TCol)))}}
        T.tile.gemm_async(C_packed[0:64, 0:128], A_flat[0:64, 0:16], B_smem[0:64, 0:16], False, False, False, cta_group=2)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: the TMEM A layout of a cta_group 2 M = 64 MMA (datapath B) must mirror its rows into lanes 64..127 (R[2:64@TLane]), or A be the batched A[2, M, K])}}
        T.tile.gemm_async(C128[0:128, 0:128], A_bat128[0:2, 0:128, 0:16], B_smem[0:128, 0:16], False, False, False)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: a batched A[2, M, K] in tensor memory is only valid for Layout E (cta_group 1 .ws, M = 64) or Layout B (cta_group 2, M = 64), not the M = 128 datapath)}}
        T.tile.gemm_async(C_packed[0:64, 0:128], A_bat_col[0:2, 0:64, 0:16], B_smem[0:128, 0:16], False, False, False)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: the layout of A (tmem) puts element (1, 0, 0) at lane 0, column 16; the datapath needs lane 64, column 0)}}
        T.tile.gemm_async(C_packed[0:64, 0:128], A_bat[0:2, 0:64, 0:16], B_smem[0:128, 0:16], False, False, False, weight_stationary=False)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: C is in the M = 64 .ws datapath's layout (E: column halves in lanes 0..63 / 64..127), but weight_stationary=False was passed: drop the flag (it is inferred from the layout) or declare C in the M = 64 (F) layout)}}
        T.tile.gemm_async(C_flat[0:64, 0:128], A_bat[0:2, 0:64, 0:16], B_smem[0:128, 0:16], False, False, False, weight_stationary=True)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: the layout of C puts element (0, 64) at lane 0, column 64; the M = 64 .ws (Layout-E: column halves folded) datapath needs lane 64, column 0)}}
        T.tile.gemm_async(C_bat128[0:2, 0:128, 0:64], A_smem[0:128, 0:16], B_smem[0:128, 0:16], False, False, False)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: a batched C[2, M, N / 2] is the M = 64 folded datapath (cta_group 2, or .ws), not M = 128)}}
        T.tile.gemm_async(C_packed[0:64, 0:128], A_bat[0:2, 0:64, 0:16], B_smem[0:128, 0:16], False, False, False, mma_m=64, mma_n=64)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: the layout of C puts element (0, 32) at lane 0, column 32; the M = 64 .ws (Layout-E: column halves folded) datapath needs lane 64, column 0 (each instruction folds its own N: an mma_n below C's N splits a fold over all of N))}}
