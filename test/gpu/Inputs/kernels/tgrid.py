# A T.grid loop nest: each of 16 threads owns one 4 x 8 tile of a 16 x 32 int32 matrix
# and fills it with T.grid(4, 8).
# Expected: O[i, j] == i * 100 + j.
@T.prim_func
def tgrid(O_ptr: T.handle):
    O = T.match_buffer(O_ptr, (16, 32), "int32")

    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([16])

    r0 = (tx // 4) * 4
    c0 = (tx % 4) * 8
    for i, j in T.grid(4, 8):
        O[r0 + i, c0 + j] = (r0 + i) * 100 + c0 + j
