# A kernel in the docs' style: it round-trips and assembles with ptxas.
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
@T.prim_func
def int_ops(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "float32"), C: T.Buffer((256,), "int32"), n: T.int32):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([256])
    a = C[tx]
    C[tx] = a // 3 + a % 5 + T.truncdiv(a, 3) + T.truncmod(a, 5) + (a & 7) + (a | 1) + (a ^ 2) + (a << 1) + (a >> 1) + ~a + T.popcount(a) + T.clz(a) + T.min(a, n) + T.max(a, 4)
