# A kernel in the docs' style: it round-trips and assembles with ptxas.
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
@T.prim_func
def clamp_relu(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "float32"), lo: T.float32, hi: T.float32):
    T.device_entry()
    T.cta_id([1])
    tx = T.thread_id([256])
    x = A[tx]
    if x < lo:
        B[tx] = lo
    elif x > hi:
        B[tx] = hi
    else:
        B[tx] = T.max(x, T.float32(0))
