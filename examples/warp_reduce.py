# Rung 3, a warp all-reduce: butterfly shuffles (xor 16, 8, 4, 2, 1) over one warp of 32 lanes.
# Expected: every lane holds 0 + 1 + ... + 31, so A[i] == 496.0 for all 32 i.
@T.prim_func
def warp_reduce(A_ptr: T.handle):
    A = T.match_buffer(A_ptr, (32,), "float32", align=16)

    T.device_entry()
    bx = T.cta_id([1])
    warp_id = T.warp_id([1])
    lane_id = T.lane_id([32])

    v = T.alloc_local((1,), "float32")
    i = T.alloc_local((1,), "int32")
    v[0] = T.float32(31 - lane_id)
    i[0] = 16
    while i[0] >= 1:
        v[0] = v[0] + T.tvm_warp_shuffle_xor(0xFFFFFFFF, v[0], i[0], 32, 32)
        i[0] = i[0] // 2

    A[lane_id] = v[0]
