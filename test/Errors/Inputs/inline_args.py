@T.inline
def f(a, b):
    return a + b

@T.prim_func
def k(A: T.Buffer((4,), "float32")):
    A[0] = f(T.float32(1.0), b=T.float32(2.0))
    A[1] = f(T.float32(1.0), T.float32(2.0))
    f(T.float32(1.0))
