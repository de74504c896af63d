# copy_async (ldgsts) / permute_layout preconditions: one located error per rejected
# call, naming the variant and why (lib/Transforms/Tile/copy_async.c, permute.c).
# RUN: %tirx-opt --verify-diagnostics --pass-pipeline=tile-dispatch %s
@T.prim_func
def f(A: T.Buffer((64, 64), "float16"), B: T.Buffer((64, 64), "float32"), V: T.Buffer((4, 32), "uint32")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([128])
    S = T.alloc_shared((64, 64), "float16")
    W = T.alloc_buffer((4, 32), "uint32", scope="shared", layout=T.ComposeLayout(2, 2, 4, T.TileLayout(T.S[(4, 32):(32, 1)])))
    X = T.alloc_buffer((4, 32), "uint32", scope="shared", layout=T.TileLayout(T.S[(4, 32):(1, 2)]))
    T.cta.copy_async(A[0:64, 0:64], S[0:64, 0:64], dispatch="ldgsts")  # expected-error@+0:11 {{T.cta.copy_async: dispatch="ldgsts" does not apply: copies global -> shared only (cp.async), not shared -> global}}
    T.cta.copy_async(S[0:64, 0:64], B[0:64, 0:64], dispatch="ldgsts")  # expected-error@+0:11 {{T.cta.copy_async: dispatch="ldgsts" does not apply: the dtypes differ (float32 -> float16)}}
    T.cta.copy_async(S[0:32, 0:64], A[0:64, 0:64], dispatch="ldgsts")  # expected-error@+0:11 {{T.cta.copy_async: dispatch="ldgsts" does not apply: the source region has 4096 elements, the destination 2048}}
    T.cta.copy_async(S[0:1, 0:3], A[0:1, 0:3], dispatch="ldgsts")  # expected-error@+0:11 {{T.cta.copy_async: dispatch="ldgsts" does not apply: region size 3 not divisible by thread_cnt=128}}
    T.tile.copy_async(S[0, 0:2], A[0, 1:3], dispatch="ldgsts")  # expected-error@+0:12 {{T.tile.copy_async: dispatch="ldgsts" does not apply: no cp.async size of 16, 8 or 4 bytes fits (the region of 'A' starts at element offset 1, not a multiple of 2)}}
    T.cta.copy_async(S[0:64, 0:64], A[0:64, 0:64], prefetch_size=100, dispatch="ldgsts")  # expected-error@+0:11 {{T.cta.copy_async: dispatch="ldgsts" does not apply: prefetch_size= must be 64, 128 or 256 (the cp.async L2::<N>B qualifier), not 100}}
    T.cta.copy_async(S[0:64, 0:64], A[0:64, 0:64], fill_mode="zero", dispatch="ldgsts")  # expected-error@+0:11 {{T.cta.copy_async: dispatch="ldgsts" does not apply: fill_mode="zero" needs a predicate= (the elements to load; the rest are zero-filled)}}
    T.cta.copy_async(S[0:64, 0:64], A[0:64, 0:64], direct=True, dispatch="ldgsts")  # expected-error@+0:11 {{T.cta.copy_async: dispatch="ldgsts" does not apply: direct=True is only valid at thread scope, not cta}}
    T.tile.copy_async(S[0, 0:6], A[0, 0:6], direct=True, dispatch="ldgsts")  # expected-error@+0:12 {{T.tile.copy_async: dispatch="ldgsts" does not apply: direct=True needs a 4, 8 or 16-byte region, not 12 bytes}}
    if tx < 32:
        T.cta.copy_async(S[0:64, 0:64], A[0:64, 0:64], dispatch="ldgsts")  # expected-error@+0:15 {{T.cta.copy_async: dispatch="ldgsts" does not apply: not every thread of the cta is active (under `if tx < 32`, a per-thread condition)}}
    T.warp.permute_layout(S[0:4, 0:32], A[0:4, 0:32])  # expected-error@+0:12 {{T.warp.permute_layout: no variant applies (warp_xor_swizzle: no XOR-bits k in [0, log2(P)=2] makes both phases bank-free)}}
    T.cta.permute_layout(S[0:4, 0:32], A[0:4, 0:32])  # expected-error@+0:11 {{T.cta.permute_layout: no variant applies (warp_xor_swizzle: scope 'cta' is not 'warp')}}
    T.warp.permute_layout(S[0:4, 0:32], B[0:4, 0:32])  # expected-error@+0:12 {{T.warp.permute_layout: no variant applies (warp_xor_swizzle: dtype mismatch: dst=float16 vs src=float32)}}
    T.warp.permute_layout(S[0:4, 0:32], A[0:8, 0:16])  # expected-error@+0:12 {{T.warp.permute_layout: no variant applies (warp_xor_swizzle: slice shape mismatch between dst 'S' and src 'A')}}
    T.warp.permute_layout(S[0:3, 0:32], A[0:3, 0:32])  # expected-error@+0:12 {{T.warp.permute_layout: no variant applies (warp_xor_swizzle: per-thread count 3 must be a power of 2 in [1, 32])}}
    T.warp.permute_layout(S[0:64, 0:64], A[0:64, 0:64])  # expected-error@+0:12 {{T.warp.permute_layout: no variant applies (warp_xor_swizzle: per-thread count 128 must be a power of 2 in [1, 32])}}
    T.warp.permute_layout(W[0:4, 0:32], V[0:4, 0:32])  # expected-error@+0:12 {{T.warp.permute_layout: no variant applies (warp_xor_swizzle: the layout of 'W' is swizzled (a ComposeLayout), not a plain TileLayout)}}
    T.warp.permute_layout(X[0:4, 0:32], V[0:4, 0:32])  # expected-error@+0:12 {{T.warp.permute_layout: no variant applies (warp_xor_swizzle: the layout of dst 'X' is not a bijection on the slice)}}
