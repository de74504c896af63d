# copy_async TMA preconditions (tma_auto, tma_explicit): one located error per rejected
# call, naming each variant tried and why (lib/Transforms/Tile/copy_async.c).
# RUN: %tirx-opt --verify-diagnostics --pass-pipeline=tile-dispatch %s
@T.prim_func
def f(A: T.Buffer((64, 512), "float16"), I: T.Buffer((64, 64), "int32")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([128])
    S = T.alloc_shared((64, 64), "float16")
    St = T.alloc_shared((64, 64), "float16", layout=T.TileLayout(T.S[(64, 64):(1, 64)]))
    L = T.alloc_shared((2, 512), "float16")
    W = T.alloc_buffer((8, 128), "float16", scope="shared.dyn", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(8, 128):(128, 1)])))
    J = T.alloc_shared((64, 64), "int32")
    bar = T.alloc_shared((1,), "uint64")
    T.cta.copy_async(S[0:64, 0:64], A[0:64, 0:64], dispatch="tma_auto", mbar=bar.ptr_to([0]))  # expected-error@+0:11 {{T.cta.copy_async: dispatch="tma_auto" does not apply: TMA is issued by a single thread: call it as T.tile.copy_async / Tx.copy_async under an elected thread, not at cta scope}}
    if tx == 0:
        T.tile.copy_async(S[0:64, 0:64], A[0:64, 0:64], dispatch="tma_auto")  # expected-error@+0:16 {{T.tile.copy_async: dispatch="tma_auto" does not apply: a global -> shared TMA copy needs mbar= (the mbarrier completing it)}}
        T.tile.copy_async(A[0:64, 0:64], S[0:64, 0:64], dispatch="tma_auto", mbar=bar.ptr_to([0]))  # expected-error@+0:16 {{T.tile.copy_async: dispatch="tma_auto" does not apply: a shared -> global TMA copy takes no mbar= (it completes in a bulk group)}}
        T.tile.copy_async(S[0, 0:4], A[0, 0:4], dispatch="tma_auto", mbar=bar.ptr_to([0]))  # expected-error@+0:16 {{T.tile.copy_async: dispatch="tma_auto" does not apply: the box's inner dimension is 8 bytes, not a multiple of 16}}
        T.tile.copy_async(St[0:64, 0:64], A[0:64, 0:64], dispatch="tma_auto", mbar=bar.ptr_to([0]))  # expected-error@+0:16 {{T.tile.copy_async: dispatch="tma_auto" does not apply: the region of 'St' holds the innermost dimension of 'A' in runs of 2 contiguous bytes, not a multiple of 16 (a TMA box's rows)}}
        T.tile.copy_async(W[0:8, 0:128], A[0:8, 0:128], dispatch="tma_auto", mbar=bar.ptr_to([0]))  # expected-error@+0:16 {{T.tile.copy_async: dispatch="tma_auto" does not apply: the copy into 'W' does not start each box at a whole 512-element swizzle pattern}}
        T.tile.copy_async(S[0:64, 0:64], A[0:64, 0:64], dispatch="tma_auto", mbar=bar.ptr_to([0]), oob="zero")  # expected-error@+0:16 {{T.tile.copy_async: dispatch="tma_auto" does not apply: oob= is tma_explicit's (tma_auto copies in bounds only)}}
        T.tile.copy_async(L[0:1, 0:512], A[0:1, 0:512], dispatch="tma_explicit", mbar=bar.ptr_to([0]))  # expected-error@+0:16 {{T.tile.copy_async: dispatch="tma_explicit" does not apply: the region of 'A' spans 512 elements in dimension 1, over a box's 256 (tma_explicit issues one box: tile the copy)}}
        T.tile.copy_async(A[0:64, 0:64], S[0:64, 0:64], dispatch="tma_explicit", oob="zero")  # expected-error@+0:16 {{T.tile.copy_async: dispatch="tma_explicit" does not apply: oob= applies to global -> shared copies only}}
        T.tile.copy_async(J[0:64, 0:64], I[0:64, 0:64], dispatch="tma_explicit", mbar=bar.ptr_to([0]), oob="nan")  # expected-error@+0:16 {{T.tile.copy_async: dispatch="tma_explicit" does not apply: oob="nan" needs a floating-point tensor}}
        T.tile.copy_async(S[0:64, 0:64], A[0:64, 0:64], dispatch="tma_explicit", mbar=bar.ptr_to([0]), oob="inf")  # expected-error@+0:16 {{T.tile.copy_async: dispatch="tma_explicit" does not apply: oob= must be "zero" or "nan"}}
        T.tile.copy_async(S[0:64, 0:64], A[0:64, 0:64], dispatch="tma_auto", mbar=bar.ptr_to([0]), tensormap_l2_promotion="L2::512B")  # expected-error@+0:16 {{T.tile.copy_async: dispatch="tma_auto" does not apply: tensormap_l2_promotion= must be 0..3, "none", "L2::64B", "L2::128B" or "L2::256B"}}
        T.tile.copy_async(I[0:64, 0:64], J[0:64, 0:64], dispatch="tma_auto", use_tma_reduce="inc")  # expected-error@+0:16 {{T.tile.copy_async: dispatch="tma_auto" does not apply: the TMA reduce 'inc' does not take int32 elements (cp.reduce.async.bulk.tensor.inc: uint32)}}
        T.tile.copy_async(S[0:64, 0:64], A[0:64, 0:64], dispatch="tma_auto", mbar=bar.ptr_to([0]), cache_hint="evict_sometimes")  # expected-error@+0:16 {{T.tile.copy_async: dispatch="tma_auto" does not apply: cache_hint= must be "evict_normal", "evict_first", "evict_last" or a uint64 cache policy}}


