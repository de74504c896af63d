# (for ptx_engine_arch.test)
@T.prim_func
def f(A: T.Buffer((64,), "float32"), H: T.Buffer((64,), "uint16")):
    T.device_entry()
    tx = T.thread_id([64])
    x: T.float32 = A[tx]
    if tx == 0:
        T.ptx.cvt.rn.pzo.f16.f32(H[tx], x)
