# RUN: %tirx-opt --verify-diagnostics %s
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    A[0] = B[0]  # expected-error@+0:12 {{name 'B' is not defined}}
