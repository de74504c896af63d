# A 2-D TMA load (cp.async.bulk.tensor) of float16 tiles into shared memory with an
# mbarrier, the tensor map encoded on the host before T.device_entry() (TVM's spelling:
# T.tvm_stack_alloca + T.call_packed("runtime.cuTensorMapEncodeTiled", ...)).  Each of
# the 2 x 2 CTAs loads a 32-row x 64-column box (4096 bytes) at (bx * 64, by * 32), then
# its 128 threads copy shared -> B.  Expected: B == A.
@T.prim_func
def tma_copy(A: T.Buffer((64, 128), "float16"), B: T.Buffer((64, 128), "float16")):
    A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, "float16", 2, A.data,
                  128, 64,          # globalDim (innermost first)
                  256,              # globalStrides in bytes (rank - 1 entries)
                  64, 32,           # boxDim
                  1, 1,             # elementStrides
                  0, 0, 0, 0)       # interleave, swizzle, l2Promotion, oobFill
    T.device_entry()
    bx, by = T.cta_id([2, 2])
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
    for i in range(16):
        B[by * 32 + i * 2 + tx // 64, bx * 64 + tx % 64] = sm[i * 2 + tx // 64, tx % 64]
