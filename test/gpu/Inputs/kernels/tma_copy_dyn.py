# TMA both ways over n rows (a shape variable): A_map loads a 32 x 64 float16 box into
# shared memory (mbarrier + expect_tx), B_map stores it back to B (cp.async.bulk.tensor
# global.shared::cta + bulk commit/wait).  The maps' globalDim[1] is the plan expression
# n, evaluated per call.  Expected: B == A; with n = 0 the runtime refuses to encode
# (globalDim[1] of A must be non-zero).
@T.prim_func
def tma_copy_dyn(a: T.handle, b: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n, 128), "float16")
    B = T.match_buffer(b, (n, 128), "float16")
    A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, "float16", 2, A.data,
                  128, n, 256, 64, 32, 1, 1, 0, 0, 0, 0)
    B_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", B_map, "float16", 2, B.data,
                  128, n, 256, 64, 32, 1, 1, 0, 0, 0, 0)
    T.device_entry()
    bx, by = T.cta_id([2, T.ceildiv(n, 32)])
    tx = T.thread_id([128])
    sm = T.alloc_shared((32, 64), "float16", align=128)
    bar = T.alloc_shared((1,), "uint64")
    if tx == 0:
        T.ptx.mbarrier.init.shared.b64(bar.data, 1)
        T.ptx.fence.mbarrier_init.release.cluster()
        T.ptx.fence.proxy.async_.shared__cta()
    T.cuda.cta_sync()
    if tx == 0:
        T.ptx.mbarrier.arrive.expect_tx.shared__cta.b64(bar.data, 4096)
        T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"](sm.data, A_map, bx * 64, by * 32, bar.data)
    T.cuda.mbarrier_wait(bar.data, 0)
    if tx == 0:
        T.ptx.fence.proxy.async_.shared__cta()
        T.ptx["cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group"](T.address_of(B_map), bx * 64, by * 32, sm.data)
        T.ptx.cp.async_.bulk.commit_group()
        T.ptx.cp.async_.bulk.wait_group(0)
