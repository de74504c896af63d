# gemm_async, tcgen05 block-scaled kinds (lib/Transforms/Tile/gemm_async.c, sm_100a): C, A, B,
# SFA, SFB with the scale factors in tensor memory in TVM's atom layout (32 rows in lanes
# 0..31, copied to the four lane quarters, a K step's scale factors in one 32-bit column).
# One tcgen05.mma.block_scale per N block and K step, operands d, a-desc, b-desc, idesc,
# [sfa], [sfb], enable-input-d; the scale-factor address is allocated_addr + lane << 16 +
# column / 4 and the byte within the 32-bit column the instruction descriptor's scale-factor
# id (bits 29..30 for A, 4..5 for B), a constant per instruction.
#   float8_e4m3fn + float8_e8m0fnu scales: kind::mxf8f6f4, scale_vec::1X, k32
#   float4_e2m1fn + float8_e8m0fnu: kind::mxf4, scale_vec::2X, k64
#   float4_e2m1fn + float8_e4m3fn: kind::mxf4nvf4, scale_vec::4X, k64
# RUN: %tirx-opt --mcpu=sm_100a --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
# RUN: %tirx-llc --mcpu=sm_100a --emit=ptx %s -o - | FileCheck %s --check-prefix=PTX
# PTX: tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale.scale_vec::1X [%r{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r{{[0-9]+}}, [%r{{[0-9]+}}], [%r{{[0-9]+}}], %tp0;
# PTX: tcgen05.mma.cta_group::1.kind::mxf4nvf4.block_scale.scale_vec::4X
# PTX: tcgen05.mma.cta_group::1.kind::mxf4.block_scale.scale_vec::2X
# PTX: tcgen05.mma.cta_group::2.kind::mxf8f6f4.block_scale.scale_vec::1X

