# T.hint attaches structured messages (statement form and `with` form); no code is generated.
# Expected: B[i] == A[i] + 1 over 64 floats, and tirx-opt prints both hints back.
@T.prim_func
def hint(A_ptr: T.handle, B_ptr: T.handle):
    A = T.match_buffer(A_ptr, (64,), "float32")
    B = T.match_buffer(B_ptr, (64,), "float32")

    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])

    with T.hint("copy stage", depth=2):
        B[tx] = A[tx]
    T.hint("finish")
    B[tx] = B[tx] + T.float32(1.0)
