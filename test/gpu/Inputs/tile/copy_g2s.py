# copy, vec_auto, global -> shared -> global (apache/tvm's test_copy_g2s_s2g tasks), one
# kernel over its spread (copy_g2s_cases.py): the region A[R0:R0+SM, C0:C0+SN] (of plane
# P0 of a 3-d A when GB > 0) goes through an (SM, SN) shared tile (ComposeLayout(3, 3, 3)
# swizzled when SWZ) into the same region of B, copied by a CTA of NT threads (SCOPE "cta")
# or by each thread alone (SCOPE "tile", NT 1).  Expected: B == A inside the region, 0
# elsewhere.
DT = "float16"
SCOPE = "cta"
NT = 32
GB = 4
GM = 64
GN = 64
P0 = 0
R0 = 0
C0 = 0
SM = 32
SN = 32
SWZ = 0


@T.prim_func
def g2s(A: T.Buffer((GM, GN), DT), B: T.Buffer((GM, GN), DT)):
    T.device_entry()
    T.cta_id([2])
    T.thread_id([NT])
    S = T.alloc_buffer((SM, SN), DT, scope="shared", layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(SM, SN):(SN, 1)])) if SWZ else None)
    if SCOPE == "cta":
        T.cta.copy(S[0:SM, 0:SN], A[R0:R0 + SM, C0:C0 + SN])
        T.cuda.cta_sync()
        T.cta.copy(B[R0:R0 + SM, C0:C0 + SN], S[0:SM, 0:SN])
    else:
        T.tile.copy(S[0:SM, 0:SN], A[R0:R0 + SM, C0:C0 + SN])
        T.cuda.cta_sync()
        T.tile.copy(B[R0:R0 + SM, C0:C0 + SN], S[0:SM, 0:SN])


@T.prim_func
def g2s_3d(A: T.Buffer((GB, GM, GN), DT), B: T.Buffer((GB, GM, GN), DT)):
    T.device_entry()
    T.cta_id([2])
    T.thread_id([NT])
    S = T.alloc_buffer((SM, SN), DT, scope="shared")
    if SCOPE == "cta":
        T.cta.copy(S[0:SM, 0:SN], A[P0:P0 + 1, R0:R0 + SM, C0:C0 + SN])
        T.cuda.cta_sync()
        T.cta.copy(B[P0:P0 + 1, R0:R0 + SM, C0:C0 + SN], S[0:SM, 0:SN])
    else:
        T.tile.copy(S[0:SM, 0:SN], A[P0:P0 + 1, R0:R0 + SM, C0:C0 + SN])
        T.cuda.cta_sync()
        T.tile.copy(B[P0:P0 + 1, R0:R0 + SM, C0:C0 + SN], S[0:SM, 0:SN])
