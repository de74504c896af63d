# copy_async tma_auto plans its box from the shared tile's iteration order (as TVM 0.27's
# tma_auto): a region the shared tile holds as several row-major boxes goes in an unrolled
# loop of boxes over every dimension a box leaves (apache/tvm's
# test_gemm_tcgen05_arbitrary_tiles: K in two 128-byte swizzled halves, a batch of 3 apart),
# a transposed global view's stride-1 dimension is the map's innermost (MN-major operands:
# box 64 x 8), a region over 256 in an inner dimension is boxed too, and tma_dtype="tf32"
# encodes the float32 map as TFLOAT32.  Each failed with "not one contiguous row-major run"
# / "the innermost dimension of 'At' is not contiguous" / "tma_dtype= is not supported yet".
# RUN: %tirx-opt --mcpu=sm_100a --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-opt --mcpu=sm_100a --pass-pipeline=default %s | FileCheck %s --check-prefix=PLAN
# RUN: %tirx-llc --mcpu=sm_100a --emit=ptx %s | FileCheck %s --check-prefix=PTX
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
@T.prim_func
def boxes(A: T.Buffer((3, 128, 128), "float16"), At: T.Buffer((3, 128, 128), "float16", layout=T.TileLayout(T.S[(3, 128, 128):(16384, 1, 128)])), L: T.Buffer((2, 512), "float16"), F: T.Buffer((128, 64), "float32")):
    T.device_entry()
    T.cta_id([1])
    tx = T.thread_id([128])
    As = T.alloc_shared((3, 128, 128), "float16", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(3, 128, 2, 64):(16384, 64, 8192, 1)])))
    Ats = T.alloc_shared((3, 128, 128), "float16", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(3, 2, 64, 16, 8):(16384, 512, 1, 1024, 64)])))
    Ls = T.alloc_shared((2, 512), "float16", align=128)
    Fs = T.alloc_shared((128, 64), "float32", align=1024, layout=T.ComposeLayout(2, 3, 3, T.TileLayout(T.S[(128, 2, 32):(32, 4096, 1)])))
    bar = T.alloc_shared((1,), "uint64")
    if tx == 0:
        T.tile.copy_async(As[0:3, 0:128, 0:128], A[0:3, 0:128, 0:128], dispatch="tma_auto", mbar=bar.ptr_to([0]))
        T.tile.copy_async(Ats[0:3, 0:128, 0:128], At[0:3, 0:128, 0:128], dispatch="tma_auto", mbar=bar.ptr_to([0]))
        T.tile.copy_async(Ls[0:2, 0:512], L[0:2, 0:512], dispatch="tma_auto", mbar=bar.ptr_to([0]))
        T.tile.copy_async(Fs[0:128, 0:64], F[0:128, 0:64], dispatch="tma_auto", mbar=bar.ptr_to([0]), tma_dtype="tf32")
# CHECK-LABEL: def boxes(
# CHECK: for issue_0 in T.unroll(6):
# CHECK-NEXT: T.ptx["cp.async.bulk.tensor.shared::cluster.global.mbarrier::complete_tx::bytes"](T.address_of(As[(issue_0 % 2 * 64 + issue_0 // 2 * 16384) // 16384, (issue_0 % 2 * 64 + issue_0 // 2 * 16384) // 128 % 128, (issue_0 % 2 * 64 + issue_0 // 2 * 16384) % 128]), A_tensormap, issue_0 % 2 * 64, 0, issue_0 // 2, T.address_of(bar[0]))
# CHECK: for issue_1 in T.unroll(96):
# CHECK-NEXT: T.ptx["cp.async.bulk.tensor.shared::cluster.global.mbarrier::complete_tx::bytes"](T.address_of(Ats[(issue_1 % 2 * 8192 + issue_1 // 2 % 16 * 8 + issue_1 // 32 * 16384) // 16384, {{.*}}]), At_tensormap, issue_1 % 2 * 64, issue_1 // 2 % 16 * 8, issue_1 // 32, T.address_of(bar[0]))
# CHECK: for issue_2 in T.unroll(4):
# CHECK-NEXT: T.ptx["cp.async.bulk.tensor.shared::cluster.global.mbarrier::complete_tx::bytes"](T.address_of(Ls[{{.*}}]), L_tensormap, issue_2 % 2 * 256, issue_2 // 2, T.address_of(bar[0]))
# CHECK: for issue_3 in T.unroll(2):
# CHECK-NEXT: T.ptx["cp.async.bulk.tensor.shared::cluster.global.mbarrier::complete_tx::bytes"](T.address_of(Fs[issue_3 * 32 // 64, issue_3 * 32 % 64]), F_tensormap, issue_3 * 32, 0, T.address_of(bar[0]))
# PLAN: tensor map A_tensormap = A.data: float16 globalDim=(128, 128, 3) globalStrides=(256, 32768) boxDim=(64, 128, 1) elementStrides=(1, 1, 1) interleave=0 swizzle=3 l2=2 oob=0
# PLAN: tensor map At_tensormap = At.data: float16 globalDim=(128, 128, 3) globalStrides=(256, 32768) boxDim=(64, 8, 1) elementStrides=(1, 1, 1) interleave=0 swizzle=3 l2=2 oob=0
# PLAN: tensor map L_tensormap = L.data: float16 globalDim=(512, 2) globalStrides=(1024) boxDim=(256, 1) elementStrides=(1, 1) interleave=0 swizzle=0 l2=2 oob=0
# PLAN: tensor map F_tensormap = F.data: float32 globalDim=(64, 128) globalStrides=(256) boxDim=(32, 128) elementStrides=(1, 1) interleave=0 swizzle=3 l2=2 oob=0 force_cu_dtype=11
# The A copy's six boxes, 16 KiB apart (a K half) and 32 KiB (a batch):
# PTX: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [{{.*}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}], [{{.*}}];
# PTX-COUNT-5: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
