# copy_async smem->tmem (lib/Transforms/Tile/copy_async_tmem.c, sm_100a / sm_103a): one thread
# issues tcgen05.cp, the shape inferred from the layouts (128x256b, 4x256b, 128x128b,
# 64x128b.warpx2::02_13 / ::01_23, 32x128b.warpx4, in that order) or forced by shape= /
# multicast=; one shared-memory descriptor (version 1 at bit 46, SBO at 32, LBO at 16, the
# layout code at 61) and each instruction's start added in 16-byte units.  Completion is the
# caller's (tcgen05.commit to an mbarrier), as in TVM.
# RUN: %tirx-opt --mcpu=sm_100a --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_103a --emit=cubin %s -o %t.sm_103a %}
# RUN: %tirx-llc --mcpu=sm_100a --emit=ptx %s -o - | FileCheck %s --check-prefix=PTX
# RUN: not %tirx-llc --mcpu=sm_90a --emit=ptx %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM90
# PTX-DAG: tcgen05.cp.cta_group::1.32x128b.warpx4
# PTX-DAG: tcgen05.cp.cta_group::1.128x256b
# PTX-DAG: tcgen05.cp.cta_group::1.128x128b
# PTX-DAG: tcgen05.cp.cta_group::1.4x256b
# PTX-DAG: tcgen05.cp.cta_group::1.64x128b.warpx2::02_13
# PTX-DAG: tcgen05.cp.cta_group::1.64x128b.warpx2::01_23
# PTX-DAG: tcgen05.cp.cta_group::2.128x256b
# SM90: ca_tcgen05_cp.py:[[@LINE+29]]:16: error: T.tile.copy_async: no variant applies ({{.*}}smem->tmem: tcgen05.cp needs sm_100a .. sm_103a (compiling for sm_90a))

