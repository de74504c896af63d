# libdevice math (exp, log, sqrt, tanh, pow, erf) and float16 exp2, checked against numpy.
@T.prim_func
def mathk(A_ptr: T.handle, E_ptr: T.handle, T_ptr: T.handle, H_ptr: T.handle):
    A = T.match_buffer(A_ptr, (256,), "float32")
    E = T.match_buffer(E_ptr, (256,), "float32")
    Th = T.match_buffer(T_ptr, (256,), "float32")
    H = T.match_buffer(H_ptr, (256,), "float16")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([256])
    E[tx] = T.exp(A[tx]) + T.log(T.fabs(A[tx]) + T.float32(1)) + T.sqrt(T.fabs(A[tx]))
    Th[tx] = T.tanh(A[tx]) + T.pow(T.fabs(A[tx]), T.float32(1.5)) + T.erf(A[tx])
    H[tx] = T.exp2(T.float16(A[tx]))
