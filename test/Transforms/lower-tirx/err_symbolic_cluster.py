# RUN: not %tirx-opt --pass-pipeline=lower-tirx %s 2>&1 | FileCheck %s
# CHECK: {{.*}}err_symbolic_cluster.py:10:11: error: cluster extents must be constants (symbolic clusters are not supported yet)
# CHECK-NEXT: {{^}}    r = T.cta_id_in_cluster([n])
# CHECK-NEXT: {{^}}          ^
@T.prim_func
def symcluster(a: T.handle, n: T.int32):
    A = T.match_buffer(a, (1024,), "float32")
    T.device_entry()
    c = T.cluster_id([4])
    r = T.cta_id_in_cluster([n])
    tx = T.thread_id([128])
    A[tx] = T.float32(1.0)
