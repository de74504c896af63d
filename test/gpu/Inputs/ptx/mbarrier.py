# mbarrier and bulk copies through the table engine: init, fence.mbarrier_init,
# arrive.expect_tx + cp.async.bulk global -> shared (complete_tx), a
# try_wait.parity loop, test_wait.parity, arrive with a state result,
# cp.async.bulk shared -> global (bulk_group) + commit/wait_group.
@T.prim_func
def mbar(A: T.Buffer((256,), "uint32"), B: T.Buffer((256,), "uint32"), O: T.Buffer((4, 128), "uint32")):
    T.device_entry()
    tx = T.thread_id([128])
    S = T.alloc_shared((256,), "uint32")
    bar = T.alloc_shared((2,), "uint64")
    if tx == 0:
        T.ptx.mbarrier.init.shared.b64(T.address_of(bar[0]), T.uint32(1))
        T.ptx.mbarrier.init.shared.b64(T.address_of(bar[1]), T.uint32(128))
        T.ptx.fence.mbarrier_init.release.cluster()
    T.ptx.bar.sync(0)
    if tx == 0:
        T.ptx.mbarrier.arrive.expect_tx.shared.b64(T.address_of(bar[0]), T.uint32(1024))
        T.ptx["cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes"](
            T.address_of(S[0]), T.address_of(A[0]), T.uint32(1024), T.address_of(bar[0]))
    ok: T.uint32 = T.uint32(0)
    while ok == T.uint32(0):
        T.ptx.mbarrier.try_wait.parity.shared.b64(ok, T.address_of(bar[0]), T.uint32(0), T.uint32(1000000))
    O[0, tx] = S[tx] + S[tx + 128]
    done: T.uint32
    T.ptx.mbarrier.test_wait.parity.shared.b64(done, T.address_of(bar[0]), T.uint32(0))
    O[1, tx] = done
    # every thread arrives on bar[1] (count 128) and keeps its state token
    st: T.uint64
    T.ptx.mbarrier.arrive.shared.b64(st, T.address_of(bar[1]))
    ok = T.uint32(0)
    while ok == T.uint32(0):
        T.ptx.mbarrier.try_wait.parity.shared.b64(ok, T.address_of(bar[1]), T.uint32(0), T.uint32(1000000))
    O[2, tx] = ok
    # write S back doubled through a bulk store
    S[tx] = S[tx] * T.uint32(2)
    S[tx + 128] = S[tx + 128] * T.uint32(2)
    T.ptx.fence.proxy.async_.shared__cta()
    T.ptx.bar.sync(0)
    if tx == 0:
        T.ptx["cp.async.bulk.global.shared::cta.bulk_group"](T.address_of(B[0]), T.address_of(S[0]), T.uint32(1024))
        T.ptx.cp.async_.bulk.commit_group()
        T.ptx.cp.async_.bulk.wait_group(0)
    O[3, tx] = T.uint32(1)
