# A 2-D grid: cta_id([4, 2]) x thread_id([32, 4]) covers an 8 x 128 matrix, one element
# per thread (x is the fastest-varying index).
# Expected: B[r, c] == 3 * A[r, c] + r.
@T.prim_func
def grid2d(A_ptr: T.handle, B_ptr: T.handle):
    A = T.match_buffer(A_ptr, (8, 128), "float32")
    B = T.match_buffer(B_ptr, (8, 128), "float32")

    T.device_entry()
    bx, by = T.cta_id([4, 2])
    tx, ty = T.thread_id([32, 4])

    r = by * 4 + ty
    c = bx * 32 + tx
    B[r, c] = A[r, c] * T.float32(3.0) + T.float32(r)