# fp8, M 128, N 32, K 128: four k32 steps, every one reading the one scale-factor column
# (SFA [128, 1], SFB [32, 1]).  idesc: A / B e4m3 (0), N >> 3 = 4 at 17, e8m0 scales (bit
# 23), M >> 4 = 8 at 24: 0x08880000.  SFA at column 32, SFB at 36.
# CHECK-LABEL: def fp8_shared
# CHECK: T.ptx["tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale.scale_vec::1X"](slot[0], descA_{{[0-9]+}}, descB_{{[0-9]+}}, T.uint32(143130624), T.uint32(32), T.uint32(36), T.bool(False))
# CHECK-NEXT: T.ptx["tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale.scale_vec::1X"](slot[0], descA_{{[0-9]+}} + T.uint64(2), descB_{{[0-9]+}} + T.uint64(2), T.uint32(143130624), T.uint32(32), T.uint32(36), T.bool(True))
# CHECK-NEXT: T.ptx["tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale.scale_vec::1X"]({{.*}} + T.uint64(4), {{.*}}
# CHECK-NEXT: T.ptx["tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale.scale_vec::1X"]({{.*}} + T.uint64(6), {{.*}}
# CHECK-NOT: tcgen05.mma
@T.prim_func
def fp8_shared():
    T.device_entry()
    warp_id = T.warp_id([4])
    tid = T.thread_id([128])
    A_smem = T.alloc_shared((128, 128), "float8_e4m3fn", align=1024, layout=T.ComposeLayout(4, 3, 3, T.TileLayout(T.S[16384:1])))
    B_smem = T.alloc_shared((32, 128), "float8_e4m3fn", align=1024, layout=T.ComposeLayout(4, 3, 3, T.TileLayout(T.S[4096:1])))
    slot = T.alloc_shared((1,), "uint32")
    if warp_id == 0:
        T.ptx.tcgen05.alloc.cta_group__1.sync.aligned.shared__cta.b32(T.address_of(slot[0]), T.uint32(512))
    T.cuda.cta_sync()
    C_tmem = T.decl_buffer((128, 512), scope="tmem", layout=T.TileLayout(T.S[(128, 512):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=slot[0])
    SFA = T.decl_buffer((128, 1), "float8_e8m0fnu", scope="tmem", layout=T.TileLayout(T.S[(4, 32):(4 @ Axis.TCol, 1 @ Axis.TLane)] + T.R[4:32 @ Axis.TLane]), allocated_addr=32)
    SFB = T.decl_buffer((32, 1), "float8_e8m0fnu", scope="tmem", layout=T.TileLayout(T.S[32:1 @ Axis.TLane] + T.R[4:32 @ Axis.TLane]), allocated_addr=36)
    if tid == 0:
        T.tile.gemm_async(C_tmem[0:128, 0:32], A_smem[0:128, 0:128], B_smem[0:32, 0:128], SFA[0:128, 0], SFB[0:32, 0], False, False, False)

# fp8 with one scale factor per K step (SFA [128, 4], SFB [32, 4]), the four packed into one
# 32-bit column: the address stays, the scale-factor id walks 0..3 (| k << 29 | k << 4), the
# C accumulate flag a runtime bool.
# CHECK-LABEL: def fp8_sf_id
# CHECK: T.uint32(143130624), T.uint32(32), T.uint32(36), acc)
# CHECK-NEXT: T.uint32(680001552), T.uint32(32), T.uint32(36), T.bool(True))
# CHECK-NEXT: T.uint32(1216872480), T.uint32(32), T.uint32(36), T.bool(True))
# CHECK-NEXT: T.uint32(1753743408), T.uint32(32), T.uint32(36), T.bool(True))
@T.prim_func
def fp8_sf_id(acc: T.bool):
    T.device_entry()
    tid = T.thread_id([128])
    A_smem = T.alloc_shared((128, 128), "float8_e4m3fn", align=1024, layout=T.ComposeLayout(4, 3, 3, T.TileLayout(T.S[16384:1])))
    B_smem = T.alloc_shared((32, 128), "float8_e4m3fn", align=1024, layout=T.ComposeLayout(4, 3, 3, T.TileLayout(T.S[4096:1])))
    C_tmem = T.decl_buffer((128, 512), scope="tmem", layout=T.TileLayout(T.S[(128, 512):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    SFA = T.decl_buffer((128, 4), "float8_e8m0fnu", scope="tmem", layout=T.TileLayout(T.S[(4, 32, 4):(4 @ Axis.TCol, 1 @ Axis.TLane, 1 @ Axis.TCol)] + T.R[4:32 @ Axis.TLane]), allocated_addr=32)
    SFB = T.decl_buffer((32, 4), "float8_e8m0fnu", scope="tmem", layout=T.TileLayout(T.S[(32, 4):(1 @ Axis.TLane, 1 @ Axis.TCol)] + T.R[4:32 @ Axis.TLane]), allocated_addr=36)
    if tid == 0:
        T.tile.gemm_async(C_tmem[0:128, 0:32], A_smem[0:128, 0:128], B_smem[0:32, 0:128], SFA[0:128, 0:4], SFB[0:32, 0:4], False, False, acc)

# nvfp4: float4_e2m1fn A / B (two to a byte: a 128-byte swizzle row is 256 elements,
# ComposeLayout(5, 3, 3)), float8_e4m3fn scales, four per K step; K = 256: four k64 steps of
# 32 bytes (descriptor + 2 each).  idesc: E2M1 kinds code A / B as 1, e4m3 scales (bit 23
# clear): 0x08080480.
# CHECK-LABEL: def nvfp4
# CHECK: T.ptx["tcgen05.mma.cta_group::1.kind::mxf4nvf4.block_scale.scale_vec::4X"](T.uint32(0), descA_{{[0-9]+}}, descB_{{[0-9]+}}, T.uint32(134743168), T.uint32(32), T.uint32(36), T.bool(False))
# CHECK-NEXT: descA_{{[0-9]+}} + T.uint64(2), descB_{{[0-9]+}} + T.uint64(2), T.uint32(134743168)
@T.prim_func
def nvfp4():
    T.device_entry()
    tid = T.thread_id([128])
    A_smem = T.alloc_shared((128, 256), "float4_e2m1fn", align=1024, layout=T.ComposeLayout(5, 3, 3, T.TileLayout(T.S[32768:1])))
    B_smem = T.alloc_shared((32, 256), "float4_e2m1fn", align=1024, layout=T.ComposeLayout(5, 3, 3, T.TileLayout(T.S[8192:1])))
    C_tmem = T.decl_buffer((128, 512), scope="tmem", layout=T.TileLayout(T.S[(128, 512):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    SFA = T.decl_buffer((128, 4), "float8_e4m3fn", scope="tmem", layout=T.TileLayout(T.S[(4, 32, 4):(4 @ Axis.TCol, 1 @ Axis.TLane, 1 @ Axis.TCol)] + T.R[4:32 @ Axis.TLane]), allocated_addr=32)
    SFB = T.decl_buffer((32, 4), "float8_e4m3fn", scope="tmem", layout=T.TileLayout(T.S[(32, 4):(1 @ Axis.TLane, 1 @ Axis.TCol)] + T.R[4:32 @ Axis.TLane]), allocated_addr=36)
    if tid == 0:
        T.tile.gemm_async(C_tmem[0:128, 0:32], A_smem[0:128, 0:256], B_smem[0:32, 0:256], SFA[0:128, 0:4], SFB[0:32, 0:4], False, False, False)

# mxf4: float4_e2m1fn with e8m0 scales, two per K step; K = 128: two k64 steps, SFA [128, 4]
# one pair per step (the second at byte 2 of the column: id 2); SFB the same.  idesc 0x08880480 (+ id 2: 0x488804a0).
# CHECK-LABEL: def mxf4
# CHECK: kind::mxf4.block_scale.scale_vec::2X"](T.uint32(0), descA_{{[0-9]+}}, descB_{{[0-9]+}}, T.uint32(143131776), T.uint32(32), T.uint32(36), T.bool(False))
# CHECK-NEXT: kind::mxf4.block_scale.scale_vec::2X"](T.uint32(0), descA_{{[0-9]+}} + T.uint64(2), descB_{{[0-9]+}} + T.uint64(2), T.uint32(1216873632), T.uint32(32), T.uint32(36), T.bool(True))
@T.prim_func
def mxf4():
    T.device_entry()
    tid = T.thread_id([128])
    A_smem = T.alloc_shared((128, 128), "float4_e2m1fn", align=1024, layout=T.ComposeLayout(5, 2, 3, T.TileLayout(T.S[16384:1])))
    B_smem = T.alloc_shared((32, 128), "float4_e2m1fn", align=1024, layout=T.ComposeLayout(5, 2, 3, T.TileLayout(T.S[4096:1])))
    C_tmem = T.decl_buffer((128, 512), scope="tmem", layout=T.TileLayout(T.S[(128, 512):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    SFA = T.decl_buffer((128, 4), "float8_e8m0fnu", scope="tmem", layout=T.TileLayout(T.S[(4, 32, 4):(4 @ Axis.TCol, 1 @ Axis.TLane, 1 @ Axis.TCol)] + T.R[4:32 @ Axis.TLane]), allocated_addr=32)
    SFB = T.decl_buffer((32, 4), "float8_e8m0fnu", scope="tmem", layout=T.TileLayout(T.S[(32, 4):(1 @ Axis.TLane, 1 @ Axis.TCol)] + T.R[4:32 @ Axis.TLane]), allocated_addr=36)
    if tid == 0:
        T.tile.gemm_async(C_tmem[0:128, 0:32], A_smem[0:128, 0:128], B_smem[0:32, 0:128], SFA[0:128, 0:4], SFB[0:32, 0:4], False, False, False)

# cta_group 2 with an explicit instruction tile (mma_m = 256, mma_n = 64) splitting N = 128 into
# two instructions: each CTA's B block is 32 rows (1024 bytes: descriptor + 64), so the second instruction's SFB starts at
# row 32 (column 4 of the atom layout: address 132 + 1).  idesc: N 64, M 256: 0x10900000.
# CHECK-LABEL: def cta2_split_n
# CHECK: T.ptx["tcgen05.mma.cta_group::2.kind::mxf8f6f4.block_scale.scale_vec::1X"](T.uint32(0), descA_{{[0-9]+}}, descB_{{[0-9]+}}, T.uint32(277872640), T.uint32(128), T.uint32(132), T.bool(False))
# CHECK-NEXT: T.ptx["tcgen05.mma.cta_group::2.kind::mxf8f6f4.block_scale.scale_vec::1X"](T.uint32(64), descA_{{[0-9]+}}, descB_{{[0-9]+}} + T.uint64(64), T.uint32(277872640), T.uint32(128), T.uint32(133), T.bool(False))
@T.prim_func
def cta2_split_n():
    T.device_entry()
    tid = T.thread_id([128])
    A_smem = T.alloc_shared((128, 32), "float8_e4m3fn", align=256, layout=T.ComposeLayout(4, 1, 3, T.TileLayout(T.S[4096:1])))
    B_smem = T.alloc_shared((64, 32), "float8_e4m3fn", align=256, layout=T.ComposeLayout(4, 1, 3, T.TileLayout(T.S[2048:1])))
    C_tmem = T.decl_buffer((128, 128), scope="tmem", layout=T.TileLayout(T.S[(128, 128):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    SFA = T.decl_buffer((128, 1), "float8_e8m0fnu", scope="tmem", layout=T.TileLayout(T.S[(4, 32):(4 @ Axis.TCol, 1 @ Axis.TLane)] + T.R[4:32 @ Axis.TLane]), allocated_addr=128)
    SFB = T.decl_buffer((128, 1), "float8_e8m0fnu", scope="tmem", layout=T.TileLayout(T.S[(4, 32):(4 @ Axis.TCol, 1 @ Axis.TLane)] + T.R[4:32 @ Axis.TLane]), allocated_addr=132)
    if tid == 0:
        T.tile.gemm_async(C_tmem[0:128, 0:128], A_smem[0:128, 0:32], B_smem[0:64, 0:32], SFA[0:128, 0], SFB[0:128, 0], False, False, False, cta_group=2, mma_m=256, mma_n=64)
