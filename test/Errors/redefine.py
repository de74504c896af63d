# RUN: %tirx-opt --verify-diagnostics %s
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    x: T.int32 = 1
    x: T.int32 = 2  # expected-error@+0:5 {{'x' is already defined in this scope}}
