# RUN: %tirx-opt %s | FileCheck %s
# Consistent hierarchies verify: warpgroup x warp-in-warpgroup x lane = 256
# threads = thread_id([256]); cluster x cta-in-cluster = 6 CTAs = cta_id([6]).
# CHECK: def f(
@T.prim_func
def f(A: T.Buffer((8,), "float32")):
    T.device_entry()
    wg = T.warpgroup_id([2])
    w = T.warp_id_in_wg([4])
    l = T.lane_id([32])
    tx = T.thread_id([256])
    t = T.thread_id_in_wg([128])
    c = T.cluster_id([3])
    ci = T.cta_id_in_cluster([2])
    b = T.cta_id([6])
    A[0] = T.float32(0.0)