# Strided global views and swizzle modes: tma_auto declines a symbolic stride (TVM 0.27
# cannot prove the map legal either), a map's innermost dimension must be contiguous, and
# a swizzle is a TMA mode only as ComposeLayout(M, B, 3) over 16-byte units; a constant
# stride that no tensor map takes is refused at the call (not later at the encode).
@T.prim_func
def g(X: T.Buffer((8192,), "float16"), ld: T.int64):
    G = X.view(64, 64, layout=T.TileLayout(T.S[(64, 64):(ld, 1)]))
    Gt = X.view(64, 64, layout=T.TileLayout(T.S[(64, 64):(1, 128)]))
    Gp = X.view(64, 64, layout=T.TileLayout(T.S[(64, 64):(68, 1)]))
    T.device_entry()
    tx = T.thread_id([128])
    S = T.alloc_shared((64, 64), "float16")
    St = T.alloc_shared((64, 64), "float16", layout=T.TileLayout(T.S[(64, 64):(1, 64)]))
    W = T.alloc_buffer((64, 32), "float16", scope="shared", align=1024, layout=T.ComposeLayout(3, 2, 2, T.TileLayout(T.S[(64, 32):(32, 1)])))
    bar = T.alloc_shared((1,), "uint64")
    if tx == 0:
        T.tile.copy_async(S[0:64, 0:64], G[0:64, 0:64], dispatch="tma_auto", mbar=bar.ptr_to([0]))  # expected-error@+0:16 {{T.tile.copy_async: dispatch="tma_auto" does not apply: the stride of dimension 0 of 'G' is symbolic, so the map's legality (a multiple of 16 bytes, under 2^40) is only known at run time: use dispatch="tma_explicit"}}
        T.tile.copy_async(S[0:64, 0:64], Gt[0:64, 0:64], dispatch="tma_explicit", mbar=bar.ptr_to([0]))  # expected-error@+0:16 {{T.tile.copy_async: dispatch="tma_explicit" does not apply: the innermost dimension of 'Gt' is not contiguous (stride 1), as a tensor map's must be}}
        T.tile.copy_async(W[0:64, 0:32], G[0:64, 0:32], dispatch="tma_explicit", mbar=bar.ptr_to([0]))  # expected-error@+0:16 {{T.tile.copy_async: dispatch="tma_explicit" does not apply: the swizzle of 'W' (ComposeLayout(3, 2, 2)) is not a TMA swizzle mode (16-byte units, a row of 32, 64 or 128 bytes)}}
        T.tile.copy_async(S[0:64, 0:64], Gp[0:64, 0:64], dispatch="tma_explicit", mbar=bar.ptr_to([0]))  # expected-error@+0:16 {{T.tile.copy_async: dispatch="tma_explicit" does not apply: the stride of dimension 0 of 'Gp' is 136 bytes, not a non-negative multiple of 16 under 2^40 (a tensor map's global stride)}}
