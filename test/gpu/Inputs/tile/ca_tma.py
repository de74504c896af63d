# TMA copy_async GPU kernel (tma_auto, tma_explicit): two CTAs; thread 0 issues, an
# mbarrier (one, its parity alternating over the five loads) completes each load.
#   1. tma_auto into a 128B-swizzled 64x64 float16 tile (T.ComposeLayout(3, 3, 3)) and back
#      out with a TMA store, twice (k = 0, 1: the two loads share one tensor map); the
#      threads also read the tile through its layout (C), which must agree with the
#      hardware's swizzle
#   2. tma_auto of 384 rows x 16 float16: the row extent is over a box's 256, so two
#      192-row boxes into one contiguous tile
#   3. tma_auto of one 32x64 float32 slice of a 4x32x64 tensor (a rank-3 map)
#   4. tma_explicit with oob="zero" of a 64x64 box that runs past H's 100 rows: the
#      rows beyond are zero
@T.prim_func
def ca_tma(A: T.Buffer((128, 128), "float16"), B: T.Buffer((128, 128), "float16"), C: T.Buffer((128, 128), "float16"), D: T.Buffer((384, 16), "float16"), E: T.Buffer((2, 384, 16), "float16"), F: T.Buffer((4, 32, 64), "float32"), G: T.Buffer((4, 32, 64), "float32"), H: T.Buffer((100, 64), "float16"), W: T.Buffer((128, 64), "float16")):
    T.device_entry()
    bx = T.cta_id([2])
    tx = T.thread_id([128])
    S = T.alloc_buffer((64, 64), "float16", scope="shared.dyn", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(64, 64):(64, 1)])))
    Ts = T.alloc_shared((384, 16), "float16", align=128)
    U = T.alloc_shared((32, 64), "float32", align=128)
    V = T.alloc_shared((64, 64), "float16", align=128)
    bar = T.alloc_shared((1,), "uint64")
    if tx == 0:
        T.ptx.mbarrier.init.shared.b64(bar.data, 1)
        T.ptx.fence.mbarrier_init.release.cluster()
        T.ptx.fence.proxy.async_.shared__cta()
    T.cuda.cta_sync()
    # 1
    for k in range(2):
        if tx == 0:
            T.ptx.fence.proxy.async_.shared__cta()
            T.ptx.mbarrier.arrive.expect_tx.shared__cta.b64(bar.data, 8192)
            T.tile.copy_async(S[0:64, 0:64], A[bx * 64:bx * 64 + 64, k * 64:k * 64 + 64], dispatch="tma_auto", mbar=bar.ptr_to([0]))
        T.cuda.mbarrier_wait(bar.data, k)
        for i in range(32):
            C[bx * 64 + (i * 128 + tx) // 64, k * 64 + (i * 128 + tx) % 64] = S[(i * 128 + tx) // 64, (i * 128 + tx) % 64]
        T.cuda.cta_sync()
        if tx == 0:
            T.tile.copy_async(B[bx * 64:bx * 64 + 64, k * 64:k * 64 + 64], S[0:64, 0:64], dispatch="tma_auto")
            T.ptx.cp.async_.bulk.commit_group()
            T.ptx.cp.async_.bulk.wait_group(0)
        T.cuda.cta_sync()
    # 2
    if tx == 0:
        T.ptx.mbarrier.arrive.expect_tx.shared__cta.b64(bar.data, 12288)
        T.tile.copy_async(Ts[0:384, 0:16], D[0:384, 0:16], mbar=bar.ptr_to([0]))
    T.cuda.mbarrier_wait(bar.data, 0)
    for i in range(48):
        E[bx, (i * 128 + tx) // 16, (i * 128 + tx) % 16] = Ts[(i * 128 + tx) // 16, (i * 128 + tx) % 16]
    # 3
    if tx == 0:
        T.ptx.mbarrier.arrive.expect_tx.shared__cta.b64(bar.data, 8192)
        T.tile.copy_async(U[0:32, 0:64], F[bx + 1, 0:32, 0:64], dispatch="tma_auto", mbar=bar.ptr_to([0]))
    T.cuda.mbarrier_wait(bar.data, 1)
    for i in range(16):
        G[bx + 1, (i * 128 + tx) // 64, (i * 128 + tx) % 64] = U[(i * 128 + tx) // 64, (i * 128 + tx) % 64]
    # 4
    if tx == 0:
        T.ptx.mbarrier.arrive.expect_tx.shared__cta.b64(bar.data, 8192)
        T.tile.copy_async(V[0:64, 0:64], H[bx * 64:bx * 64 + 64, 0:64], dispatch="tma_explicit", oob="zero", mbar=bar.ptr_to([0]))
    T.cuda.mbarrier_wait(bar.data, 0)
    for i in range(32):
        W[bx * 64 + (i * 128 + tx) // 64, (i * 128 + tx) % 64] = V[(i * 128 + tx) // 64, (i * 128 + tx) % 64]
