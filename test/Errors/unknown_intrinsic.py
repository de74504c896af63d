# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}unknown_intrinsic.py:7:12: error: unknown intrinsic 'T.cuda.cta_synk'; did you mean 'T.cuda.cta_sync'?
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.device_entry()
    tx = T.thread_id([4])
    T.cuda.cta_synk()
