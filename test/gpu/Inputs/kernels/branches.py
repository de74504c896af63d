# Branches: if / elif / else on the thread index, and a lazy T.if_then_else whose
# untaken side would read out of bounds.
# Expected: for i in 0..127, with a = A[i]:
#   B[i] = a + 1000 if i % 3 == 0, elif i % 3 == 1: -a, else: a * 2
#   C[i] = A[i + 1] if i < 127 else -1
@T.prim_func
def branches(A_ptr: T.handle, B_ptr: T.handle, C_ptr: T.handle):
    A = T.match_buffer(A_ptr, (128,), "float32")
    B = T.match_buffer(B_ptr, (128,), "float32")
    C = T.match_buffer(C_ptr, (128,), "float32")

    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([128])

    if tx % 3 == 0:
        B[tx] = A[tx] + T.float32(1000.0)
    elif tx % 3 == 1:
        B[tx] = -A[tx]
    else:
        B[tx] = A[tx] * T.float32(2.0)
    C[tx] = T.if_then_else(tx < 127, A[tx + 1], T.float32(-1.0))
