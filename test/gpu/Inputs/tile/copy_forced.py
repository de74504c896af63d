# copy, the forced widths (apache/tvm's test_vec_forced_cache.py) and the
# fallback, one thread:
#   A (int32[4]) --vec_128b, cache="nc", L1::no_allocate, L2::256B--> registers --vec_128b--> B
#   C (float16[8]) --vec_128b nc--> shared --vec_32b/vec_32b/vec_64b--> registers h --> D
#   E (uint8[4]) --vec_32b--> registers --vec_16b--> F[2:4]; F[0:2] by the fallback
# Expected: B == A, D == C, F == E.
@T.prim_func
def forced(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), C: T.Buffer((8,), "float16"), D: T.Buffer((8,), "float16"), E: T.Buffer((4,), "uint8"), F: T.Buffer((4,), "uint8")):
    T.device_entry()
    T.cta_id([1])
    T.thread_id([1])
    reg = T.alloc_local((4,), "int32")
    T.tile.copy(reg[0:4], A[0:4], dispatch="vec_128b", cache="nc", l1_evict="L1::no_allocate", prefetch_size="L2::256B")
    T.tile.copy(B[0:4], reg[0:4], dispatch="vec_128b")
    smem = T.alloc_buffer((8,), "float16", scope="shared")
    T.tile.copy(smem[0:8], C[0:8], dispatch="vec_128b", cache="nc")
    h = T.alloc_local((8,), "float16")
    T.tile.copy(h[2:4], smem[2:4], dispatch="vec_32b")
    T.tile.copy(h[0:2], smem[0:2], dispatch="vec_32b")
    T.tile.copy(h[4:8], smem[4:8], dispatch="vec_64b")
    for i in range(8):
        D[i] = h[i]
    u = T.alloc_local((4,), "uint8")
    T.tile.copy(u[0:4], E[0:4], dispatch="vec_32b")
    T.tile.copy(F[2:4], u[2:4], dispatch="vec_16b")
    T.tile.copy(F[0:2], E[0:2], dispatch="fallback")


# fallback at CTA scope: thread 0 copies a 3x4 window of A into shared memory.
# Expected: B == A[1:4, :].ravel().
@T.prim_func
def fallback_cta(A: T.Buffer((4, 4), "float32"), B: T.Buffer((12,), "float32")):
    T.device_entry()
    T.cta_id([1])
    tid = T.thread_id([64])
    S = T.alloc_buffer((3, 4), "float32", scope="shared")
    T.cta.copy(S[0:3, 0:4], A[1:4, 0:4], dispatch="fallback")
    T.cuda.cta_sync()
    if tid < 12:
        B[tid] = S[tid // 4, tid % 4]


# vec_128b at a symbolic start of a 128B-swizzled shared tile (apache/tvm's
# test_copy_forced_vec_dynamic_swizzled_shared_uses_vector_ptx: a 64 KiB static tile, which
# sm_90a takes): thread t stores reg = (16t + 1 .. 16t + 4) at smem[t % 64, t // 64 * 4:+4]
# and reads it back.  Expected: B[t, i] == 16t + i + 1.
@T.prim_func
def forced_swizzled(B: T.Buffer((128, 4), "float32")):
    T.device_entry()
    T.cta_id([1])
    tid = T.thread_id([128])
    smem = T.alloc_shared((64, 256), layout=T.ComposeLayout(2, 3, 3, T.TileLayout(T.S[(64, 8, 32):(32, 2048, 1)])))
    reg = T.alloc_local((4,))
    out = T.alloc_local((4,))
    for i in range(4):
        reg[i] = T.Cast("float32", tid * 16 + i + 1)
    row: T.let[T.int32] = tid % 64
    col: T.let[T.int32] = tid // 64 * 4
    T.tile.copy(smem[row, col:col + 4], reg[0:4], dispatch="vec_128b")
    T.cuda.cta_sync()
    T.tile.copy(out[0:4], smem[row, col:col + 4], dispatch="vec_128b")
    for i in range(4):
        B[tid, i] = out[i]


# vec_16b through a one-element shared buffer as TVM's unsugared print writes it
# (test_copy_forced_vec_width_codegen): reg -> shared -> out.  Expected: B == [1].
@T.prim_func
def forced_scalar(B: T.Buffer((1,), "uint16")):
    T.device_entry()
    T.cta_id([1])
    T.thread_id([1])
    smem = T.shared_scalar(T.uint16)
    reg = T.local_scalar(T.uint16)
    out = T.local_scalar(T.uint16)
    reg = T.uint16(1)
    T.tile.copy(smem.source[0], reg.source[0], dispatch="vec_16b")
    T.cuda.cta_sync()
    T.tile.copy(out.source[0], smem.source[0], dispatch="vec_16b")
    B[0] = out
