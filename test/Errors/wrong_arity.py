# RUN: %tirx-opt --verify-diagnostics %s
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.device_entry()
    tx = T.thread_id([4])
    T.cuda.cta_sync(1)  # expected-error@+0:12 {{T.cuda.cta_sync takes 0 arguments, got 1}}
