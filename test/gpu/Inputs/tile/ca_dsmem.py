# dsmem GPU kernels (copy_async's cluster shared memory variant), TVM test_dsmem.py's
# configurations on a 2-CTA cluster: the threads of CTA 0 fill its source tile from A,
# thread 0 copies it into CTA 1's destination tile (cp.async.bulk.shared::cluster,
# completing on CTA 1's mbarrier, which CTA 1 armed with expect_tx), CTA 1 writes the
# tile to B.  dsmem_contig: a 128x64 float16 tile (1 copy) and a 256-element one;
# dsmem_strided: an 8x128 tile whose rows are 256 apart (8 copies of 256 bytes), into
# rows 256 apart and into rows 512 apart.
@T.prim_func
def dsmem_contig(A: T.Buffer((128, 64), "float16"), B: T.Buffer((128, 64), "float16"), C: T.Buffer((256,), "float16"), D: T.Buffer((256,), "float16")):
    T.device_entry()
    cid = T.cluster_id([1])
    rank = T.cta_id_in_cluster([2])
    tx = T.thread_id([128])
    src = T.alloc_shared((128, 64), "float16", align=128)
    dst = T.alloc_shared((128, 64), "float16", align=128)
    src1 = T.alloc_shared((256,), "float16", align=128)
    dst1 = T.alloc_shared((256,), "float16", align=128)
    bar = T.alloc_shared((2,), "uint64")
    if tx == 0:
        T.ptx.mbarrier.init.shared.b64(T.address_of(bar[0]), T.uint32(1))
        T.ptx.mbarrier.init.shared.b64(T.address_of(bar[1]), T.uint32(1))
        T.ptx.fence.mbarrier_init.release.cluster()
    T.cuda.cluster_sync()
    if rank == 0:
        for i in range(64):
            src[(i * 128 + tx) // 64, (i * 128 + tx) % 64] = A[(i * 128 + tx) // 64, (i * 128 + tx) % 64]
        for i in range(2):
            src1[i * 128 + tx] = C[i * 128 + tx]
        T.ptx.fence.proxy.async_.shared__cta()
        T.cuda.cta_sync()
        if tx == 0:
            T.tile.copy_async(dst[0:128, 0:64], src[0:128, 0:64], dispatch="dsmem", mbar=T.address_of(bar[0]), remote_cta_id=1)
            T.tile.copy_async(dst1[0:256], src1[0:256], dispatch="dsmem", mbar=T.address_of(bar[1]), remote_cta_id=1)
    else:
        if tx == 0:
            T.ptx.mbarrier.arrive.expect_tx.shared__cta.b64(T.address_of(bar[0]), T.uint32(16384))
            T.ptx.mbarrier.arrive.expect_tx.shared__cta.b64(T.address_of(bar[1]), T.uint32(512))
        T.cuda.mbarrier_wait(T.address_of(bar[0]), 0)
        T.cuda.mbarrier_wait(T.address_of(bar[1]), 0)
        for i in range(64):
            B[(i * 128 + tx) // 64, (i * 128 + tx) % 64] = dst[(i * 128 + tx) // 64, (i * 128 + tx) % 64]
        for i in range(2):
            D[i * 128 + tx] = dst1[i * 128 + tx]
    T.cuda.cluster_sync()

@T.prim_func
def dsmem_strided(A: T.Buffer((8, 128), "float16"), B: T.Buffer((8, 128), "float16"), E: T.Buffer((8, 128), "float16")):
    T.device_entry()
    cid = T.cluster_id([1])
    rank = T.cta_id_in_cluster([2])
    tx = T.thread_id([128])
    src = T.alloc_buffer((8, 128), "float16", scope="shared", align=128, layout=T.TileLayout(T.S[(8, 128):(256, 1)]))
    dst = T.alloc_buffer((8, 128), "float16", scope="shared", align=128, layout=T.TileLayout(T.S[(8, 128):(256, 1)]))
    dst2 = T.alloc_buffer((8, 128), "float16", scope="shared", align=128, layout=T.TileLayout(T.S[(8, 128):(512, 1)]))
    bar = T.alloc_shared((2,), "uint64")
    if tx == 0:
        T.ptx.mbarrier.init.shared.b64(T.address_of(bar[0]), T.uint32(1))
        T.ptx.mbarrier.init.shared.b64(T.address_of(bar[1]), T.uint32(1))
        T.ptx.fence.mbarrier_init.release.cluster()
    T.cuda.cluster_sync()
    if rank == 0:
        for i in range(8):
            src[i, tx] = A[i, tx]
        T.ptx.fence.proxy.async_.shared__cta()
        T.cuda.cta_sync()
        if tx == 0:
            T.tile.copy_async(dst[0:8, 0:128], src[0:8, 0:128], dispatch="dsmem", mbar=T.address_of(bar[0]), remote_cta_id=1)
            T.tile.copy_async(dst2[0:8, 0:128], src[0:8, 0:128], dispatch="dsmem", mbar=T.address_of(bar[1]), remote_cta_id=1)
    else:
        if tx == 0:
            T.ptx.mbarrier.arrive.expect_tx.shared__cta.b64(T.address_of(bar[0]), T.uint32(2048))
            T.ptx.mbarrier.arrive.expect_tx.shared__cta.b64(T.address_of(bar[1]), T.uint32(2048))
        T.cuda.mbarrier_wait(T.address_of(bar[0]), 0)
        T.cuda.mbarrier_wait(T.address_of(bar[1]), 0)
        for i in range(8):
            B[i, tx] = dst[i, tx]
            E[i, tx] = dst2[i, tx]
    T.cuda.cluster_sync()
