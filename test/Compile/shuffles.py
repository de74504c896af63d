# A kernel in the docs' style: it round-trips and assembles with ptxas.
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
@T.prim_func
def shuffles(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "float32"), C: T.Buffer((256,), "int32"), n: T.int32):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([256])
    v = A[tx]
    B[tx] = T.tvm_warp_shuffle(0xFFFFFFFF, v, 0, 32, 32) + T.tvm_warp_shuffle_up(0xFFFFFFFF, v, 1, 32, 32) + T.tvm_warp_shuffle_down(0xFFFFFFFF, v, 1, 32, 32) + T.cuda.__shfl_xor_sync(0xFFFFFFFF, v, 1, 32)
    C[tx] = T.reinterpret("int32", T.tvm_warp_activemask())