# TVM's legacy default: uint8 scale factors (4, 32, 16), 32 rows of 16 bytes per warp,
# multicast to the four warps (the tmem layout's R[4 : 32 @ TLane]): 32x128b.warpx4 at
# columns 0 / 4 / 8 / 12, shared bytes 0 / 512 / 1024 / 1536 (SBO 128 bytes: 8).
# CHECK-LABEL: def sf
# CHECK: cp_desc_{{[0-9]+}}: T.let[T.uint64] = T.bitwise_or(T.uint64(70403103916032), T.Cast("uint64", T.shift_right(T.bitwise_and(T.cuda.cvta_generic_to_shared(T.address_of(A[0, 0, 0])), T.uint32(262143)), T.uint32(4))))
# CHECK-NEXT: T.ptx["tcgen05.cp.cta_group::1.32x128b.warpx4"](slot[0], cp_desc_{{[0-9]+}})
# CHECK-NEXT: T.ptx["tcgen05.cp.cta_group::1.32x128b.warpx4"](slot[0] + T.uint32(4), cp_desc_{{[0-9]+}} + T.uint64(32))
# CHECK-NEXT: T.ptx["tcgen05.cp.cta_group::1.32x128b.warpx4"](slot[0] + T.uint32(8), cp_desc_{{[0-9]+}} + T.uint64(64))
# CHECK-NEXT: T.ptx["tcgen05.cp.cta_group::1.32x128b.warpx4"](slot[0] + T.uint32(12), cp_desc_{{[0-9]+}} + T.uint64(96))
# A bfloat16 (128, 64) operand, 128-byte swizzle: 128x256b (32-byte rows), four instructions
# 8 columns / 32 bytes apart (LBO 1, SBO 1024 bytes, layout code 2), or, forced, 128x128b.
# CHECK: T.let[T.uint64] = T.bitwise_or(T.uint64(4611756662049538048)
# CHECK-NEXT: T.ptx["tcgen05.cp.cta_group::1.128x256b"](slot[0], cp_desc_{{[0-9]+}})
# CHECK-NEXT: T.ptx["tcgen05.cp.cta_group::1.128x256b"](slot[0] + T.uint32(8), cp_desc_{{[0-9]+}} + T.uint64(2))
# CHECK: T.ptx["tcgen05.cp.cta_group::1.128x256b"](slot[0] + T.uint32(24), cp_desc_{{[0-9]+}} + T.uint64(6))
# CHECK: T.ptx["tcgen05.cp.cta_group::1.128x128b"](slot[0] + T.uint32(28), cp_desc_{{[0-9]+}} + T.uint64(7))
@T.prim_func
def sf():
    T.device_entry()
    T.warp_id([4])
    tid = T.thread_id([128])
    slot = T.alloc_shared((1,), "uint32")
    A = T.alloc_shared((4, 32, 16), "uint8", layout=T.TileLayout(T.S[(4, 32, 16):(512, 16, 1)]), align=1024)
    t = T.decl_buffer((4, 32, 16), "uint8", scope="tmem", layout=T.TileLayout(T.S[(4, 32, 16):(16 @ Axis.TCol, 1 @ Axis.TLane, 1 @ Axis.TCol)] + T.R[4:32 @ Axis.TLane]), allocated_addr=slot[0])
    B = T.alloc_shared((128, 64), "bfloat16", layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(128, 64):(64, 1)])), align=1024)
    tb = T.decl_buffer((128, 64), "bfloat16", scope="tmem", layout=T.TileLayout(T.S[(128, 64):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=slot[0])
    if tid == 0:
        T.tile.copy_async(t[:, :, :], A[:, :, :], cta_group=1)
        T.tile.copy_async(tb[:, :], B[:, :])
        T.tile.copy_async(tb[:, :], B[:, :], shape="128x128b")

# 4x256b: one row per warp quadrant (lanes 0 / 32 / 64 / 96), the region's rows 4..7 of the
# tmem buffer stepped through the lane half-word (lane 1: 65536); unswizzled, the row's two
# 16-byte units LBO = 64 bytes apart (float32 (4, 2, 4) blocks).  64x128b.warpx2::02_13
# (rows 0..63 in lanes 0..63, mirrored at +64) and ::01_23 (rows 0..31, 32..63 in lanes
# 0..31, 64..95, mirrored at +32), core-matrix operands (SBO 128 bytes).
# CHECK-LABEL: def shapes
# CHECK: T.ptx["tcgen05.cp.cta_group::1.4x256b"](T.uint32(65536), cp_desc_{{[0-9]+}})
# CHECK: T.ptx["tcgen05.cp.cta_group::1.64x128b.warpx2::02_13"](T.uint32(0), cp_desc_{{[0-9]+}})
# CHECK-NEXT: T.ptx["tcgen05.cp.cta_group::1.64x128b.warpx2::02_13"](T.uint32(4), cp_desc_{{[0-9]+}} + T.uint64(64))
# CHECK: T.ptx["tcgen05.cp.cta_group::1.64x128b.warpx2::01_23"](T.uint32(8), cp_desc_{{[0-9]+}})
@T.prim_func
def shapes():
    T.device_entry()
    T.warp_id([4])
    tid = T.thread_id([128])
    S4 = T.alloc_shared((4, 8), "float32", layout=T.TileLayout(T.S[(4, 2, 4):(4, 16, 1)]), align=1024)
    t4 = T.decl_buffer((8, 8), "float32", scope="tmem", layout=T.TileLayout(T.S[(2, 4, 8):(1 @ Axis.TLane, 32 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    S64 = T.alloc_shared((64, 16), "bfloat16", layout=T.TileLayout(T.S[(64, 2, 8):(8, 512, 1)]), align=1024)
    t0213 = T.decl_buffer((64, 16), "bfloat16", scope="tmem", layout=T.TileLayout(T.S[(64, 16):(1 @ Axis.TLane, 1 @ Axis.TCol)] + T.R[2:64 @ Axis.TLane]), allocated_addr=0)
    t0123 = T.decl_buffer((64, 16), "bfloat16", scope="tmem", layout=T.TileLayout(T.S[(2, 32, 16):(64 @ Axis.TLane, 1 @ Axis.TLane, 1 @ Axis.TCol)] + T.R[2:32 @ Axis.TLane]), allocated_addr=8)
    if tid == 0:
        T.tile.copy_async(t4[4:8, 0:8], S4[:, :])
        T.tile.copy_async(t0213[:, :], S64[:, :])
        T.tile.copy_async(t0123[:, :], S64[:, :])

# cta_group=2 (a kernel may not mix it with cta_group 1, ptxas says), 32-byte swizzle (code 6).
# CHECK-LABEL: def pair
# CHECK: T.bitwise_or(T.uint64(13835128492745883648)
# CHECK-NEXT: T.ptx["tcgen05.cp.cta_group::2.128x256b"](T.uint32(64), cp_desc_{{[0-9]+}})
@T.prim_func
def pair():
    T.device_entry()
    T.cta_id([2])
    T.cta_id_in_cluster([2])
    tid = T.thread_id([128])
    S128 = T.alloc_shared((128, 16), "bfloat16", layout=T.ComposeLayout(3, 1, 3, T.TileLayout(T.S[(128, 16):(16, 1)])), align=1024)
    t128 = T.decl_buffer((128, 16), "bfloat16", scope="tmem", layout=T.TileLayout(T.S[(128, 16):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=64)
    if tid == 0:
        T.tile.copy_async(t128[:, :], S128[:, :], cta_group=2)

# A stage of shared memory chosen at run time (whole 1024-byte swizzle patterns apart).
# CHECK-LABEL: def staged
# CHECK: T.address_of(B[stage, 0, 0])
# CHECK: T.ptx["tcgen05.cp.cta_group::1.128x256b"](T.uint32(0), cp_desc_{{[0-9]+}})
@T.prim_func
def staged(stage: T.int32):
    T.device_entry()
    T.warp_id([4])
    tid = T.thread_id([128])
    B = T.alloc_shared((2, 128, 16), "bfloat16", layout=T.ComposeLayout(3, 1, 3, T.TileLayout(T.S[(2, 128, 16):(2048, 16, 1)])), align=1024)
    tb = T.decl_buffer((128, 16), "bfloat16", scope="tmem", layout=T.TileLayout(T.S[(128, 16):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    if tid == 0:
        T.tile.copy_async(tb[:, :], B[stage, :, :])
