# RUN: not %tirx-opt --pass-pipeline=lower-tirx %s 2>&1 | FileCheck %s
# CHECK: {{.*}}err_no_threads.py:5:7: error: kernel has no thread launch parameters{{.*}}
@T.prim_func
def nothreads(A: T.Buffer((128,), "float32")):
    T.device_entry()
    bx = T.cta_id([4])
    A[bx] = T.float32(1.0)
