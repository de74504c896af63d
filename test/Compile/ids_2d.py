# A kernel in the docs' style: it round-trips and assembles with ptxas.
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
@T.prim_func
def ids_2d(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "float32"), C: T.Buffer((256,), "int32"), n: T.int32):
    T.device_entry()
    bx, by = T.cta_id([2, 2])
    ty, tx2 = T.thread_id([8, 32])
    B[ty * 32 + tx2] = A[ty * 32 + tx2]
