# RUN: not %tirx-opt --pass-pipeline=lower-tirx %s 2>&1 | FileCheck %s
# CHECK: {{.*}}err_before_entry.py:5:12: error: T.cta_id {{.*}}T.device_entry()
@T.prim_func
def early(A: T.Buffer((128,), "float32")):
    bx = T.cta_id([4])
    T.device_entry()
    tx = T.thread_id([32])
    A[tx] = T.float32(1.0)
