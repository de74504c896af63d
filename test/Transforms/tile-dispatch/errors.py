# tile-dispatch's located errors, one per part (see lib/Transforms/tile_dispatch.c).
# RUN: %tirx-opt --split-input-file --verify-diagnostics --pass-pipeline=tile-dispatch %s
# No variant applies: each variant tried and why it was rejected.
@T.prim_func
def f(A: T.Buffer((64,), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])
    T.cta.sqrt(A[0:64], A[0:64])  # expected-error@+0:11 {{T.cta.sqrt: no variant applies (reg: operand 'A' is in global, not registers (local); smem: operand 'A' is in global, not shared memory)}}

# -----
# Not every thread of the CTA is active under a per-thread condition.
@T.prim_func
def f(A: T.Buffer((64,), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])
    S = T.alloc_shared((64,), "float32")
    if tx < 32:
        T.cta.exp(S[0:64], S[0:64])  # expected-error@+0:15 {{T.cta.exp: no variant applies (reg: not every thread of the cta is active (under `if tx < 32`, a per-thread condition); smem: not every thread of the cta is active (under `if tx < 32`, a per-thread condition))}}

# -----
# A warp-scope op under a per-warp condition is fine; a per-lane one (through a let) is not.
@T.prim_func
def f(A: T.Buffer((64,), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    w = T.warp_id([4])
    l = T.lane_id([32])
    S = T.alloc_shared((64,), "float32")
    if w == 0:
        T.warp.exp(S[0:64], S[0:64])
    half: T.let[T.int32] = l // 16
    if half == 0:
        T.warp.exp(S[0:64], S[0:64])  # expected-error@+0:16 {{T.warp.exp: no variant applies (reg: not every thread of the warp is active (under `if half == 0`, a per-thread condition); smem: not every thread of the warp is active (under `if half == 0`, a per-thread condition))}}

# -----
# dispatch= names a variant that does not exist, or one whose precondition fails.
@T.prim_func
def f(A: T.Buffer((64,), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])
    S = T.alloc_shared((64,), "float32")
    T.cta.exp(S[0:64], S[0:64], dispatch="vec")  # expected-error@+0:42 {{T.cta.exp: no variant named "vec" (variants of exp: "reg", "smem")}}
    T.cta.exp(S[0:64], S[0:64], dispatch="reg")  # expected-error@+0:11 {{T.cta.exp: dispatch="reg" does not apply: operand 'S' is in shared, not registers (local)}}
    T.cta.exp(S[0:64], S[0:64], dispatch="smem")

# -----
# Operand checks: broadcasting, a scalar left operand of a non-commutative op,
# a register layout over the wrong thread axis, layouts that disagree.
@T.prim_func
def f(A: T.Buffer((64,), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    w = T.warp_id([4])
    l = T.lane_id([32])
    S = T.alloc_shared((8, 8), "float32")
    T.cta.add(S[0:8, 0:8], S[0:8, 0:8], S[0:8, 0:2])  # expected-error@+0:11 {{T.cta.add: no variant applies (reg: operand 'S' is in shared, not registers (local); smem: the region of 'S' does not broadcast to the destination's shape (dimension 1: 2 vs 8))}}
    T.cta.sub(S[0:8, 0:8], T.float32(1.0), S[0:8, 0:8])  # expected-error@+0:11 {{T.cta.sub: no variant applies (reg: 'sub' does not commute, so its left operand cannot be a scalar; smem: 'sub' does not commute, so its left operand cannot be a scalar)}}
    R = T.alloc_buffer((4, 32), "float32", scope="local", layout=T.TileLayout(T.S[(4, 32):(1 @ Axis.warpid, 1 @ Axis.laneid)]))
    T.warp.exp(R[0:4, 0:32], R[0:4, 0:32])  # expected-error@+0:12 {{T.warp.exp: no variant applies (reg: the register layout of 'R' spreads over thread axis 'warpid', which is not within a warp; smem: operand 'R' is in local, not shared memory)}}
    Q = T.alloc_buffer((32, 2), "float32", scope="local", layout=T.TileLayout(T.S[(32, 2):(1, 1 @ Axis.laneid)]))
    P = T.alloc_buffer((32, 2), "float32", scope="local", layout=T.TileLayout(T.S[(32, 2):(1 @ Axis.laneid, 1)]))
    T.warp.exp(Q[0:32, 0:2], P[0:32, 0:2])  # expected-error@+0:12 {{T.warp.exp: no variant applies (reg: the register layouts of 'Q' and 'P' give some element to different threads; smem: operand 'Q' is in local, not shared memory)}}

# -----
# An op without variants yet; a fused region.
@T.prim_func
def f(A: T.Buffer((64,), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])
    S = T.alloc_shared((64,), "float32")
    T.cta.minimum(S[0:64], S[0:64], A[0:64])  # expected-error@+0:11 {{T.cta.minimum: tile primitive 'minimum' is not lowered yet (tirx has variants for: zero, fill, cast,}}

# -----
# A warpgroup op in a CTA of 64 threads has no whole warpgroup.
@T.prim_func
def f(A: T.Buffer((64,), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])
    S = T.alloc_shared((64,), "float32")
    T.wg.exp(S[0:64], S[0:64])  # expected-error@+0:10 {{T.wg.exp: no variant applies (reg: the CTA's 64 threads do not make whole warpgroups of 128; smem: the CTA's 64 threads do not make whole warpgroups of 128)}}

# -----
# Reductions: the dtype is kept; dst must hold the kept elements; registers
# reduce at thread or warp scope only.
@T.prim_func
def f(A: T.Buffer((64,), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])
    S = T.alloc_shared((4, 16), "float32")
    H = T.alloc_shared((4,), "float16")
    T.cta.sum(H[0:4], S[0:4, 0:16], axes=(1,))  # expected-error@+0:11 {{T.cta.sum: no variant applies (packed_add_sum: does not run at cta scope; local: the source is float32 but the destination float16 (a reduction keeps the dtype); shared: the source is float32 but the destination float16 (a reduction keeps the dtype))}}
    T.cta.max(S[0, 0:8], S[0:4, 0:16], axes=(1,))  # expected-error@+0:11 {{T.cta.max: no variant applies (3input_maxmin: does not run at cta scope; local: operand 'S' is in shared, not registers (local); shared: the destination has 8 elements but the source keeps 4)}}
    R = T.alloc_local((16,), "float32")
    P = T.alloc_local((1,), "float32")
    T.cta.min(P[0:1], R[0:16])  # expected-error@+0:11 {{T.cta.min: no variant applies (3input_maxmin: does not run at cta scope; local: the register layout of 'R' has no thread axis, so it does not partition over the cta; shared: operand 'R' is in local, not shared memory)}}
    T.tile.min(P[0:1], R[0:16])
