# copy_async tma_auto into a shared tile that holds the region as row-major runs side by
# side (apache/tvm's test_dispatch_propagates_flat_bind_to_auto_coordinate_proof: a 16 x 128
# region stored as two 16 x 64 halves 1024 elements apart): the innermost dimension is
# issued in 64-wide boxes, each into its half (it failed with "not one contiguous
# row-major run of shared memory").
# RUN: %tirx-opt --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-opt --pass-pipeline=default %s | FileCheck %s --check-prefix=PLAN
# RUN: %tirx-llc --mcpu=sm_90a --emit=ptx %s | FileCheck %s --check-prefix=PTX
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
@T.prim_func
def bind_coordinate(D: T.Buffer((33360, 6144), "bfloat16")):
    T.attr({"tirx.device_entry": T.bool(True)})
    block = T.cta_id([192])
    tid = T.thread_id([1])
    D_smem = T.alloc_buffer((2, 16, 128), "bfloat16", scope="shared.dyn", layout=T.TileLayout(T.S[(2, 16, 2, 64):(2048, 64, 1024, 1)]))
    d_n: T.let[T.int32] = block * 128
    if tid == 0:
        T.tile.copy_async(D[0:16, d_n:d_n + 128], D_smem[0, 0:16, 0:128], dispatch="tma_auto")
# CHECK: for issue_0 in T.unroll(2):
# CHECK-NEXT: T.ptx["cp.async.bulk.tensor.global.shared::cta.bulk_group"](D_tensormap, d_n + issue_0 * 64, 0, T.address_of(D_smem[0, issue_0 * 64 // 128, issue_0 * 64 % 128]))
# PLAN: tensor map D_tensormap = D.data: bfloat16 globalDim=(6144, 33360) globalStrides=(12288) boxDim=(64, 16) elementStrides=(1, 1) interleave=0 swizzle=0 l2=2 oob=0
# PTX: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}], [__tirx_dyn_smem];
# PTX: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}], [__tirx_dyn_smem+2048];
