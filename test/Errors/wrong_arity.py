# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}wrong_arity.py:7:12: error: T.cuda.cta_sync takes 0 arguments, got 1
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.device_entry()
    tx = T.thread_id([4])
    T.cuda.cta_sync(1)
