# gemm, mma.m16n8k* (apache/tvm's test_gemm_mma_m16n8k_.py): one warp computes
# D = A @ B + BETA * C over an (MT x NT x KT) tiling of m16n8k16 (gemm_k16,
# gemm_tA, gemm_tB) or m16n8k8 (gemm_k8) instructions.  The register tiles
# use the m16n8 fragment layouts tiled over the product (TVM's tile_to of
# D_FRAG / A_FRAG / B_FRAG: register index = tile-major, then the fragment's
# own); they are filled and drained with T.warp.copy (the register paths of
# copy vec_auto).  gemm_tA takes A as [K, M], gemm_tB takes B as [N, K].
# MT, NT, KT, the input dtype DT and BETA (0 or 1) come from -D.
MT = 1
NT = 1
KT = 1
DT = "float16"
BETA = 0.0


@T.prim_func
def gemm_k16(A: T.Buffer((16 * MT, 16 * KT), DT), B: T.Buffer((16 * KT, 8 * NT), DT), C: T.Buffer((16 * MT, 8 * NT), "float32"), D: T.Buffer((16 * MT, 8 * NT), "float32")):
    T.device_entry()
    T.cta_id([1])
    T.warp_id([1])
    T.lane_id([32])
    Ar = T.alloc_buffer((16 * MT, 16 * KT), DT, scope="local", layout=T.TileLayout(T.S[(MT, 2, 8, KT, 2, 4, 2):(KT * 8, 2, 4 @ Axis.laneid, 8, 4, 1 @ Axis.laneid, 1)]))
    Br = T.alloc_buffer((16 * KT, 8 * NT), DT, scope="local", layout=T.TileLayout(T.S[(KT, 2, 4, 2, NT, 8):(NT * 4, 2, 1 @ Axis.laneid, 1, 4, 4 @ Axis.laneid)]))
    Cr = T.alloc_buffer((16 * MT, 8 * NT), "float32", scope="local", layout=T.TileLayout(T.S[(MT, 2, 8, NT, 4, 2):(NT * 4, 2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
    Dr = T.alloc_buffer((16 * MT, 8 * NT), "float32", scope="local", layout=T.TileLayout(T.S[(MT, 2, 8, NT, 4, 2):(NT * 4, 2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
    T.warp.copy(Ar[0:16 * MT, 0:16 * KT], A[0:16 * MT, 0:16 * KT])
    T.warp.copy(Br[0:16 * KT, 0:8 * NT], B[0:16 * KT, 0:8 * NT])
    T.warp.copy(Cr[0:16 * MT, 0:8 * NT], C[0:16 * MT, 0:8 * NT])
    T.warp.gemm(Dr, Ar, Br, Cr, transpose_A=False, transpose_B=False, alpha=1.0, beta=BETA)
    T.warp.copy(D[0:16 * MT, 0:8 * NT], Dr[0:16 * MT, 0:8 * NT])


@T.prim_func
def gemm_k8(A: T.Buffer((16 * MT, 8 * KT), DT), B: T.Buffer((8 * KT, 8 * NT), DT), C: T.Buffer((16 * MT, 8 * NT), "float32"), D: T.Buffer((16 * MT, 8 * NT), "float32")):
    T.device_entry()
    T.cta_id([1])
    T.warp_id([1])
    T.lane_id([32])
    Ar = T.alloc_buffer((16 * MT, 8 * KT), DT, scope="local", layout=T.TileLayout(T.S[(MT, 2, 8, KT, 4, 2):(KT * 4, 2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
    Br = T.alloc_buffer((8 * KT, 8 * NT), DT, scope="local", layout=T.TileLayout(T.S[(KT, 4, 2, NT, 8):(NT * 2, 1 @ Axis.laneid, 1, 2, 4 @ Axis.laneid)]))
    Cr = T.alloc_buffer((16 * MT, 8 * NT), "float32", scope="local", layout=T.TileLayout(T.S[(MT, 2, 8, NT, 4, 2):(NT * 4, 2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
    Dr = T.alloc_buffer((16 * MT, 8 * NT), "float32", scope="local", layout=T.TileLayout(T.S[(MT, 2, 8, NT, 4, 2):(NT * 4, 2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
    T.warp.copy(Ar[0:16 * MT, 0:8 * KT], A[0:16 * MT, 0:8 * KT])
    T.warp.copy(Br[0:8 * KT, 0:8 * NT], B[0:8 * KT, 0:8 * NT])
    T.warp.copy(Cr[0:16 * MT, 0:8 * NT], C[0:16 * MT, 0:8 * NT])
    T.warp.gemm(Dr, Ar, Br, Cr, transpose_A=False, transpose_B=False, alpha=1.0, beta=BETA)
    T.warp.copy(D[0:16 * MT, 0:8 * NT], Dr[0:16 * MT, 0:8 * NT])


@T.prim_func
def gemm_tA(A: T.Buffer((16 * KT, 16 * MT), DT), B: T.Buffer((16 * KT, 8 * NT), DT), C: T.Buffer((16 * MT, 8 * NT), "float32"), D: T.Buffer((16 * MT, 8 * NT), "float32")):
    T.device_entry()
    T.cta_id([1])
    T.warp_id([1])
    T.lane_id([32])
    Ar = T.alloc_buffer((16 * KT, 16 * MT), DT, scope="local", layout=T.TileLayout(T.S[(KT, 2, 4, 2, MT, 2, 8):(8, 4, 1 @ Axis.laneid, 1, KT * 8, 2, 4 @ Axis.laneid)]))
    Br = T.alloc_buffer((16 * KT, 8 * NT), DT, scope="local", layout=T.TileLayout(T.S[(KT, 2, 4, 2, NT, 8):(NT * 4, 2, 1 @ Axis.laneid, 1, 4, 4 @ Axis.laneid)]))
    Cr = T.alloc_buffer((16 * MT, 8 * NT), "float32", scope="local", layout=T.TileLayout(T.S[(MT, 2, 8, NT, 4, 2):(NT * 4, 2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
    Dr = T.alloc_buffer((16 * MT, 8 * NT), "float32", scope="local", layout=T.TileLayout(T.S[(MT, 2, 8, NT, 4, 2):(NT * 4, 2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
    T.warp.copy(Ar[0:16 * KT, 0:16 * MT], A[0:16 * KT, 0:16 * MT])
    T.warp.copy(Br[0:16 * KT, 0:8 * NT], B[0:16 * KT, 0:8 * NT])
    T.warp.copy(Cr[0:16 * MT, 0:8 * NT], C[0:16 * MT, 0:8 * NT])
    T.warp.gemm(Dr, Ar, Br, Cr, transpose_A=True, transpose_B=False, alpha=1.0, beta=BETA)
    T.warp.copy(D[0:16 * MT, 0:8 * NT], Dr[0:16 * MT, 0:8 * NT])


@T.prim_func
def gemm_tB(A: T.Buffer((16 * MT, 16 * KT), DT), B: T.Buffer((8 * NT, 16 * KT), DT), C: T.Buffer((16 * MT, 8 * NT), "float32"), D: T.Buffer((16 * MT, 8 * NT), "float32")):
    T.device_entry()
    T.cta_id([1])
    T.warp_id([1])
    T.lane_id([32])
    Ar = T.alloc_buffer((16 * MT, 16 * KT), DT, scope="local", layout=T.TileLayout(T.S[(MT, 2, 8, KT, 2, 4, 2):(KT * 8, 2, 4 @ Axis.laneid, 8, 4, 1 @ Axis.laneid, 1)]))
    Br = T.alloc_buffer((8 * NT, 16 * KT), DT, scope="local", layout=T.TileLayout(T.S[(NT, 8, KT, 2, 4, 2):(4, 4 @ Axis.laneid, NT * 4, 2, 1 @ Axis.laneid, 1)]))
    Cr = T.alloc_buffer((16 * MT, 8 * NT), "float32", scope="local", layout=T.TileLayout(T.S[(MT, 2, 8, NT, 4, 2):(NT * 4, 2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
    Dr = T.alloc_buffer((16 * MT, 8 * NT), "float32", scope="local", layout=T.TileLayout(T.S[(MT, 2, 8, NT, 4, 2):(NT * 4, 2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
    T.warp.copy(Ar[0:16 * MT, 0:16 * KT], A[0:16 * MT, 0:16 * KT])
    T.warp.copy(Br[0:8 * NT, 0:16 * KT], B[0:8 * NT, 0:16 * KT])
    T.warp.copy(Cr[0:16 * MT, 0:8 * NT], C[0:16 * MT, 0:8 * NT])
    T.warp.gemm(Dr, Ar, Br, Cr, transpose_A=False, transpose_B=True, alpha=1.0, beta=BETA)
    T.warp.copy(D[0:16 * MT, 0:8 * NT], Dr[0:16 * MT, 0:8 * NT])
