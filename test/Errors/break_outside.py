# RUN: %tirx-opt --verify-diagnostics %s
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    break  # expected-error@+0:5 {{'break' outside a loop}}
