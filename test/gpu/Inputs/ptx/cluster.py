# Remote mbarrier arrive inside a 2-CTA cluster: CTA 0 initialises a barrier
# (count 1), CTA 1 maps its address with mapa.shared::cluster.u32 and arrives
# with mbarrier.arrive.release.cluster.shared::cluster.b64; CTA 0 waits with
# try_wait.parity.acquire.cluster, then reads the value CTA 1 stored into CTA
# 0's shared memory (st.shared::cluster through the mapped address).
@T.prim_func
def clus(O: T.Buffer((2, 32), "uint32")):
    T.device_entry()
    cid = T.cluster_id([1])
    rank = T.cta_id_in_cluster([2])
    tx = T.thread_id([32])
    bar = T.alloc_shared((1,), "uint64")
    box = T.alloc_shared((32,), "uint32")
    if tx == 0 and rank == 0:
        T.ptx.mbarrier.init.shared.b64(T.address_of(bar[0]), T.uint32(1))
        T.ptx.fence.mbarrier_init.release.cluster()
    T.cuda.cluster_sync()
    if rank == 1:
        peer_box: T.uint32
        T.ptx.mapa.shared__cluster.u32(peer_box, T.cuda.cvta_generic_to_shared(T.address_of(box[tx])), T.uint32(0))
        T.ptx.st.shared__cluster.b32(peer_box, T.Cast("uint32", tx) + T.uint32(500))
        T.ptx.fence.acq_rel.cluster()
        T.ptx.bar.sync(0, 32)
        if tx == 0:
            peer_bar: T.uint32
            T.ptx.mapa.shared__cluster.u32(peer_bar, T.cuda.cvta_generic_to_shared(T.address_of(bar[0])), T.uint32(0))
            T.ptx.mbarrier.arrive.release.cluster.shared__cluster.b64(peer_bar)
        O[1, tx] = T.uint32(1)
    else:
        ok: T.uint32 = T.uint32(0)
        while ok == T.uint32(0):
            T.ptx.mbarrier.try_wait.parity.acquire.cluster.shared__cta.b64(ok, T.address_of(bar[0]), T.uint32(0), T.uint32(1000000))
        O[0, tx] = box[tx]
    T.cuda.cluster_sync()
