# RUN: %tirx-opt %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# CHECK-LABEL: @T.prim_func
# CHECK-NEXT: {{^}}def f(A: T.Buffer((128,), "float32")):
# CHECK-NEXT: {{^}}    T.device_entry()
# CHECK-NEXT: {{^}}    T.attr({"tirx.launch_bounds_min_blocks_per_sm": 2})
# CHECK-NEXT: {{^}}    cx = T.cluster_id([4])
# CHECK-NEXT: {{^}}    c = T.cta_id_in_cluster([2], preferred=[4])
# CHECK-NEXT: {{^}}    bx, by = T.cta_id([4, 2])
# CHECK-NEXT: {{^}}    wg = T.warpgroup_id([1])
# CHECK-NEXT: {{^}}    w = T.warp_id_in_wg([4])
# CHECK-NEXT: {{^}}    lane = T.lane_id([32], dtype="uint32")
# CHECK-NEXT: {{^}}    t = T.thread_id([128])
# CHECK-NEXT: {{^}}    A[t] = T.float32(0.0)
# Scope ids: multi-dim, deferred, dtype and preferred keywords.
@T.prim_func
def f(A: T.Buffer((128,), "float32")):
    T.device_entry()
    T.attr({"tirx.launch_bounds_min_blocks_per_sm": 2})
    cx = T.cluster_id([4])
    c = T.cta_id_in_cluster([2], preferred=[4])
    bx, by = T.cta_id([4, 2])
    wg = T.warpgroup_id([1])
    w = T.warp_id_in_wg([4])
    lane = T.lane_id([32], dtype="uint32")
    t = T.thread_id([128])
    A[t] = T.float32(0.0)
