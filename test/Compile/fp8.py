# A kernel in the docs' style: it round-trips and assembles with ptxas.
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
@T.prim_func
def f8(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "float8_e4m3fn"), C: T.Buffer((256,), "float8_e5m2")):
    T.device_entry()
    tx = T.thread_id([256])
    B[tx] = T.Cast("float8_e4m3fn", A[tx])
    C[tx] = T.Cast("float8_e5m2", A[tx])
    A[tx] = T.Cast("float32", B[tx]) + T.Cast("float32", C[tx])
