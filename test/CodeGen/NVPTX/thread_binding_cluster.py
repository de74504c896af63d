# RUN: %tirx-llc %s --mcpu=sm_100a --emit=ptx -o - | FileCheck %s
# RUN: %tirx-llc %s --mcpu=sm_90a --emit=cubin -o %t.cubin
# A thread_binding loop over "clusterCtaIdx.x" (TVM prints it inside 2-SM
# kernels) is not a loop: its variable is the CTA's rank in the cluster,
# %cluster_ctarank as in TVM's CUDA; .y reads %cluster_ctaid.y.  The extent
# does not add to the block shape (no %ntid use).
# CHECK-DAG: %cluster_ctarank
# CHECK-DAG: %cluster_ctaid.y
# CHECK-NOT: %tid.y
@T.prim_func
def k(A: T.Buffer((1024,), "int32")):
    T.device_entry()
    bx = T.cta_id([64])
    tx = T.thread_id([128])
    if tx == 0:
        for c in T.thread_binding(2, thread="clusterCtaIdx.x"):
            for d in T.thread_binding(2, thread="clusterCtaIdx.y"):
                A[bx * 4 + c * 2 + d] = 1
