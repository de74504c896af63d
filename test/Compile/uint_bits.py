# A kernel in the docs' style: it round-trips and assembles with ptxas.
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
@T.prim_func
def bits(A: T.Buffer((256,), "uint32"), B: T.Buffer((256,), "uint32")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([256])
    x = A[tx]
    y = (x << T.uint32(3)) ^ (x >> T.uint32(2)) | T.uint32(0x80000000)
    B[tx] = y & ~T.uint32(1) if tx % 2 == 0 else y
