# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# cluster_id([3]) x cta_id_in_cluster([2]) gives kernel -> cta = 6; a symbolic
# warp_id extent is not checked.
@T.prim_func
def f(A: T.Buffer((8,), "float32"), n: T.int32):
    T.device_entry()
    w = T.warp_id([n])
    l = T.lane_id([32])
    c = T.cluster_id([3])
    ci = T.cta_id_in_cluster([2])
    # CHECK: scope_id_cluster.py:[[@LINE+1]]:11: error: inconsistent scope id extents: kernel -> cta is 7 here, but 6 from the other scope ids
    b = T.cta_id([7])
    A[0] = T.float32(0.0)
