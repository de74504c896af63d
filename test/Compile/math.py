# A kernel in the docs' style: it round-trips and assembles with ptxas.
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
@T.prim_func
def math(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "float32"), C: T.Buffer((256,), "int32"), n: T.int32):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([256])
    x = A[tx]
    B[tx] = T.exp(x) + T.exp2(x) + T.log(x) + T.log2(x) + T.sqrt(x) + T.rsqrt(x) + T.tanh(x) + T.sin(x) + T.cos(x) + T.pow(x, 2.0) + T.fabs(x) + T.floor(x) + T.ceil(x) + T.trunc(x) + T.round(x) + T.fma(x, x, x) + T.erf(x) + T.sigmoid(x) + T.abs(x) + T.max(x, 0.0) + T.min(x, 1.0)
