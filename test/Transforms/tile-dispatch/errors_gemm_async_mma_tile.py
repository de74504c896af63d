# tile-dispatch's gemm_async tcgen05 checks of the explicit instruction tile (mma_m= / mma_n=,
# lib/Transforms/Tile/gemm_async.c), each rejection located with TVM 0.27's reason
# (explicit_mma_tile_rejects_invalid_config): both given, positive integers (not a bool, not a
# float), mma_m the instruction's M, mma_n dividing C's N and an instruction N.
# RUN: %tirx-opt --mcpu=sm_100a --verify-diagnostics --pass-pipeline=tile-dispatch %s
@T.prim_func
def g():
    T.device_entry()
    tid = T.thread_id([128])
    A_smem = T.alloc_shared((128, 64), "float16", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(128, 64):(64, 1)])))
    B_smem = T.alloc_shared((128, 64), "float16", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(128, 64):(64, 1)])))
    C_tmem = T.decl_buffer((128, 256), scope="tmem", layout=T.TileLayout(T.S[(128, 256):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    if tid == 0:
        T.tile.gemm_async(C_tmem[0:128, 0:128], A_smem[0:128, 0:64], B_smem[0:128, 0:64], False, False, False, mma_m=128, mma_n=8)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: invalid matrix shape: N = 8 is not an instruction N (16 .. 256, a multiple of 16))}}
        T.tile.gemm_async(C_tmem[0:128, 0:128], A_smem[0:128, 0:64], B_smem[0:128, 0:64], False, False, False, mma_m=128)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: mma_m= and mma_n= (the explicit instruction tile) must be provided together; mma_n= is missing)}}
        T.tile.gemm_async(C_tmem[0:128, 0:128], A_smem[0:128, 0:64], B_smem[0:128, 0:64], False, False, False, mma_m=0, mma_n=64)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: mma_m= must be a positive integer, got 0)}}
        T.tile.gemm_async(C_tmem[0:128, 0:128], A_smem[0:128, 0:64], B_smem[0:128, 0:64], False, False, False, mma_m=128, mma_n=-1)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: mma_n= must be a positive integer, got -1)}}
        T.tile.gemm_async(C_tmem[0:128, 0:128], A_smem[0:128, 0:64], B_smem[0:128, 0:64], False, False, False, mma_m=True, mma_n=64)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: mma_m= must be a positive integer, got a bool)}}
        T.tile.gemm_async(C_tmem[0:128, 0:128], A_smem[0:128, 0:64], B_smem[0:128, 0:64], False, False, False, mma_m=128.0, mma_n=64)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: mma_m= must be a positive integer, got a float)}}
        T.tile.gemm_async(C_tmem[0:128, 0:128], A_smem[0:128, 0:64], B_smem[0:128, 0:64], False, False, False, mma_n=64)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: mma_m= and mma_n= (the explicit instruction tile) must be provided together; mma_m= is missing)}}
        T.tile.gemm_async(C_tmem[0:128, 0:128], A_smem[0:128, 0:64], B_smem[0:128, 0:64], False, False, False, mma_m=128, mma_n=96)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: explicit mma_n=96 must divide C's N = 128)}}
