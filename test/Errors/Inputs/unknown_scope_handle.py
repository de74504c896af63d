@T.prim_func
def f(A_ptr: T.handle("float32", "globl")):
    A = T.match_buffer(A_ptr, (4,), "float32")
    A[0] = T.float32(1.0)
