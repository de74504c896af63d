# A kernel in the docs' style: it round-trips and assembles with ptxas.
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
@T.prim_func
def syncs(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "float32"), C: T.Buffer((256,), "int32"), n: T.int32):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([256])
    T.cuda.cta_sync()
    T.cuda.warp_sync()
    T.cuda.warpgroup_sync(1)
    T.cuda.thread_fence()
    x = T.cuda.syncthreads_and(tx < 300)
    y = T.cuda.syncthreads_or(tx < 3)
    t = T.cuda.clock64()
    T.cuda.nano_sleep(T.uint64(10))
    C[tx] = x + y + T.cuda.thread_rank() + T.cuda.any_sync(0xFFFFFFFF, tx) + T.reinterpret("int32", T.cuda.ballot_sync(0xFFFFFFFF, tx))
    if T.cuda.elect_sync() == T.uint32(1):
        C[0] = 1
    T.tvm_storage_sync("shared")
