# gemm_async, tcgen05 (lib/Transforms/Tile/gemm_async.c): the M = 64 folded datapaths with A in
# tensor memory, as TVM 0.27 takes them.  Datapath E (cta_group 1 .ws, M = 64) reads A from both
# 64-lane halves: A is the batched A[2, M, K] ((2, M, K):(64@TLane, 1@TLane, 1@TCol), the second
# half a copy of the first in lanes 64..127); C is the packed C (M, 2, N / 2):(1@TLane,
# 64@TLane, 1@TCol) or the batched C[2, M, N / 2] ((2, M, N / 2):(64@TLane, 1@TLane, 1@TCol)),
# either of which implies .ws.  Datapath B (cta_group 2, M = 64 per CTA) takes a [M, K] A whose
# rows are mirrored into lanes 64..127 (+ R[2:64@TLane]).  The A operand is the address of its
# first column, each k16 step 8 columns on.
# RUN: %tirx-opt --mcpu=sm_100a --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
# RUN: %tirx-llc --mcpu=sm_100a --emit=ptx %s -o - | FileCheck %s --check-prefix=PTX
# PTX: tcgen05.mma.ws.cta_group::1.kind::f16 [%r{{[0-9]+}}], [%r{{[0-9]+}}], %rd{{[0-9]+}}
# PTX: tcgen05.mma.cta_group::2.kind::f16 [%r{{[0-9]+}}], [%r{{[0-9]+}}], %rd{{[0-9]+}}

# packed C, no weight_stationary= (inferred): idesc M 64, N 128 = 0x04200490 (bf16).
# CHECK-LABEL: def packed_c
# CHECK: T.ptx["tcgen05.mma.ws.cta_group::1.kind::f16"](T.uint32(400), T.uint32(256), descB_{{[0-9]+}}, T.uint32(69207184), T.bool(False), T.uint64(0))
# CHECK-NOT: tcgen05.mma
@T.prim_func
def packed_c():
    T.device_entry()
    tid = T.thread_id([128])
    B_smem = T.alloc_shared((128, 16), "bfloat16", align=256, layout=T.ComposeLayout(3, 1, 3, T.TileLayout(T.S[2048:1])))
    A_tmem = T.decl_buffer((2, 64, 16), "bfloat16", scope="tmem", layout=T.TileLayout(T.S[(2, 64, 16):(64 @ Axis.TLane, 1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=256)
    C_tmem = T.decl_buffer((64, 128), scope="tmem", layout=T.TileLayout(T.S[(64, 2, 64):(1 @ Axis.TLane, 64 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=400)
    if tid == 0:
        T.tile.gemm_async(C_tmem[0:64, 0:128], A_tmem[0:2, 0:64, 0:16], B_smem[0:128, 0:16], False, False, False)

# batched C[2, 64, 64], K = 32: two k16 steps, A's second 8 columns on.
# CHECK-LABEL: def batched_c
# CHECK: T.ptx["tcgen05.mma.ws.cta_group::1.kind::f16"](T.uint32(400), T.uint32(256), descB_{{[0-9]+}}, T.uint32(69207184), T.bool(False), T.uint64(0))
# CHECK-NEXT: T.ptx["tcgen05.mma.ws.cta_group::1.kind::f16"](T.uint32(400), T.uint32(264), descB_{{[0-9]+}} + T.uint64(2), T.uint32(69207184), T.bool(True), T.uint64(0))
@T.prim_func
def batched_c():
    T.device_entry()
    tid = T.thread_id([128])
    B_smem = T.alloc_shared((128, 32), "bfloat16", align=512, layout=T.ComposeLayout(3, 2, 3, T.TileLayout(T.S[4096:1])))
    A_tmem = T.decl_buffer((2, 64, 32), "bfloat16", scope="tmem", layout=T.TileLayout(T.S[(2, 64, 32):(64 @ Axis.TLane, 1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=256)
    C_tmem = T.decl_buffer((2, 64, 64), scope="tmem", layout=T.TileLayout(T.S[(2, 64, 64):(64 @ Axis.TLane, 1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=400)
    if tid == 0:
        T.tile.gemm_async(C_tmem[0:2, 0:64, 0:64], A_tmem[0:2, 0:64, 0:32], B_smem[0:128, 0:32], False, False, False)

# cta_group 2, M = 64 per CTA (datapath B): A [64, 32] mirrored into lanes 64..127 at column 64
# of a runtime allocation; idesc M 128, N 128 = 0x08200490.
# CHECK-LABEL: def cta2_mirrored_a
# CHECK: T.ptx["tcgen05.mma.cta_group::2.kind::f16"](slot[0], slot[0] + T.uint32(64), descB_{{[0-9]+}}, T.uint32(136316048), {{.*}}, T.bool(False))
# CHECK-NEXT: T.ptx["tcgen05.mma.cta_group::2.kind::f16"](slot[0], slot[0] + T.uint32(64) + T.uint32(8), descB_{{[0-9]+}} + T.uint64(2), T.uint32(136316048), {{.*}}, T.bool(True))
@T.prim_func
def cta2_mirrored_a():
    T.device_entry()
    warp_id = T.warp_id([4])
    tid = T.thread_id([128])
    B_smem = T.alloc_shared((64, 32), "bfloat16", align=512, layout=T.ComposeLayout(3, 2, 3, T.TileLayout(T.S[2048:1])))
    slot = T.alloc_shared((1,), "uint32")
    if warp_id == 0:
        T.ptx.tcgen05.alloc.cta_group__2.sync.aligned.shared__cta.b32(T.address_of(slot[0]), T.uint32(256))
    T.cuda.cta_sync()
    C_tmem = T.decl_buffer((64, 128), scope="tmem", layout=T.TileLayout(T.S[(64, 2, 64):(1 @ Axis.TLane, 64 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=slot[0])
    A_tmem = T.decl_buffer((64, 32), "bfloat16", scope="tmem", layout=T.TileLayout(T.S[(64, 32):(1 @ Axis.TLane, 1 @ Axis.TCol)] + T.R[2:64 @ Axis.TLane]), allocated_addr=slot[0] + T.uint32(64))
    if tid == 0:
        T.tile.gemm_async(C_tmem[0:64, 0:128], A_tmem[0:64, 0:32], B_smem[0:64, 0:32], False, False, False, cta_group=2)
