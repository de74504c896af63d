# A kernel in the docs' style: it round-trips and assembles with ptxas.
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
@T.prim_func
def gemm_naive(A: T.Buffer((64, 64), "float16"), B: T.Buffer((64, 64), "float16"), C: T.Buffer((64, 64), "float32")):
    T.device_entry()
    bx, by = T.cta_id([4, 4])
    ty, tx = T.thread_id([16, 16])
    acc = T.alloc_local((1,), "float32")
    acc[0] = T.float32(0)
    for k in T.serial(64, unroll=4):
        acc[0] += T.float32(A[bx * 16 + ty, k]) * T.float32(B[k, by * 16 + tx])
    C[bx * 16 + ty, by * 16 + tx] = acc[0]
