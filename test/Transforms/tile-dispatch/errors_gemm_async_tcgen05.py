# tile-dispatch's gemm_async tcgen05 preconditions on sm_100a (lib/Transforms/Tile/gemm_async.c),
# each rejection located: C not in tensor memory, block scaling of 16-bit operands (the
# block-scaled forms: errors_gemm_async_block_scaled.py), a transposed B whose [K, N] region
# does not agree with C (MN-major operands: gemm_async_tcgen05_mn_major.py), a hand-made descI= (dense: TVM 0.27 removed it), .ws with cta_group 2, an A in tensor memory off the datapath,
# cta_group=2's per-CTA shapes (B is N / 2 rows) and mma_m (the pair's M; the explicit
# instruction tile's other checks: errors_gemm_async_mma_tile.py), a C layout that is
# not the instruction's datapath (M = 64: F), an instruction N that is none, inactive lanes at
# warp scope.
# RUN: %tirx-opt --mcpu=sm_100a --verify-diagnostics --pass-pipeline=tile-dispatch %s
@T.prim_func
def f(k: T.int32):
    T.device_entry()
    T.warp_id([4])
    tid = T.thread_id([128])
    A_smem = T.alloc_shared((128, 64), "float16", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(128, 64):(64, 1)])))
    B_smem = T.alloc_shared((128, 64), "float16", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(128, 64):(64, 1)])))
    C_tmem = T.decl_buffer((128, 256), scope="tmem", layout=T.TileLayout(T.S[(128, 256):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    C_swap = T.decl_buffer((128, 256), scope="tmem", layout=T.TileLayout(T.S[(128, 256):(1 @ Axis.TCol, 1 @ Axis.TLane)]), allocated_addr=0)
    A_swap = T.decl_buffer((128, 64), "float16", scope="tmem", layout=T.TileLayout(T.S[(128, 64):(1 @ Axis.TCol, 1 @ Axis.TLane)]), allocated_addr=256)
    SF = T.decl_buffer((128, 4), "float8_e8m0fnu", scope="tmem", layout=T.TileLayout(T.S[(128, 4):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=300)
    C_reg = T.alloc_local((128, 128))
    if tid == 0:
        T.tile.gemm_async(C_reg[0:128, 0:128], A_smem[0:128, 0:64], B_smem[0:128, 0:64], False, False, False)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: tcgen05 accumulates C in tensor memory (tmem), got local)}}
        T.tile.gemm_async(C_tmem[0:128, 0:128], A_smem[0:128, 0:64], B_smem[0:128, 0:64], False, False, False, cta_group=2)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: shapes do not agree: C is 128x128 (M x N), A 128x64 (M x K), B 128x64 (N / 2 x K: this CTA's half of the pair's B))}}
        T.tile.gemm_async(C_tmem[0:128, 0:128], A_smem[0:128, 0:64], B_smem[0:64, 0:64], False, False, False, cta_group=2, mma_m=128, mma_n=128)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: explicit mma_m=128 must match the instruction's M: with cta_group 2 it is 256 (C's 128 rows per CTA))}}
        T.tile.gemm_async(C_tmem[0:64, 0:128], A_smem[0:64, 0:64], B_smem[0:64, 0:64], False, False, False, cta_group=2)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: the layout of C puts element (0, 64) at lane 0, column 64; the M = 128 cta_group 2 (B: column halves folded) datapath needs lane 64, column 0)}}
        T.tile.gemm_async(C_tmem[0:128, 0:128], A_smem[0:128, 0:64], B_smem[0:64, 0:64], False, False, False, cta_group=3)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: cta_group= must be 1 or 2)}}
        T.tile.gemm_async(C_tmem[0:128, 0:128], A_smem[0:128, 0:64], B_smem[0:64, 0:64], False, False, False, weight_stationary=True, cta_group=2)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: weight_stationary (.ws) takes cta_group 1)}}
        T.tile.gemm_async(C_tmem[0:128, 0:128], A_swap[0:128, 0:64], B_smem[0:128, 0:64], False, False, False)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: the layout of A (tmem) puts element (0, 1) at lane 1, column 0; the datapath needs lane 0, column 1)}}
        T.tile.gemm_async(C_tmem[0:128, 0:128], A_smem[0:128, 0:64], B_smem[0:128, 0:64], SF[0:128, 0:4], SF[0:128, 0:4], False, False, False)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: no block-scaled tcgen05 kind for A=float16 B=float16 SFA=float8_e8m0fnu SFB=float8_e8m0fnu (float8_e4m3fn with float8_e8m0fnu scales, float4_e2m1fn with float8_e8m0fnu or float8_e4m3fn scales))}}
        T.tile.gemm_async(C_tmem[0:128, 0:128], A_smem[0:128, 0:64], B_smem[0:128, 0:64], False, True, False)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: shapes do not agree: C is 128x128 (M x N), A 128x64 (M x K), B 64x128 (N x K))}}
        T.tile.gemm_async(C_swap[0:128, 0:128], A_smem[0:128, 0:64], B_smem[0:128, 0:64], False, False, False)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: the layout of C puts element (0, 1) at lane 1, column 0; the M = 128 (D) datapath needs lane 0, column 1)}}
        T.tile.gemm_async(C_tmem[0:64, 0:128], A_smem[0:64, 0:64], B_smem[0:128, 0:64], False, False, False)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: the layout of C puts element (16, 0) at lane 16, column 0; the M = 64 (F) datapath needs lane 32, column 0)}}
        T.tile.gemm_async(C_tmem[0:128, 0:128], A_smem[0:128, 0:64], B_smem[0:128, 0:64], False, False, False, mma_m=128, mma_n=24)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: explicit mma_n=24 must divide C's N = 128)}}
        T.tile.gemm_async(C_tmem[0:128, 0:128], A_smem[0:128, 0:64], B_smem[0:128, 0:64], False, False, False, mma_n=64)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: mma_m= and mma_n= (the explicit instruction tile) must be provided together; mma_m= is missing)}}
        T.tile.gemm_async(C_tmem[0:128, 0:128], A_smem[0:128, 0:64], B_smem[0:128, 0:64], False, False, False, mma_m=256, mma_n=64)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: explicit mma_m=256 must match the instruction's M: with cta_group 1 it is 128 (C's 128 rows per CTA))}}
        T.tile.gemm_async(C_tmem[0:128, 0:128], A_smem[0:128, 0:64], B_smem[0:128, 0:64], False, False, False, descI=T.uint32(0x04410490))  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: descI= was removed for dense tcgen05: the dispatch encodes the instruction descriptor itself)}}
    if tid < 64:
        T.warp.gemm_async(C_tmem[0:128, 0:128], A_smem[0:128, 0:64], B_smem[0:128, 0:64], False, False, False)  # expected-error@+0:16 {{T.warp.gemm_async: no variant applies (wgmma: does not run at warp scope; tcgen05: not every thread of the warp is active (under `if tid < 64`, a per-thread condition))}}
