# RUN: %tirx-opt --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-llc %s --mcpu=sm_90a --emit=ptx -o - | FileCheck %s --check-prefix=PTX
# TVM's warp lane pattern (reduction.c): a source spread over the warp's 32 lanes into a
# destination replicated over laneid reduces each thread's k-th element across the lanes,
# whatever the axes say -- apache/tvm's test_reduction_op_warp_shuffle_multi_elem (a 1-d
# source of 32 x 4) and _gapped_permuted_storage (per-thread elements 2 and 4 apart), which
# failed with "the destination has 4 elements but the source keeps 1".
# PTX: shfl.sync.bfly.b32
from tvm.tirx.layout import Axis


# CHECK-LABEL: def multi_elem
# CHECK: for k_1 in T.unroll(4):
# CHECK-NEXT: red_acc_0 = src_view_local[k_1]
# CHECK-NEXT: red_acc_0 = red_acc_0 + T.cuda.__shfl_xor_sync(T.uint32(4294967295), red_acc_0, 16, 32)
# CHECK: red_acc_0 = red_acc_0 + T.cuda.__shfl_xor_sync(T.uint32(4294967295), red_acc_0, 1, 32)
# CHECK-NEXT: dst_view_local[k_1] = red_acc_0
@T.prim_func
def multi_elem(A: T.Buffer((128,), "float32"), B: T.Buffer((4,), "float32")):
    T.attr({"tirx.device_entry": T.bool(True)})
    cta_id = T.cta_id([1])
    warp_id = T.warp_id([1])
    lane_id = T.lane_id([32])
    src_local = T.alloc_local((4,))
    dst_local = T.alloc_local((4,))
    for i in range(4):
        src_local[i] = A[lane_id * 4 + i]
    src_view = src_local.view(128, layout=T.TileLayout(T.S[(32, 4):(1 @ Axis.laneid, 1)]))
    dst_view = T.decl_buffer((4,), data=dst_local.data, scope="local", layout=T.TileLayout(T.S[4:1] + T.R[32:1 @ Axis.laneid]))
    T.warp.sum(dst_view[0:4], src_view[0:128], [-1], False)
    for i in range(4):
        B[i] = dst_local[i]


# A group of 8 lanes (R[8:1@laneid]): masks 4, 2, 1; the local elements 2 and 4 apart; accum
# joins the old value.
# CHECK-LABEL: def gapped
# CHECK: for k_1 in T.unroll(4):
# CHECK-NEXT: red_acc_0 = src_view_local[k_1 // 2 * 2 + k_1 % 2 * 4]
# CHECK-NEXT: red_acc_0 = T.max(red_acc_0, T.cuda.__shfl_xor_sync(T.uint32(4294967295), red_acc_0, 4, 32))
# CHECK-NEXT: red_acc_0 = T.max(red_acc_0, T.cuda.__shfl_xor_sync(T.uint32(4294967295), red_acc_0, 2, 32))
# CHECK-NEXT: red_acc_0 = T.max(red_acc_0, T.cuda.__shfl_xor_sync(T.uint32(4294967295), red_acc_0, 1, 32))
# CHECK-NEXT: dst_view_local[k_1 // 2 * 2 + k_1 % 2 * 4] = T.max(dst_view_local[k_1 // 2 * 2 + k_1 % 2 * 4], red_acc_0)
@T.prim_func
def gapped(A: T.Buffer((32, 2, 2), "float32"), B: T.Buffer((2, 2), "float32")):
    T.attr({"tirx.device_entry": T.bool(True)})
    _cta_id = T.cta_id([1])
    _warp_id = T.warp_id([1])
    lane_id = T.lane_id([32])
    src_local = T.alloc_local((7,))
    dst_local = T.alloc_local((7,))
    src_view = src_local.view(32, 2, 2, layout=T.TileLayout(T.S[(32, 2, 2):(1 @ Axis.laneid, 2, 4)]))
    dst_view = dst_local.view(2, 2, layout=T.TileLayout(T.S[(2, 2):(2, 4)] + T.R[8:1 @ Axis.laneid]))
    for i, j in T.grid(2, 2):
        src_local[i * 2 + j * 4] = A[lane_id, i, j]
        dst_local[i * 2 + j * 4] = T.float32(0)
    T.warp.max(dst_view[0:2, 0:2], src_view[0:32, 0:2, 0:2], [-1], True)
    for i, j in T.grid(2, 2):
        B[i, j] = dst_local[i * 2 + j * 4]
