# tile-dispatch's gemm (mma.m16n8k*) preconditions, each rejection located (lib/Transforms/Tile/gemm.c).
# RUN: %tirx-opt --split-input-file --verify-diagnostics --pass-pipeline=tile-dispatch %s
# Scope, operand scopes, dtypes, alpha / beta, shapes.
@T.prim_func
def f(G: T.Buffer((16, 16), "float16")):
    T.device_entry()
    T.cta_id([1])
    T.warp_id([1])
    lane = T.lane_id([32])
    A = T.alloc_buffer((16, 16), "float16", scope="local", layout=T.TileLayout(T.S[(2, 8, 2, 4, 2):(2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
    A32 = T.alloc_buffer((16, 16), "float32", scope="local", layout=T.TileLayout(T.S[(2, 8, 2, 4, 2):(2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
    B = T.alloc_buffer((16, 8), "float16", scope="local", layout=T.TileLayout(T.S[(2, 4, 2, 8):(2, 1 @ Axis.laneid, 1, 4 @ Axis.laneid)]))
    D = T.alloc_buffer((16, 8), "float32", scope="local", layout=T.TileLayout(T.S[(2, 8, 4, 2):(2, 4 @ Axis.laneid, 1 @ Axis.laneid, 1)]))
    T.cta.gemm(D, A, B, D, transpose_A=False, transpose_B=False, alpha=1.0, beta=0.0)  # expected-error@+0:11 {{T.cta.gemm: no variant applies (mma.m16n8k*: does not run at cta scope)}}
    T.warp.gemm(D, G, B, D, transpose_A=False, transpose_B=False, alpha=1.0, beta=0.0)  # expected-error@+0:12 {{T.warp.gemm: no variant applies (mma.m16n8k*: gemm mma requires A in register (local) scope, got global)}}
    T.warp.gemm(D, A32, B, D, transpose_A=False, transpose_B=False, alpha=1.0, beta=0.0)  # expected-error@+0:12 {{T.warp.gemm: no variant applies (mma.m16n8k*: no mma instruction for dtypes A=float32 B=float16 C=float32 D=float32 (m16n8k16/k8 take f16 or bf16 A and B, float32 C and D))}}
    T.warp.gemm(D, A, B, D, transpose_A=False, transpose_B=False, alpha=2.0, beta=0.0)  # expected-error@+0:12 {{T.warp.gemm: no variant applies (mma.m16n8k*: gemm mma supports only alpha=1)}}
    T.warp.gemm(D, A, B, D, transpose_A=False, transpose_B=False, alpha=1.0, beta=0.5)  # expected-error@+0:12 {{T.warp.gemm: no variant applies (mma.m16n8k*: gemm mma supports only beta in {0, 1})}}
    T.warp.gemm(D, A, B, D, transpose_A=True, transpose_B=False, alpha=1.0, beta=0.0)  # expected-error@+0:12 {{T.warp.gemm: no variant applies (mma.m16n8k*: m16n8k16: the layout of A puts element (2, 0) on lane 8, the m16n8k16 fragment needs lane 1)}}
    if lane < 16:
        T.warp.gemm(D, A, B, D, transpose_A=False, transpose_B=False, alpha=1.0, beta=0.0)  # expected-error@+0:16 {{T.warp.gemm: no variant applies (mma.m16n8k*: not every thread of the warp is active (under `if lane < 16`, a per-thread condition))}}

# -----
# Layouts: a fragment element on the wrong lane, halves not adjacent, a non-lane axis.
@T.prim_func
def f(G: T.Buffer((16, 16), "float16")):
    T.device_entry()
    T.cta_id([1])
    T.warp_id([1])
    lane = T.lane_id([32])
    A = T.alloc_buffer((16, 16), "float16", scope="local", layout=T.TileLayout(T.S[(2, 8, 2, 4, 2):(2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
    B = T.alloc_buffer((16, 8), "float16", scope="local", layout=T.TileLayout(T.S[(2, 4, 2, 8):(2, 1 @ Axis.laneid, 1, 4 @ Axis.laneid)]))
    D = T.alloc_buffer((16, 8), "float32", scope="local", layout=T.TileLayout(T.S[(2, 8, 4, 2):(2, 4 @ Axis.laneid, 1 @ Axis.laneid, 1)]))
    Arow = T.alloc_buffer((16, 16), "float16", scope="local", layout=T.TileLayout(T.S[(16, 16):(1 @ Axis.laneid, 1)]))
    T.warp.gemm(D, Arow, B, D, transpose_A=False, transpose_B=False, alpha=1.0, beta=0.0)  # expected-error@+0:12 {{T.warp.gemm: no variant applies (mma.m16n8k*: m16n8k16: the layout of A puts element (0, 2) on lane 0, the m16n8k16 fragment needs lane 1)}}
    Asplit = T.alloc_buffer((16, 16), "float16", scope="local", layout=T.TileLayout(T.S[(2, 8, 2, 4, 2):(1, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 2)]))
    T.warp.gemm(D, Asplit, B, D, transpose_A=False, transpose_B=False, alpha=1.0, beta=0.0)  # expected-error@+0:12 {{T.warp.gemm: no variant applies (mma.m16n8k*: m16n8k16: the layout of A does not keep the two 16-bit halves of a fragment register adjacent)}}
    Dw = T.alloc_buffer((16, 8), "float32", scope="local", layout=T.TileLayout(T.S[(2, 8, 4, 2):(1 @ Axis.warpid, 4 @ Axis.laneid, 1 @ Axis.laneid, 1)]))
    T.warp.gemm(Dw, A, B, Dw, transpose_A=False, transpose_B=False, alpha=1.0, beta=0.0)  # expected-error@+0:12 {{T.warp.gemm: no variant applies (mma.m16n8k*: D spreads over thread axis 'warpid'; the mma variant takes lane (laneid) layouts)}}
