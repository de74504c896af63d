@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    # expected-error@+1 {{name 'C' is not defined}}
    A[0] = B[0]
    # expected-warning {{never produced}}
