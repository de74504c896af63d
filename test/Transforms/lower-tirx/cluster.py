# RUN: %tirx-opt --pass-pipeline=lower-tirx %s | FileCheck %s
# RUN: %tirx-opt --pass-pipeline=lower-tirx --verify-roundtrip %s > /dev/null
# CHECK-LABEL: {{^}}def clusters(A: T.Buffer((1024,), "float32")):
# CHECK-NEXT: {{^}}    T.device_entry()
# CHECK-NEXT: {{^}}    T.attr({"tirx.cluster_dims": [2, 1, 1]})
# CHECK-NEXT: {{^}}    blockIdx_x = T.launch_thread("blockIdx.x", 8)
# CHECK-NEXT: {{^}}    tx = T.launch_thread("threadIdx.x", 128)
# CHECK-NEXT: {{^}}    c: T.let[T.int32] = T.cuda.mov_sreg(32, "clusterid.x")
# CHECK-NEXT: {{^}}    r: T.let[T.int32] = T.cuda.mov_sreg(32, "cluster_ctarank")
# CHECK-NEXT: {{^}}    p: T.let[T.int32] = T.cuda.mov_sreg(32, "cluster_ctarank") % 2
# CHECK-NEXT: {{^}}    A[(c * 2 + r) * 128 + tx] = T.Cast("float32", p)
# cluster_id([4]) + cta_id_in_cluster([2]) give gridDim.x = 8 total CTAs and a cluster of 2
# (tirx.cluster_dims); a 1-D cluster reads %cluster_ctarank; cta_id_in_pair is rank % 2.
@T.prim_func
def clusters(A: T.Buffer((1024,), "float32")):
    T.device_entry()
    c = T.cluster_id([4])
    r = T.cta_id_in_cluster([2])
    p = T.cta_id_in_pair()
    tx = T.thread_id([128])
    A[(c * 2 + r) * 128 + tx] = T.float32(p)
