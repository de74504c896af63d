# A factory kernel compiled through --entry (test/gpu/entry-factory.test).
def make_axpy(n, *, scale=2.0):
    @T.prim_func
    def axpy(A: T.Buffer((n,), "float32"), B: T.Buffer((n,), "float32")):
        T.device_entry()
        bx = T.cta_id([1])
        tx = T.thread_id([n])
        B[tx] = A[tx] * T.float32(scale) + B[tx]

    return axpy
