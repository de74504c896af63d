# One error with two locations: the closing bracket and, as a note, the opening one.
# RUN: %tirx-opt --verify-diagnostics %s
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    # expected-error@+2:8 {{closing ')' does not match '['}}
    # expected-note@+1:6 {{'[' opened here}}
    A[0) = T.float32(1.0)
