# A kernel in the docs' style: it round-trips and assembles with ptxas.
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
@T.prim_func
def wsum(A: T.Buffer((128,), "float32"), out: T.Buffer((4,), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    warp = T.warp_id([4])
    lane = T.lane_id([32])
    v = A[warp * 32 + lane]
    for off in T.unroll(5):
        v = v + T.tvm_warp_shuffle_down(0xFFFFFFFF, v, 16 >> off, 32, 32)
    if lane == 0:
        out[warp] = v
