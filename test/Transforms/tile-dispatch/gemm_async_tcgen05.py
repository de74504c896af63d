# gemm_async, tcgen05 (lib/Transforms/Tile/gemm_async.c, sm_100a / sm_103a): one thread (or
# lane 0 of a warp) issues tcgen05.mma.cta_group::1 per N block and K step into C in tensor
# memory (the M = 128 datapath: row i in lane i); A and B K-major in shared memory, their
# descriptors (version 1 at bit 46, layout code at bit 61) read off the layouts; the
# instruction descriptor a constant.  C's allocated_addr may be a load of the word
# tcgen05.alloc wrote (the form TVM 0.27 cannot lower).  For sm_90a the variant is skipped
# and the error says why (errors_gemm_async_arch.py covers the located message).
# RUN: %tirx-opt --mcpu=sm_100a --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_103a --emit=cubin %s -o %t.sm_103a %}
# RUN: %tirx-llc --mcpu=sm_100a --emit=ptx %s -o - | FileCheck %s --check-prefix=PTX
# RUN: not %tirx-llc --mcpu=sm_90a --emit=ptx %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM90
# PTX: tcgen05.mma.cta_group::1.kind::f16
# PTX: tcgen05.mma.cta_group::1.kind::f8f6f4
# PTX: tcgen05.mma.cta_group::1.kind::tf32
# SM90: error: T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: tcgen05 needs sm_100a .. sm_103a (compiling for sm_90a))

