# TMA copy_async from runtime-strided global views (tma_explicit): X and Y are flat
# storages; the views Gh / Yv take rows `ld` elements apart from element `off` (both
# kernel arguments, so the tensor maps' strides and bases are evaluated at launch).
#   1. Gh[0:64, 0:32] into a 64B-swizzled tile (ComposeLayout(3, 2, 3), TMA mode 2) and
#      Gh[0:32, 0:16] into a 32B-swizzled one (ComposeLayout(3, 1, 3), mode 1); the threads
#      read both through their layouts into O and P (row-major)
#   2. the 32B tile back out with a TMA store into Yv[0:32, 0:16] (rows ld apart from off)
@T.prim_func
def ca_tma_strided(X: T.Buffer((8192,), "float16"), O: T.Buffer((64, 32), "float16"), P: T.Buffer((32, 16), "float16"), Y: T.Buffer((8192,), "float16"), ld: T.int64, off: T.int64):
    Gh = T.decl_buffer((64, 32), "float16", data=X.data, elem_offset=off, layout=T.TileLayout(T.S[(64, 32):(ld, 1)]))
    Yv = T.decl_buffer((32, 16), "float16", data=Y.data, elem_offset=off, layout=T.TileLayout(T.S[(32, 16):(ld, 1)]))
    T.device_entry()
    tx = T.thread_id([128])
    S2 = T.alloc_buffer((64, 32), "float16", scope="shared", align=1024, layout=T.ComposeLayout(3, 2, 3, T.TileLayout(T.S[(64, 32):(32, 1)])))
    S1 = T.alloc_buffer((32, 16), "float16", scope="shared", align=1024, layout=T.ComposeLayout(3, 1, 3, T.TileLayout(T.S[(32, 16):(16, 1)])))
    bar = T.alloc_shared((1,), "uint64")
    if tx == 0:
        T.ptx.mbarrier.init.shared.b64(bar.data, 1)
        T.ptx.fence.mbarrier_init.release.cluster()
        T.ptx.fence.proxy.async_.shared__cta()
    T.cuda.cta_sync()
    if tx == 0:
        T.ptx.mbarrier.arrive.expect_tx.shared__cta.b64(bar.data, 5120)
        T.tile.copy_async(S2[0:64, 0:32], Gh[0:64, 0:32], dispatch="tma_explicit", mbar=bar.ptr_to([0]))
        T.tile.copy_async(S1[0:32, 0:16], Gh[0:32, 0:16], dispatch="tma_explicit", mbar=bar.ptr_to([0]))
    T.cuda.mbarrier_wait(bar.data, 0)
    for i in range(16):
        O[(i * 128 + tx) // 32, (i * 128 + tx) % 32] = S2[(i * 128 + tx) // 32, (i * 128 + tx) % 32]
    for i in range(4):
        P[(i * 128 + tx) // 16, (i * 128 + tx) % 16] = S1[(i * 128 + tx) // 16, (i * 128 + tx) % 16]
    T.cuda.cta_sync()
    if tx == 0:
        T.tile.copy_async(Yv[0:32, 0:16], S1[0:32, 0:16], dispatch="tma_explicit")
        T.ptx.cp.async_.bulk.commit_group()
        T.ptx.cp.async_.bulk.wait_group(0)
