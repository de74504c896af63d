# RUN: not %tirx-opt --pass-pipeline=unroll-loop %s 2>&1 | FileCheck %s
# CHECK: {{.*}}err_too_large.py:7:5: error: T.unroll extent 100000 is too large (at most 4096 copies)
@T.prim_func
def big(A: T.Buffer((64,), "float32")):
    T.device_entry()
    tx = T.thread_id([1])
    for i in T.unroll(100000):
        A[0] = A[0] + T.float32(1.0)