# f16, 128-byte swizzle, C the columns 256 .. 511 of a 512-column allocation whose address
# is the shared word tcgen05.alloc wrote; N = 256, K = 64: four k16 steps.  Descriptor
# high bits: LBO 1, SBO 64 (1024 bytes), version 1, layout 2 (128B); idesc: D f32, M 128,
# N 256 = 0x08400010.
# CHECK-LABEL: def f16_sw128
# CHECK: if tid == 0:
# CHECK-NEXT: descA_{{[0-9]+}}: T.let[T.uint64] = T.bitwise_or(T.uint64(4611756662049538048), T.Cast("uint64", T.shift_right(T.bitwise_and(T.cuda.cvta_generic_to_shared(T.address_of(A_smem[0, 0])), T.uint32(262143)), T.uint32(4))))
# CHECK-NEXT: descB_{{[0-9]+}}: T.let[T.uint64] = T.bitwise_or(T.uint64(4611756662049538048), {{.*}}B_smem[0, 0]{{.*}}
# CHECK-NEXT: T.ptx["tcgen05.mma.cta_group::1.kind::f16"](slot[0] + T.uint32(256), descA_{{[0-9]+}}, descB_{{[0-9]+}}, T.uint32(138412048), T.uint32(0), T.uint32(0), T.uint32(0), T.uint32(0), T.bool(False))
# CHECK-NEXT: T.ptx["tcgen05.mma.cta_group::1.kind::f16"](slot[0] + T.uint32(256), descA_{{[0-9]+}} + T.uint64(2), descB_{{[0-9]+}} + T.uint64(2), T.uint32(138412048), {{.*}}, T.bool(True))
# CHECK-NEXT: T.ptx["tcgen05.mma.cta_group::1.kind::f16"]({{.*}} + T.uint64(4), {{.*}}
# CHECK-NEXT: T.ptx["tcgen05.mma.cta_group::1.kind::f16"]({{.*}} + T.uint64(6), {{.*}}
@T.prim_func
def f16_sw128():
    T.device_entry()
    warp_id = T.warp_id([4])
    tid = T.thread_id([128])
    A_smem = T.alloc_shared((128, 64), "float16", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(128, 64):(64, 1)])))
    B_smem = T.alloc_buffer((256, 64), "float16", scope="shared.dyn", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(256, 64):(64, 1)])))
    slot = T.alloc_shared((1,), "uint32")
    if warp_id == 0:
        T.ptx.tcgen05.alloc.cta_group__1.sync.aligned.shared__cta.b32(T.address_of(slot[0]), T.uint32(512))
    T.cuda.cta_sync()
    C_tmem = T.decl_buffer((128, 512), scope="tmem", layout=T.TileLayout(T.S[(128, 512):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=slot[0])
    if tid == 0:
        T.tile.gemm_async(C_tmem[0:128, 256:512], A_smem[0:128, 0:64], B_smem[0:256, 0:64], False, False, False)

# bf16 at warp scope (lane 0 issues), accum a runtime bool, mma_n=64 splitting N = 128 into
# two instructions (B's second block 64 rows = 8192 bytes on: 512), a K slice starting 16
# elements into the swizzle rows (the 32 bytes on: 2), a constant allocated_addr.
# CHECK-LABEL: def bf16_warp
# CHECK: if lane_{{[0-9a-z_]+}} == 0:
# CHECK: T.ptx["tcgen05.mma.cta_group::1.kind::f16"](T.uint32(64), descA_{{[0-9]+}}, descB_{{[0-9]+}}, T.uint32(135267472), {{.*}}, k > 0)
# CHECK-NEXT: T.ptx["tcgen05.mma.cta_group::1.kind::f16"](T.uint32(128), descA_{{[0-9]+}}, descB_{{[0-9]+}} + T.uint64(512), T.uint32(135267472), {{.*}}, k > 0)
# CHECK-NOT: tcgen05.mma
@T.prim_func
def bf16_warp(k: T.int32):
    T.device_entry()
    warp_id = T.warp_id([4])
    T.lane_id([32])
    A_smem = T.alloc_shared((128, 64), "bfloat16", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(128, 64):(64, 1)])))
    B_smem = T.alloc_buffer((128, 64), "bfloat16", scope="shared.dyn", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(128, 64):(64, 1)])))
    C_tmem = T.decl_buffer((128, 256), scope="tmem", layout=T.TileLayout(T.S[(128, 256):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=64)
    if warp_id == 1:
        T.warp.gemm_async(C_tmem[0:128, 0:128], A_smem[0:128, 16:32], B_smem[0:128, 16:32], False, False, k > 0, mma_m=128, mma_n=64)

# float8 (kind::f8f6f4, k32; e4m3 A format 0, e5m2 B format 1), 64-byte swizzle (layout
# code 4); tf32 (kind::tf32, k8, is_AB_tf32=True), 32-byte swizzle (layout code 6).
# CHECK-LABEL: def f8_tf32
# CHECK: T.ptx["tcgen05.mma.cta_group::1.kind::f8f6f4"](T.uint32(0), {{.*}}, T.uint32(135267344), {{.*}}, T.bool(False))
# CHECK: T.ptx["tcgen05.mma.cta_group::1.kind::tf32"](T.uint32(128), {{.*}}, T.uint32(135268624), {{.*}}, T.bool(False))
@T.prim_func
def f8_tf32():
    T.device_entry()
    T.warp_id([4])
    tid = T.thread_id([128])
    A8 = T.alloc_shared((128, 64), "float8_e4m3fn", align=1024, layout=T.ComposeLayout(4, 2, 3, T.TileLayout(T.S[(128, 64):(64, 1)])))
    B8 = T.alloc_shared((64, 64), "float8_e5m2", align=1024, layout=T.ComposeLayout(4, 2, 3, T.TileLayout(T.S[(64, 64):(64, 1)])))
    A32 = T.alloc_shared((128, 8), "float32", align=256, layout=T.ComposeLayout(2, 1, 3, T.TileLayout(T.S[(128, 8):(8, 1)])))
    B32 = T.alloc_shared((64, 8), "float32", align=256, layout=T.ComposeLayout(2, 1, 3, T.TileLayout(T.S[(64, 8):(8, 1)])))
    C_tmem = T.decl_buffer((128, 256), scope="tmem", layout=T.TileLayout(T.S[(128, 256):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    if tid == 0:
        T.tile.gemm_async(C_tmem[0:128, 0:64], A8[0:128, 0:64], B8[0:64, 0:64], False, False, False)
        T.tile.gemm_async(C_tmem[0:128, 128:192], A32[0:128, 0:8], B32[0:64, 0:8], False, False, False, is_AB_tf32=True)

# cta_group=2, TVM's per-CTA view: C [M, N], A [M, K], B [N / 2, K] in each CTA of the pair.
# M = 128 per CTA: the pair's M = 256 (idesc M field 16), datapath A (identity); M = 64: the
# pair's M = 128, datapath B (the instruction's column halves in lanes 0..63 and 64..127):
# with N = 128 in two n64 instructions the second one's columns start at 32.  Unswizzled
# core-matrix operands (LBO 1024 / 512 bytes, SBO 128; B's second block 512 bytes on: 32).
# Eight disable-output-lane words.
# CHECK-LABEL: def pair
# CHECK: T.ptx["tcgen05.mma.cta_group::2.kind::f16"](T.uint32(0), descA_{{[0-9]+}}, descB_{{[0-9]+}}, T.uint32(269484048), T.uint32(0), T.uint32(0), T.uint32(0), T.uint32(0), T.uint32(0), T.uint32(0), T.uint32(0), T.uint32(0), T.bool(False))
# CHECK: T.ptx["tcgen05.mma.cta_group::2.kind::f16"](T.uint32(128), descA_{{[0-9]+}}, descB_{{[0-9]+}}, T.uint32(135266320), {{.*}}, T.bool(False))
# CHECK-NEXT: T.ptx["tcgen05.mma.cta_group::2.kind::f16"](T.uint32(160), descA_{{[0-9]+}}, descB_{{[0-9]+}} + T.uint64(32), T.uint32(135266320), {{.*}}, T.bool(False))
# PTX: tcgen05.mma.cta_group::2.kind::f16
@T.prim_func
def pair():
    T.device_entry()
    T.cta_id([2])
    T.cta_id_in_cluster([2])
    tid = T.thread_id([128])
    A128 = T.alloc_shared((128, 16), "float16", layout=T.TileLayout(T.S[(128, 2, 8):(8, 1024, 1)]))
    A64 = T.alloc_shared((64, 16), "float16", layout=T.TileLayout(T.S[(64, 2, 8):(8, 512, 1)]))
    B = T.alloc_shared((64, 16), "float16", layout=T.TileLayout(T.S[(64, 2, 8):(8, 512, 1)]))
    C = T.decl_buffer((128, 128), scope="tmem", layout=T.TileLayout(T.S[(128, 128):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    Cb = T.decl_buffer((64, 128), scope="tmem", layout=T.TileLayout(T.S[(64, 2, 2, 32):(1 @ Axis.TLane, 32 @ Axis.TCol, 64 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=128)
    if tid == 0:
        T.tile.gemm_async(C[0:128, 0:64], A128[0:128, 0:16], B[0:32, 0:16], False, False, False, cta_group=2)
        T.tile.gemm_async(Cb[0:64, 0:128], A64[0:64, 0:16], B[0:64, 0:16], False, False, False, cta_group=2, mma_m=128, mma_n=64)
