# gemm_async, tcgen05 (lib/Transforms/Tile/gemm_async.c): transposed and MN-major shared
# operands.  transA / transB make the region [K, M] / [K, N]; whether the operand is K-major or
# MN-major is read off the layout (16- and 8-bit types), as TVM 0.27 matches it, and the
# instruction descriptor's transpose bits (15: A, 16: B) say MN-major.  The MN-major canonical
# layouts (in elements; T to 16 bytes, W T to a swizzle row):
#   swizzled  (i, k) -> (i / (W T)) LBO + i % (W T) + (k / 8) SBO + (k % 8) W T
#   none      (i, k) -> (i / T) SBO + i % T + (k / 8) LBO + (k % 8) T
# (LBO steps along M / N, SBO along K, for swizzled layouts; the other way round without).
# A transposed region whose data are K-major (K contiguous) is a K-major operand.  TVM's
# column-major view of an unswizzled 16-bit A spanning 128 bytes (FlashMLA's S tile) is read
# as the packed K-major layout it stands for (LBO rows x 16 bytes, SBO 128 bytes).
# RUN: %tirx-opt --mcpu=sm_100a --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}

# B MN-major, 128-byte swizzle: B [K 64, N 128] bf16, 64 N per swizzle row, the two 64-column
# halves 4096 elements apart: LBO 8192 bytes (512), SBO 1024 (64), layout 2 (128B): a K step
# 16 rows of 128 bytes on (+ 128).  idesc 0x08210490 (bit 16: B MN-major).
# CHECK-LABEL: def b_mn_sw128
# CHECK: descB_{{[0-9]+}}: T.let[T.uint64] = T.bitwise_or(T.uint64(4611756662083026944)
# CHECK: T.ptx["tcgen05.mma.cta_group::1.kind::f16"](T.uint32(0), descA_{{[0-9]+}}, descB_{{[0-9]+}}, T.uint32(136381584), {{.*}}, T.bool(False))
# CHECK-NEXT: T.ptx["tcgen05.mma.cta_group::1.kind::f16"](T.uint32(0), descA_{{[0-9]+}} + T.uint64(2), descB_{{[0-9]+}} + T.uint64(128), T.uint32(136381584), {{.*}}, T.bool(True))
@T.prim_func
def b_mn_sw128():
    T.device_entry()
    tid = T.thread_id([128])
    A_smem = T.alloc_shared((128, 64), "bfloat16", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(128, 64):(64, 1)])))
    B_smem = T.alloc_shared((64, 128), "bfloat16", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(64, 2, 64):(64, 4096, 1)])))
    C_tmem = T.decl_buffer((128, 128), scope="tmem", layout=T.TileLayout(T.S[(128, 128):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    if tid == 0:
        T.tile.gemm_async(C_tmem[0:128, 0:128], A_smem[0:128, 0:64], B_smem[0:64, 0:128], False, True, False)

# A MN-major, 64-byte swizzle: A [K 32, M 128] fp16 (transA), 32 M per swizzle row, the M atoms
# 1024 elements apart (LBO 2048 bytes: 128), 8-row K groups 256 apart (SBO 512: 32), layout 4
# (64B); the second k16 step 1024 bytes on (+ 64).  B K-major in a transposed [K, N] region
# (its data K-contiguous).  idesc 0x08108010 (bit 15: A MN-major; N 64).
# CHECK-LABEL: def a_mn_sw64
# CHECK: descA_{{[0-9]+}}: T.let[T.uint64] = T.bitwise_or(T.uint64(9223442543046295552)
# CHECK: T.ptx["tcgen05.mma.cta_group::1.kind::f16"](T.uint32(0), descA_{{[0-9]+}}, descB_{{[0-9]+}}, T.uint32(135299088), {{.*}}, T.bool(False))
# CHECK-NEXT: T.ptx["tcgen05.mma.cta_group::1.kind::f16"](T.uint32(0), descA_{{[0-9]+}} + T.uint64(64), descB_{{[0-9]+}} + T.uint64(2), T.uint32(135299088), {{.*}}, T.bool(True))
@T.prim_func
def a_mn_sw64():
    T.device_entry()
    tid = T.thread_id([128])
    A_smem = T.alloc_shared((32, 128), "float16", align=512, layout=T.ComposeLayout(3, 2, 3, T.TileLayout(T.S[(32, 4, 32):(32, 1024, 1)])))
    B_smem = T.alloc_shared((32, 64), "float16", align=512, layout=T.ComposeLayout(3, 2, 3, T.TileLayout(T.S[(32, 64):(1, 32)])))
    C_tmem = T.decl_buffer((128, 64), scope="tmem", layout=T.TileLayout(T.S[(128, 64):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    if tid == 0:
        T.tile.gemm_async(C_tmem[0:128, 0:64], A_smem[0:32, 0:128], B_smem[0:32, 0:64], True, True, False)

# B MN-major without swizzle, fp8: B [K 32, N 64] in core matrices of 16 N x 8 K (128 bytes),
# the N core matrices 128 bytes apart (SBO 8), the K groups 512 apart (LBO 32).  idesc
# 0x08110010 (f8f6f4 e4m3, bit 16).
# CHECK-LABEL: def b_mn_none_fp8
# CHECK: descB_{{[0-9]+}}: T.let[T.uint64] = T.bitwise_or(T.uint64(70403106013184)
# CHECK: T.ptx["tcgen05.mma.cta_group::1.kind::f8f6f4"](T.uint32(0), descA_{{[0-9]+}}, descB_{{[0-9]+}}, T.uint32(135331856), {{.*}}, T.bool(False))
# CHECK-NOT: tcgen05.mma
@T.prim_func
def b_mn_none_fp8():
    T.device_entry()
    tid = T.thread_id([128])
    A_smem = T.alloc_shared((128, 32), "float8_e4m3fn", align=256, layout=T.ComposeLayout(4, 1, 3, T.TileLayout(T.S[(128, 32):(32, 1)])))
    B_smem = T.alloc_shared((32, 64), "float8_e4m3fn", align=128, layout=T.TileLayout(T.S[(4, 8, 4, 16):(512, 16, 128, 1)]))
    C_tmem = T.decl_buffer((128, 64), scope="tmem", layout=T.TileLayout(T.S[(128, 64):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    if tid == 0:
        T.tile.gemm_async(C_tmem[0:128, 0:64], A_smem[0:128, 0:32], B_smem[0:32, 0:64], False, True, False)

# TVM's column-major view of an unswizzled bf16 A [64, 64] (FlashMLA's S tile) with .ws at
# M = 64: encoded as the packed K-major layout, LBO 1024 bytes (64), SBO 128 (8), each k16 step
# 2048 bytes on (+ 128); B MN-major (128-byte swizzle).  idesc 0x04410490 (A K-major, B
# MN-major), the value TVM's test pins.
# CHECK-LABEL: def col_major_view_ws
# CHECK: descA_{{[0-9]+}}: T.let[T.uint64] = T.bitwise_or(T.uint64(70403108110336)
# CHECK: T.ptx["tcgen05.mma.ws.cta_group::1.kind::f16"](T.uint32(0), descA_{{[0-9]+}}, descB_{{[0-9]+}}, T.uint32(71369872), T.bool(False), T.uint64(0))
# CHECK-NEXT: T.ptx["tcgen05.mma.ws.cta_group::1.kind::f16"](T.uint32(0), descA_{{[0-9]+}} + T.uint64(128), descB_{{[0-9]+}} + T.uint64(128), T.uint32(71369872), T.bool(True), T.uint64(0))
@T.prim_func
def col_major_view_ws():
    T.device_entry()
    tid = T.thread_id([128])
    A_smem = T.alloc_shared((64, 64), "bfloat16", align=128, layout=T.TileLayout(T.S[(64, 64):(1, 64)]))
    B_smem = T.alloc_shared((64, 256), "bfloat16", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(64, 4, 64):(64, 4096, 1)])))
    C_tmem = T.decl_buffer((64, 256), scope="tmem", layout=T.TileLayout(T.S[(64, 2, 128):(1 @ Axis.TLane, 64 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    if tid == 0:
        T.tile.gemm_async(C_tmem[0:64, 0:256], A_smem[0:64, 0:64], B_smem[0:64, 0:256], False, True, False, weight_stationary=True)
