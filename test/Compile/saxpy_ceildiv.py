# A kernel in the docs' style: it round-trips and assembles with ptxas.
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
@T.prim_func
def saxpy(x: T.Buffer(("n",), "float32"), y: T.Buffer((n,), "float32"), a: T.float32):
    n = T.int32()
    T.device_entry()
    bx = T.cta_id([T.ceildiv(n, 256)])
    tx = T.thread_id([256])
    i: T.let[T.int32] = bx * 256 + tx
    if i < n:
        y[i] = a * x[i] + y[i]
