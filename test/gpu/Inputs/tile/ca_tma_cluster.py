# TMA copy_async options on a 2-CTA cluster: CTA 0's thread 0 multicasts one 64x64
# float16 box of A (128B-swizzled) into both CTAs' tiles (cta_mask=3), each CTA
# arming its own barrier; each CTA writes its tile to its half of B.  Then CTA 0
# stages P in shared memory and reduce-stores it: O += P (use_tma_reduce="add", with
# prefetch_tensormap=True), and stages R (float16) to reduce-store Q = max(Q, R) ("max":
# cp.reduce.async.bulk.tensor's max takes float16, not float32 -- a float32 max was the
# illegal instruction this test hit on the H200; tile-dispatch now refuses it).
@T.prim_func
def ca_tma_cluster(A: T.Buffer((64, 64), "float16"), B: T.Buffer((128, 64), "float16"), P: T.Buffer((64, 64), "float32"), O: T.Buffer((64, 64), "float32"), R: T.Buffer((64, 64), "float16"), Q: T.Buffer((64, 64), "float16")):
    T.device_entry()
    cid = T.cluster_id([1])
    rank = T.cta_id_in_cluster([2])
    tx = T.thread_id([128])
    S = T.alloc_buffer((64, 64), "float16", scope="shared.dyn", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(64, 64):(64, 1)])))
    F = T.alloc_shared((64, 64), "float32", align=128)
    H = T.alloc_shared((64, 64), "float16", align=128)
    bar = T.alloc_shared((1,), "uint64")
    if tx == 0:
        T.ptx.mbarrier.init.shared.b64(T.address_of(bar[0]), T.uint32(1))
        T.ptx.fence.mbarrier_init.release.cluster()
    T.cuda.cluster_sync()
    if tx == 0:
        T.ptx.mbarrier.arrive.expect_tx.shared__cta.b64(T.address_of(bar[0]), T.uint32(8192))
    if tx == 0 and rank == 0:
        T.tile.copy_async(S[0:64, 0:64], A[0:64, 0:64], dispatch="tma_auto", mbar=T.address_of(bar[0]), cta_mask=3, cache_hint="evict_first")
    T.cuda.mbarrier_wait(T.address_of(bar[0]), 0)
    for i in range(32):
        B[rank * 64 + (i * 128 + tx) // 64, (i * 128 + tx) % 64] = S[(i * 128 + tx) // 64, (i * 128 + tx) % 64]
    if rank == 0:
        for i in range(32):
            F[(i * 128 + tx) // 64, (i * 128 + tx) % 64] = P[(i * 128 + tx) // 64, (i * 128 + tx) % 64]
            H[(i * 128 + tx) // 64, (i * 128 + tx) % 64] = R[(i * 128 + tx) // 64, (i * 128 + tx) % 64]
        T.ptx.fence.proxy.async_.shared__cta()
        T.cuda.cta_sync()
        if tx == 0:
            T.tile.copy_async(O[0:64, 0:64], F[0:64, 0:64], dispatch="tma_auto", use_tma_reduce="add", prefetch_tensormap=True, cache_hint="evict_last")
            T.tile.copy_async(Q[0:64, 0:64], H[0:64, 0:64], dispatch="tma_auto", use_tma_reduce="max")
            T.ptx.cp.async_.bulk.commit_group()
            T.ptx.cp.async_.bulk.wait_group(0)
    T.cuda.cluster_sync()
