from tvm.script import tirx as T

@T.prim_func(private=True)
def scale(v: T.float32, s: T.float32) -> T.float32:
    return v * s

@T.prim_func(private=True)
def twice(p: T.handle("float32", "global"), s: T.float32) -> T.float32:
    x = T.decl_buffer((1,), data=p)
    if x[0] < T.float32(0):
        return T.float32(0)
    return scale(x[0], s) + T.float32(1)

@T.prim_func
def k(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "float32")):
    T.device_entry()
    bx = T.cta_id([2])
    tx = T.thread_id([128])
    B[bx * 128 + tx] = twice(T.address_of(A[bx * 128 + tx]), T.float32(2))
