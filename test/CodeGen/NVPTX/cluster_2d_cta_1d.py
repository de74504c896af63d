# RUN: %tirx-llc %s --mcpu=sm_100a --emit=ptx -o - | FileCheck %s
# A 2-D cluster [2, 1] with a 1-D T.cta_id (TVM's 2-SM GEMMs): the grid stays
# 1-D, the cluster is (2, 1, 1) and cta_id_in_cluster reads cluster_ctaid.x/.y.
# CHECK: .reqnctapercluster 2, 1, 1
# CHECK-DAG: %ctaid.x
# CHECK-DAG: %cluster_ctaid.x
# CHECK-DAG: %cluster_ctaid.y
@T.prim_func
def k(A: T.Buffer((1024,), "int32")):
    T.device_entry()
    cbx, cby = T.cta_id_in_cluster([2, 1])
    bx = T.cta_id([148])
    tx = T.thread_id([128])
    A[bx * 4 + cbx * 2 + cby] = tx
