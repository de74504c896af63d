# tile-dispatch's gemm_async wgmma preconditions (lib/Transforms/Tile/gemm_async.c), each
# rejection located: scope, operand scopes, dtypes, shapes, transposes, shared layouts that
# are no descriptor's (not K-major, a swizzle that is no wgmma mode, under-aligned, a block
# that starts inside a swizzle atom), accumulator layouts that are not the wgmma fragment,
# options, an unknown dispatch=, inactive threads.
# RUN: %tirx-opt --mcpu=sm_90a --verify-diagnostics --pass-pipeline=tile-dispatch %s
@T.prim_func
def f(G: T.Buffer((64, 64), "float16")):
    T.device_entry()
    T.cta_id([1])
    T.warpgroup_id([1])
    tid = T.thread_id_in_wg([128])
    As = T.alloc_buffer((64, 64), "float16", scope="shared", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(64, 64):(64, 1)])))
    Bs = T.alloc_buffer((64, 64), "float16", scope="shared", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(64, 64):(64, 1)])))
    A32 = T.alloc_buffer((64, 64), "float32", scope="shared")
    Ab = T.alloc_buffer((64, 64), "bfloat16", scope="shared", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(64, 64):(64, 1)])))
    Acol = T.alloc_buffer((64, 64), "float16", scope="shared", layout=T.TileLayout(T.S[(64, 64):(1, 64)]))
    Asw = T.alloc_buffer((64, 64), "float16", scope="shared", align=1024, layout=T.ComposeLayout(3, 3, 2, T.TileLayout(T.S[(64, 64):(64, 1)])))
    Alow = T.alloc_buffer((64, 64), "float16", scope="shared", align=128, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(64, 64):(64, 1)])))
    Abig = T.alloc_buffer((128, 64), "float16", scope="shared", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(128, 64):(64, 1)])))
    acc = T.alloc_buffer((64, 64), "float32", scope="local", layout=T.TileLayout(T.S[(4, 2, 8, 8, 4, 2):(32 @ Axis.tid_in_wg, 2, 4 @ Axis.tid_in_wg, 4, 1 @ Axis.tid_in_wg, 1)]))
    bad = T.alloc_buffer((64, 64), "float32", scope="local", layout=T.TileLayout(T.S[(64, 2, 32):(2 @ Axis.tid_in_wg, 1 @ Axis.tid_in_wg, 1)]))
    accw = T.alloc_buffer((64, 64), "float32", scope="local", layout=T.TileLayout(T.S[(4, 2, 8, 8, 4, 2):(1 @ Axis.warpid, 2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
    Cs = T.alloc_buffer((64, 64), "float32", scope="shared")
    T.cta.gemm_async(acc[0:64, 0:64], As[0:64, 0:64], Bs[0:64, 0:64], False, False, False)  # expected-error@+0:11 {{T.cta.gemm_async: no variant applies (wgmma: does not run at cta scope; tcgen05: does not run at cta scope)}}
    T.wg.gemm_async(Cs[0:64, 0:64], As[0:64, 0:64], Bs[0:64, 0:64], False, False, False)  # expected-error@+0:10 {{T.wg.gemm_async: no variant applies (wgmma: wgmma accumulates C in registers (local scope), got shared; tcgen05: does not run at warpgroup scope)}}
    T.wg.gemm_async(acc[0:64, 0:64], G[0:64, 0:64], Bs[0:64, 0:64], False, False, False)  # expected-error@+0:10 {{T.wg.gemm_async: no variant applies (wgmma: wgmma takes A from shared memory or registers, got global; tcgen05: does not run at warpgroup scope)}}
    T.wg.gemm_async(acc[0:64, 0:64], A32[0:64, 0:64], Bs[0:64, 0:64], False, False, False)  # expected-error@+0:10 {{T.wg.gemm_async: no variant applies (wgmma: no wgmma for A=float32 B=float16 (float16 / bfloat16 pairs, or float8 e4m3 / e5m2); tcgen05: does not run at warpgroup scope)}}
    T.wg.gemm_async(acc[0:64, 0:64], Ab[0:64, 0:64], Bs[0:64, 0:64], False, False, False)  # expected-error@+0:10 {{T.wg.gemm_async: no variant applies (wgmma: no wgmma for A=bfloat16 B=float16 (float16 / bfloat16 pairs, or float8 e4m3 / e5m2); tcgen05: does not run at warpgroup scope)}}
    T.wg.gemm_async(acc[0:64, 0:64], As[0:64, 0:32], Bs[0:64, 0:64], False, False, False)  # expected-error@+0:10 {{T.wg.gemm_async: no variant applies (wgmma: shapes do not agree: C is 64x64 (M x N), A 64x32 (M x K), B 64x64 (N x K); tcgen05: does not run at warpgroup scope)}}
    T.wg.gemm_async(acc[0:32, 0:64], As[0:32, 0:64], Bs[0:64, 0:64], False, False, False)  # expected-error@+0:10 {{T.wg.gemm_async: no variant applies (wgmma: no wgmma tiling fits M=32, N=64, K=64 (m64nNk16: M % 64, N % 8 (N % 256 above 256), K % 16 == 0); tcgen05: does not run at warpgroup scope)}}
    T.wg.gemm_async(acc[0:64, 0:64], As[0:64, 0:64], Bs[0:64, 0:64], True, False, False)  # expected-error@+0:10 {{T.wg.gemm_async: no variant applies (wgmma: MN-major (transposed) wgmma operands are not supported yet: A must be [M, K] and B [N, K]; tcgen05: does not run at warpgroup scope)}}
    T.wg.gemm_async(acc[0:64, 0:64], Acol[0:64, 0:64], Bs[0:64, 0:64], False, False, False)  # expected-error@+0:10 {{T.wg.gemm_async: no variant applies (wgmma: the layout of A is not a K-major MMA operand: element (0, 1) is not in an 8 x 16-byte core matrix (unswizzled operands use the core-matrix layout); tcgen05: does not run at warpgroup scope)}}
    T.wg.gemm_async(acc[0:64, 0:64], Asw[0:64, 0:64], Bs[0:64, 0:64], False, False, False)  # expected-error@+0:10 {{T.wg.gemm_async: no variant applies (wgmma: the swizzle of A (ComposeLayout(3, 3, 2)) is not an MMA swizzle mode (ComposeLayout(3, 1..3, 3): 16-byte units, rows of 32, 64 or 128 bytes); tcgen05: does not run at warpgroup scope)}}
    T.wg.gemm_async(acc[0:64, 0:64], Alow[0:64, 0:64], Bs[0:64, 0:64], False, False, False)  # expected-error@+0:10 {{T.wg.gemm_async: no variant applies (wgmma: A is aligned to 128 bytes; its 1024-byte swizzle pattern needs align=1024; tcgen05: does not run at warpgroup scope)}}
    T.wg.gemm_async(acc[0:64, 0:64], Abig[4:68, 0:64], Bs[0:64, 0:64], False, False, False)  # expected-error@+0:10 {{T.wg.gemm_async: no variant applies (wgmma: A starts 256 elements into a 512-element swizzle pattern, past its first row; tcgen05: does not run at warpgroup scope)}}
    T.wg.gemm_async(bad[0:64, 0:64], As[0:64, 0:64], Bs[0:64, 0:64], False, False, False)  # expected-error@+0:10 {{T.wg.gemm_async: no variant applies (wgmma: the layout of C puts element (0, 2) on thread 0 of the warpgroup, the wgmma accumulator fragment needs thread 1; tcgen05: does not run at warpgroup scope)}}
    T.wg.gemm_async(accw[0:64, 0:64], As[0:64, 0:64], Bs[0:64, 0:64], False, False, False)  # expected-error@+0:10 {{T.wg.gemm_async: no variant applies (wgmma: C spreads over thread axis 'warpid'; wgmma takes warpgroup register layouts (tid_in_wg, or wid_in_wg and laneid); tcgen05: does not run at warpgroup scope)}}
    T.wg.gemm_async(acc[0:64, 0:64], As[0:64, 0:64], Bs[0:64, 0:64], False, False, False, wait_group=9)  # expected-error@+0:10 {{T.wg.gemm_async: no variant applies (wgmma: wait_group= must be a constant 0..7 (groups left in flight), or -1 (no wait); tcgen05: does not run at warpgroup scope)}}
    T.wg.gemm_async(acc[0:64, 0:64], As[0:64, 0:64], Bs[0:64, 0:64], False, False, False, dispatch="tcgen05")  # expected-error@+0:10 {{T.wg.gemm_async: dispatch="tcgen05" does not apply: does not run at warpgroup scope}}
    if tid < 64:
        T.wg.gemm_async(acc[0:64, 0:64], As[0:64, 0:64], Bs[0:64, 0:64], False, False, False)  # expected-error@+0:14 {{T.wg.gemm_async: no variant applies (wgmma: not every thread of the warpgroup is active (under `if tid < 64`, a per-thread condition); tcgen05: does not run at warpgroup scope)}}
