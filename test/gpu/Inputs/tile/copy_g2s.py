# copy, vec_auto, global -> shared -> global at cta (32 threads) and thread
# scope (apache/tvm's test_copy_g2s_s2g tasks): a region of A goes through a
# shared tile (the last one swizzled, ComposeLayout(3, 3, 3)) into the same
# region of B; the dtype DT comes from -D.
# Expected: B == A inside the region, 0 elsewhere.
DT = "float16"

@T.prim_func
def t0_cta(A: T.Buffer((128, 32), DT), B: T.Buffer((128, 32), DT)):
    T.device_entry()
    T.cta_id([2])
    T.thread_id([32])
    S = T.alloc_buffer((128, 32), DT, scope="shared")
    T.cta.copy(S[0:128, 0:32], A[0:128, 0:32])
    T.cuda.cta_sync()
    T.cta.copy(B[0:128, 0:32], S[0:128, 0:32])

@T.prim_func
def t0_tile(A: T.Buffer((128, 32), DT), B: T.Buffer((128, 32), DT)):
    T.device_entry()
    T.cta_id([2])
    T.thread_id([1])
    S = T.alloc_buffer((128, 32), DT, scope="shared")
    T.tile.copy(S[0:128, 0:32], A[0:128, 0:32])
    T.cuda.cta_sync()
    T.tile.copy(B[0:128, 0:32], S[0:128, 0:32])

@T.prim_func
def t1_cta(A: T.Buffer((64, 64), DT), B: T.Buffer((64, 64), DT)):
    T.device_entry()
    T.cta_id([2])
    T.thread_id([32])
    S = T.alloc_buffer((32, 32), DT, scope="shared")
    T.cta.copy(S[0:32, 0:32], A[32:64, 32:64])
    T.cuda.cta_sync()
    T.cta.copy(B[32:64, 32:64], S[0:32, 0:32])

@T.prim_func
def t1_tile(A: T.Buffer((64, 64), DT), B: T.Buffer((64, 64), DT)):
    T.device_entry()
    T.cta_id([2])
    T.thread_id([1])
    S = T.alloc_buffer((32, 32), DT, scope="shared")
    T.tile.copy(S[0:32, 0:32], A[32:64, 32:64])
    T.cuda.cta_sync()
    T.tile.copy(B[32:64, 32:64], S[0:32, 0:32])

@T.prim_func
def t2_cta(A: T.Buffer((4, 32, 32), DT), B: T.Buffer((4, 32, 32), DT)):
    T.device_entry()
    T.cta_id([2])
    T.thread_id([32])
    S = T.alloc_buffer((32, 32), DT, scope="shared")
    T.cta.copy(S[0:32, 0:32], A[0:1, 0:32, 0:32])
    T.cuda.cta_sync()
    T.cta.copy(B[0:1, 0:32, 0:32], S[0:32, 0:32])

@T.prim_func
def t2_tile(A: T.Buffer((4, 32, 32), DT), B: T.Buffer((4, 32, 32), DT)):
    T.device_entry()
    T.cta_id([2])
    T.thread_id([1])
    S = T.alloc_buffer((32, 32), DT, scope="shared")
    T.tile.copy(S[0:32, 0:32], A[0:1, 0:32, 0:32])
    T.cuda.cta_sync()
    T.tile.copy(B[0:1, 0:32, 0:32], S[0:32, 0:32])

@T.prim_func
def t3_cta(A: T.Buffer((16, 16), DT), B: T.Buffer((16, 16), DT)):
    T.device_entry()
    T.cta_id([2])
    T.thread_id([32])
    S = T.alloc_buffer((8, 8), DT, scope="shared")
    T.cta.copy(S[0:8, 0:8], A[0:8, 0:8])
    T.cuda.cta_sync()
    T.cta.copy(B[0:8, 0:8], S[0:8, 0:8])

@T.prim_func
def t3_tile(A: T.Buffer((16, 16), DT), B: T.Buffer((16, 16), DT)):
    T.device_entry()
    T.cta_id([2])
    T.thread_id([1])
    S = T.alloc_buffer((8, 8), DT, scope="shared")
    T.tile.copy(S[0:8, 0:8], A[0:8, 0:8])
    T.cuda.cta_sync()
    T.tile.copy(B[0:8, 0:8], S[0:8, 0:8])

@T.prim_func
def t4_cta(A: T.Buffer((96, 512), DT), B: T.Buffer((96, 512), DT)):
    T.device_entry()
    T.cta_id([2])
    T.thread_id([32])
    S = T.alloc_buffer((32, 256), DT, scope="shared", layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(32, 256):(256, 1)])))
    T.cta.copy(S[0:32, 0:256], A[16:48, 256:512])
    T.cuda.cta_sync()
    T.cta.copy(B[16:48, 256:512], S[0:32, 0:256])

@T.prim_func
def t4_tile(A: T.Buffer((96, 512), DT), B: T.Buffer((96, 512), DT)):
    T.device_entry()
    T.cta_id([2])
    T.thread_id([1])
    S = T.alloc_buffer((32, 256), DT, scope="shared", layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(32, 256):(256, 1)])))
    T.tile.copy(S[0:32, 0:256], A[16:48, 256:512])
    T.cuda.cta_sync()
    T.tile.copy(B[16:48, 256:512], S[0:32, 0:256])
