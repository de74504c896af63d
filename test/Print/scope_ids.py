# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# Scope ids: several vars from one call, extents as a list, preferred=, dtype= only
# when not int32, the deferred form T.warp_id(), T.cta_id_in_pair() without extents.
# CHECK:@T.prim_func
# CHECK-NEXT:def ids(A: T.Buffer((256,), "float32")):
# CHECK-NEXT:    T.device_entry()
# CHECK-NEXT:    bx, by = T.cta_id([4, 2])
# CHECK-NEXT:    cl = T.cluster_id([4])
# CHECK-NEXT:    c = T.cta_id_in_cluster([2], preferred=[4])
# CHECK-NEXT:    p = T.cta_id_in_pair()
# CHECK-NEXT:    wg = T.warpgroup_id([2], dtype="uint32")
# CHECK-NEXT:    w = T.warp_id()
# CHECK-NEXT:    l = T.lane_id([32])
# CHECK-NEXT:    tx, ty = T.thread_id([128, 2])
# CHECK-NEXT:    A[tx] = T.float32(0.0)

@T.prim_func
def ids(A: T.Buffer((256,), "float32")):
    T.device_entry()
    bx, by = T.cta_id([4, 2])
    cl = T.cluster_id([4])
    c = T.cta_id_in_cluster([2], preferred=[4])
    p = T.cta_id_in_pair()
    wg = T.warpgroup_id([2], dtype="uint32")
    w = T.warp_id()
    l = T.lane_id([32])
    tx, ty = T.thread_id([128, 2])
    A[tx] = T.float32(0.0)
