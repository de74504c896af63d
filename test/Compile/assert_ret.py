# A kernel in the docs' style: it round-trips and assembles with ptxas.
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
@T.prim_func
def ar(A: T.Buffer((256,), "float32"), n: T.int32):
    T.device_entry()
    tx = T.thread_id([256])
    assert n > 0, "n must be positive"
    if tx >= n:
        return
    A[tx] = T.float32(1.0)
