@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    A[0] = B[0]  # expected-error@x {{name 'B' is not defined}}
