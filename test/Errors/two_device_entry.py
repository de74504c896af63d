# RUN: %tirx-opt --verify-diagnostics %s
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.device_entry()
    T.device_entry()  # expected-error@+0:7 {{only one T.device_entry() is allowed per kernel}}
