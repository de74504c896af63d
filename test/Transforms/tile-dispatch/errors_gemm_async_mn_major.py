# tile-dispatch's gemm_async tcgen05 preconditions on transposed / MN-major shared operands
# (lib/Transforms/Tile/gemm_async.c), each rejection located: an MN-major tf32 or float4
# operand (PTX has them K-major only; TVM 0.27 rejects tf32 the same way), a transposed A in
# tensor memory, an operand neither K-major nor MN-major.
# RUN: %tirx-opt --mcpu=sm_100a --verify-diagnostics --pass-pipeline=tile-dispatch %s
@T.prim_func
def f():
    T.device_entry()
    tid = T.thread_id([128])
    A32 = T.alloc_shared((128, 32), "float32", align=1024, layout=T.ComposeLayout(2, 3, 3, T.TileLayout(T.S[(128, 32):(32, 1)])))
    B32mn = T.alloc_shared((32, 64), "float32", align=1024, layout=T.ComposeLayout(2, 3, 3, T.TileLayout(T.S[(32, 2, 32):(32, 1024, 1)])))
    A16 = T.alloc_shared((128, 64), "bfloat16", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(128, 64):(64, 1)])))
    B16odd = T.alloc_shared((64, 128), "bfloat16", align=128, layout=T.TileLayout(T.S[(64, 128):(1, 72)]))
    A_tmem = T.decl_buffer((64, 128), "bfloat16", scope="tmem", layout=T.TileLayout(T.S[(64, 128):(1 @ Axis.TCol, 1 @ Axis.TLane)]), allocated_addr=256)
    B16 = T.alloc_shared((128, 64), "bfloat16", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(128, 64):(64, 1)])))
    C = T.decl_buffer((128, 128), scope="tmem", layout=T.TileLayout(T.S[(128, 128):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    if tid == 0:
        T.tile.gemm_async(C[0:128, 0:64], A32[0:128, 0:32], B32mn[0:32, 0:64], False, True, False, is_AB_tf32=True)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: B is MN-major (M / N contiguous), which tcgen05 takes for 8- and 16-bit types only (PTX: tf32 and 4-bit operands are K-major); lay it out K-major)}}
        T.tile.gemm_async(C[0:128, 0:128], A_tmem[0:64, 0:128], B16[0:128, 0:64], True, False, False)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: transA: A in tensor memory is [M, K] (it cannot be transposed))}}
        T.tile.gemm_async(C[0:128, 0:128], A16[0:128, 0:64], B16odd[0:64, 0:128], False, True, False)  # expected-error@+0:16 {{T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: the layout of B is not a K-major MMA operand: element (1, 0) is not in an 8 x 16-byte core matrix (unswizzled operands use the core-matrix layout))}}
