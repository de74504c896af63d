# A kernel in the docs' style: it round-trips and assembles with ptxas.
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
@T.prim_func
def hist(data: T.Buffer((1024,), "int32"), bins: T.Buffer((16,), "int32")):
    T.device_entry()
    bx = T.cta_id([4])
    tx = T.thread_id([256])
    local_bins = T.alloc_shared((16,), "int32")
    if tx < 16:
        local_bins[tx] = 0
    T.cuda.cta_sync()
    v = data[bx * 256 + tx]
    T.cuda.atomic_add(local_bins.ptr_to([v % 16]), 1)
    T.cuda.cta_sync()
    if tx < 16:
        T.cuda.atomic_add(bins.ptr_to([tx]), local_bins[tx])
