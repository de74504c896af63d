# tile-dispatch's copy preconditions, each rejection located (lib/Transforms/Tile/copy.c).
# RUN: %tirx-opt --split-input-file --verify-diagnostics --pass-pipeline=tile-dispatch %s
# Operands: one dtype, one shape (extent-1 dimensions aside); a whole scope.
@T.prim_func
def f(A: T.Buffer((64,), "float32"), H: T.Buffer((64,), "float16"), G: T.Buffer((2, 32), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    w = T.warp_id([2])
    l = T.lane_id([32])
    tx = T.thread_id([64])
    S = T.alloc_shared((64,), "float32")
    T.cta.copy(S[0:64], H[0:64])  # expected-error@+0:11 {{T.cta.copy: no variant applies (vec_256b: does not run at cta scope; vec_128b: does not run at cta scope; vec_64b: does not run at cta scope; vec_32b: does not run at cta scope; vec_16b: does not run at cta scope; ldstmatrix: does not run at cta scope; vec_auto: dtype mismatch: dst 'S' is float32, src 'H' is float16; fallback: dtype mismatch: dst 'S' is float32, src 'H' is float16)}}
    T.cta.copy(S[0:64], A[0:32])  # expected-error@+0:11 {{T.cta.copy: no variant applies (vec_256b: does not run at cta scope; vec_128b: does not run at cta scope; vec_64b: does not run at cta scope; vec_32b: does not run at cta scope; vec_16b: does not run at cta scope; ldstmatrix: does not run at cta scope; vec_auto: the regions of 'S' (64) and 'A' (32) differ in shape (extent-1 dimensions aside); fallback: the regions of 'S' (64) and 'A' (32) differ in shape (extent-1 dimensions aside))}}
    if tx < 32:
        T.cta.copy(S[0:64], A[0:64])  # expected-error@+0:15 {{T.cta.copy: no variant applies (vec_256b: does not run at cta scope; vec_128b: does not run at cta scope; vec_64b: does not run at cta scope; vec_32b: does not run at cta scope; vec_16b: does not run at cta scope; ldstmatrix: does not run at cta scope; vec_auto: not every thread of the cta is active (under `if tx < 32`, a per-thread condition); fallback: not every thread of the cta is active (under `if tx < 32`, a per-thread condition))}}
    R = T.alloc_buffer((2, 32), "float32", scope="local", layout=T.TileLayout(T.S[(2, 32):(1 @ Axis.warpid, 1 @ Axis.laneid)]))
    T.warp.copy(R[0:2, 0:32], G[0:2, 0:32])  # expected-error@+0:12 {{T.warp.copy: no variant applies (vec_256b: does not run at warp scope; vec_128b: does not run at warp scope; vec_64b: does not run at warp scope; vec_32b: does not run at warp scope; vec_16b: does not run at warp scope; ldstmatrix: unsupported memory scopes src=global dst=local (needs local <-> shared); vec_auto: gmem_smem: src=global dst=local is not global<->shared; reg: the register layout of 'R' spreads over thread axis 'warpid', which is not within a warp; fallback: 'R' is a register tile spread over threads; one thread cannot copy it)}}

# -----
# vec_auto: the region splits evenly over the threads.
@T.prim_func
def f(A: T.Buffer((64,), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])
    S = T.alloc_shared((64,), "float32")
    T.cta.copy(S[0:48], A[0:48], dispatch="vec_auto")  # expected-error@+0:11 {{T.cta.copy: dispatch="vec_auto" does not apply: global<->shared: region size 48 not divisible by the 64 threads of the cta}}

# -----
# The forced widths: thread scope, exactly the width, one aligned run, the
# cache hints on a global load only, l2_evict only at 256 bits.
@T.prim_func
def f(A: T.Buffer((64,), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])
    S = T.alloc_shared((64,), "float32")
    T.cta.copy(S[0:4], A[0:4], dispatch="vec_128b")  # expected-error@+0:11 {{T.cta.copy: dispatch="vec_128b" does not apply: does not run at cta scope}}
    Q = T.alloc_local((4,), "float32")
    T.tile.copy(Q[0:4], S[0:4], dispatch="vec_128b", cache="nc")  # expected-error@+0:12 {{T.tile.copy: dispatch="vec_128b" does not apply: cache/L1/L2 hint config applies to global loads; requires src scope 'global', got 'shared'}}
    T.tile.copy(Q[0:4], A[0:4], dispatch="vec_128b", cache="ca")  # expected-error@+0:12 {{T.tile.copy: dispatch="vec_128b" does not apply: unsupported cache config 'ca'; expected None or 'nc'}}
    T.tile.copy(Q[0:4], A[0:4], dispatch="vec_128b", l2_evict="L2::evict_first")  # expected-error@+0:12 {{T.tile.copy: dispatch="vec_128b" does not apply: l2_evict= needs the 256-bit load (vec_256b): ptxas takes an L2 eviction priority only there}}
    T.tile.copy(Q[0:4], A[1:5], dispatch="vec_128b")  # expected-error@+0:12 {{T.tile.copy: dispatch="vec_128b" does not apply: the region of 'A' is not one contiguous 16-byte aligned run}}
    T.tile.copy(Q[0:2], A[0:2], dispatch="vec_128b")  # expected-error@+0:12 {{T.tile.copy: dispatch="vec_128b" does not apply: src region does not contain exactly 4 elements}}
    T.tile.copy(Q[0:4], A[0:4], dispatch="vec_96b")  # expected-error@+0:42 {{T.tile.copy: no variant named "vec_96b" (variants of copy: "vec_256b", "vec_128b", "vec_64b", "vec_32b", "vec_16b", "ldstmatrix", "vec_auto", "fallback")}}
    T.tile.copy(Q[0:4], Q[0:4], dispatch="vec_128b")  # expected-error@+0:12 {{T.tile.copy: dispatch="vec_128b" does not apply: unsupported memory scopes src=local dst=local}}
    T.tile.copy(Q[0:3], A[0:3], dispatch="vec_128b")  # expected-error@+0:12 {{T.tile.copy: dispatch="vec_128b" does not apply: src region does not contain exactly 4 elements}}

# -----
# ldstmatrix: warp scope, registers <-> shared, 16-bit elements, 8x8 matrices.
@T.prim_func
def f(A: T.Buffer((64,), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    w = T.warp_id([1])
    l = T.lane_id([32])
    S = T.alloc_shared((16, 16), "float16")
    S32 = T.alloc_shared((16, 16), "float32")
    R = T.alloc_buffer((16, 16), "float16", scope="local", layout=T.TileLayout(T.S[(2, 8, 2, 4, 2):(2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
    R32 = T.alloc_buffer((16, 16), "float32", scope="local", layout=T.TileLayout(T.S[(2, 8, 2, 4, 2):(2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
    Rrow = T.alloc_buffer((32, 8), "float16", scope="local", layout=T.TileLayout(T.S[(32, 8):(1 @ Axis.laneid, 1)]))
    S2 = T.alloc_shared((32, 8), "float16")
    T.warp.copy(R32[0:16, 0:16], S32[0:16, 0:16], dispatch="ldstmatrix")  # expected-error@+0:12 {{T.warp.copy: dispatch="ldstmatrix" does not apply: ldmatrix / stmatrix move 16-bit elements, not 32-bit}}
    T.warp.copy(Rrow[0:32, 0:8], S2[0:32, 0:8], dispatch="ldstmatrix")  # expected-error@+0:12 {{T.warp.copy: dispatch="ldstmatrix" does not apply: the layouts of 'Rrow' and 'S2' do not make 8x8 ldmatrix/stmatrix matrices (rows of 8 contiguous, 16-byte-aligned elements, lane 4q + t holding row q, columns 2t, 2t + 1, or their transpose) with rows affine in the lane}}
    T.warp.copy(R[0:16, 0:16], S[0:16, 0:16], dispatch="ldstmatrix")

# -----
# A region outside its buffer (here a zero-extent dimension, which crashed lay_group with a
# division by zero) is a reason, never a crash.
@T.prim_func
def z(A: T.Buffer((0, 32, 32), "float16")):
    T.device_entry()
    T.cta_id([1])
    T.thread_id([32])
    S = T.alloc_buffer((32, 32), "float16", scope="shared")
    T.cta.copy(S[0:32, 0:32], A[0:1, 0:32, 0:32])  # expected-error@+0:11 {{T.cta.copy: no variant applies (vec_256b: does not run at cta scope; vec_128b: does not run at cta scope; vec_64b: does not run at cta scope; vec_32b: does not run at cta scope; vec_16b: does not run at cta scope; ldstmatrix: does not run at cta scope; vec_auto: the region of 'A' spans 0..1 in dimension 0, outside its extent 0; fallback: the region of 'A' spans 0..1 in dimension 0, outside its extent 0)}}
