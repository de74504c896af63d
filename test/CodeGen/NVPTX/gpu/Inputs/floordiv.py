# Floor division / modulo on the GPU: Python semantics for signed operands.
@T.prim_func
def fdiv(A_ptr: T.handle, B_ptr: T.handle, Q_ptr: T.handle, R_ptr: T.handle, Q8_ptr: T.handle, R8_ptr: T.handle):
    A = T.match_buffer(A_ptr, (64,), "int32")
    B = T.match_buffer(B_ptr, (64,), "int32")
    Q = T.match_buffer(Q_ptr, (64,), "int32")
    R = T.match_buffer(R_ptr, (64,), "int32")
    Q8 = T.match_buffer(Q8_ptr, (64,), "int32")
    R8 = T.match_buffer(R8_ptr, (64,), "int32")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])
    Q[tx] = A[tx] // B[tx]
    R[tx] = A[tx] % B[tx]
    Q8[tx] = A[tx] // 8
    R8[tx] = A[tx] % 8
