# RUN: not %tirx-opt --pass-pipeline=lower-tirx %s 2>&1 | FileCheck %s
# CHECK: {{.*}}err_deferred.py:7:12: error: cannot infer the extent of T.cta_id(); give it explicitly
# A deferred id needs the other ids (or the warp / warpgroup sizes) to fix it.
@T.prim_func
def deferred(A: T.Buffer((128,), "float32")):
    T.device_entry()
    bx = T.cta_id()
    tx = T.thread_id([128])
    A[tx] = T.float32(1.0)
