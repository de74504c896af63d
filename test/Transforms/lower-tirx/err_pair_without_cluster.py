# RUN: not %tirx-opt --pass-pipeline=lower-tirx %s 2>&1 | FileCheck %s
# CHECK: {{.*}}err_pair_without_cluster.py:8:11: error: T.cta_id_in_pair() requires T.cta_id_in_cluster in the same kernel
@T.prim_func
def pair(A: T.Buffer((128,), "float32")):
    T.device_entry()
    bx = T.cta_id([4])
    tx = T.thread_id([128])
    p = T.cta_id_in_pair()
    A[tx] = T.float32(p)
