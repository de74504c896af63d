# A kernel in the docs' style: it round-trips and assembles with ptxas.
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
@T.prim_func
def mbarrier(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "float32"), C: T.Buffer((256,), "int32"), n: T.int32):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([128])
    bar = T.alloc_shared((1,), "uint64")
    if tx == 0:
        T.ptx.mbarrier.init.shared.b64(bar.data, 128)
    T.ptx.fence.mbarrier_init.release.cluster()
    T.cuda.cta_sync()
    st = T.ptx.mbarrier.arrive.shared.b64(bar.data)
    T.cuda.mbarrier_wait(bar.data, 0)
    B[tx] = A[tx]
