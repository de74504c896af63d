# A kernel in the docs' style: it round-trips and assembles with ptxas.
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
@T.prim_func
def cluster(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "float32"), C: T.Buffer((256,), "int32"), n: T.int32):
    T.device_entry()

    cid = T.cluster_id([2])
    c = T.cta_id_in_cluster([2])
    tx = T.thread_id([128])
    sm = T.alloc_shared((128,))
    sm[tx] = A[tx]
    T.cuda.cluster_sync()
    remote = T.ptx.mapa.u64(sm.ptr_to([tx]), 1 - c)
    T.ptx.barrier.cluster.arrive()
    T.ptx.barrier.cluster.wait()
    B[cid * 128 + tx] = sm[tx]
