# RUN: not %tirx-opt --pass-pipeline=lower-tirx %S/Inputs/cluster_2d_composed.py 2>&1 | FileCheck %s --check-prefix=COMPOSED
# RUN: not %tirx-opt --pass-pipeline=lower-tirx %s 2>&1 | FileCheck %s
# A cluster tiles the grid: a 2-D cluster needs an explicit 2-D cta_id (the
# composed grid is 1-D), and every grid axis must be a multiple of the cluster's.
# COMPOSED: {{.*}}cluster_2d_composed.py:5:14: error: a cluster with more than one dimension needs an explicit T.cta_id with as many dimensions (the composed grid is 1-D)
# CHECK: {{.*}}err_cluster_grid.py:11:14: error: grid extent 3 on axis y is not a multiple of the cluster extent 2
@T.prim_func
def cl3(A: T.Buffer((1024,), "float32")):
    T.device_entry()
    bx, by = T.cta_id([4, 3])
    r, q = T.cta_id_in_cluster([2, 2])
    tx = T.thread_id([32])
    A[tx] = T.float32(r + q)
