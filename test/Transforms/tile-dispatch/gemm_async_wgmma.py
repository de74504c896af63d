# gemm_async, wgmma (lib/Transforms/Tile/gemm_async.c, sm_90a): one warpgroup, C float32 in
# registers with the wgmma accumulator fragment over tid_in_wg, A and B K-major in shared
# memory (descriptors read off the buffers' layouts: 128 / 64 / 32-byte swizzle, or the
# unswizzled core-matrix layout) or A in registers; fence.proxy.async, wgmma.fence, the
# wgmmas (the first K step scales D by accum), commit_group, wait_group and the accumulator
# ties after a wait for all.
# RUN: %tirx-opt --mcpu=sm_90a --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %tirx-llc --mcpu=sm_90a --emit=ptx %s -o - | FileCheck %s --check-prefix=PTX
# PTX: wgmma.fence.sync.aligned
# PTX: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
# PTX: wgmma.commit_group.sync.aligned
# PTX: wgmma.wait_group.sync.aligned 0
# PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
# PTX: wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16
# PTX: wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16
# PTX: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e5m2
# PTX: wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16
# PTX: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16

# f16, 128-byte swizzle, 64 x 128 x 64: four k16 steps, the descriptors advance 32 bytes
# (2 in 16-byte units) a step; SBO 1024 bytes (64), layout type 1 (bit 62).
# CHECK-LABEL: def sw128
# CHECK: acc_local = T.decl_buffer((64,), data=acc.data, scope="local")
# CHECK-NEXT: descA_{{[0-9]+}}: T.let[T.uint64] = T.bitwise_or(T.uint64(4611686293305360384), T.Cast("uint64", T.shift_right(T.bitwise_and(T.cuda.cvta_generic_to_shared(T.address_of(As[0, 0])), T.uint32(262143)), T.uint32(4))))
# CHECK-NEXT: descB_{{[0-9]+}}: T.let[T.uint64] = T.bitwise_or(T.uint64(4611686293305360384), {{.*}}Bs[0, 0]{{.*}}
# CHECK-NEXT: T.ptx["fence.proxy.async.shared::cta"]()
# CHECK-NEXT: T.ptx["wgmma.fence.sync.aligned"]()
# CHECK-NEXT: T.ptx["wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16"](acc_local[0], acc_local[1], {{.*}}, acc_local[63], descA_{{[0-9]+}}, descB_{{[0-9]+}}, T.bool(False), 1, 1, 0, 0)
# CHECK-NEXT: T.ptx["wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16"]({{.*}}, acc_local[63], descA_{{[0-9]+}} + T.uint64(2), descB_{{[0-9]+}} + T.uint64(2), T.bool(True), 1, 1, 0, 0)
# CHECK-NEXT: T.ptx["wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16"]({{.*}} + T.uint64(4), {{.*}} + T.uint64(4), T.bool(True), 1, 1, 0, 0)
# CHECK-NEXT: T.ptx["wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16"]({{.*}} + T.uint64(6), {{.*}} + T.uint64(6), T.bool(True), 1, 1, 0, 0)
# CHECK-NEXT: T.ptx["wgmma.commit_group.sync.aligned"]()
# CHECK-NEXT: T.ptx["wgmma.wait_group.sync.aligned"](0)
# CHECK-NEXT: T.cuda.wgmma.noop_barrier(acc_local[0])
# CHECK: T.cuda.wgmma.noop_barrier(acc_local[63])
# CHECK-NOT: noop_barrier
@T.prim_func
def sw128():
    T.device_entry()
    T.cta_id([1])
    T.warpgroup_id([1])
    T.thread_id_in_wg([128])
    As = T.alloc_buffer((64, 64), "float16", scope="shared", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(64, 64):(64, 1)])))
    Bs = T.alloc_buffer((128, 64), "float16", scope="shared", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(128, 64):(64, 1)])))
    acc = T.alloc_buffer((64, 128), "float32", scope="local", layout=T.TileLayout(T.S[(4, 2, 8, 16, 4, 2):(32 @ Axis.tid_in_wg, 2, 4 @ Axis.tid_in_wg, 4, 1 @ Axis.tid_in_wg, 1)]))
    T.wg.gemm_async(acc[0:64, 0:128], As[0:64, 0:64], Bs[0:128, 0:64], False, False, False)

# bf16, 64-byte swizzle (rows of 32 elements, K = 64 in two swizzle columns 2048 elements
# apart), accum a runtime bool, the accumulator over wid_in_wg and laneid, a stage of a
# 3-d shared ring selected by a symbolic index; layout type 2, SBO 512 bytes (32).
# CHECK-LABEL: def sw64_ring
# CHECK: descA_{{[0-9]+}}: T.let[T.uint64] = T.bitwise_or(T.uint64(9223372174293794816), {{.*}}As[s, 0, 0]
# CHECK: T.ptx["wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16"]({{.*}}, acc_local[31], descA_{{[0-9]+}}, descB_{{[0-9]+}}, k > 0, 1, 1, 0, 0)
# CHECK-NEXT: T.ptx["wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16"]({{.*}} + T.uint64(2), {{.*}} + T.uint64(2), T.bool(True), 1, 1, 0, 0)
# CHECK-NEXT: T.ptx["wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16"]({{.*}} + T.uint64(256), {{.*}} + T.uint64(256), T.bool(True), 1, 1, 0, 0)
# CHECK-NEXT: T.ptx["wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16"]({{.*}} + T.uint64(258), {{.*}} + T.uint64(258), T.bool(True), 1, 1, 0, 0)
@T.prim_func
def sw64_ring(k: T.int32, s: T.int32):
    T.device_entry()
    T.cta_id([1])
    T.warpgroup_id([1])
    T.warp_id_in_wg([4])
    T.lane_id([32])
    As = T.alloc_buffer((2, 64, 64), "bfloat16", scope="shared", align=1024, layout=T.ComposeLayout(3, 2, 3, T.TileLayout(T.S[(2, 64, 2, 32):(4096, 32, 2048, 1)])))
    Bs = T.alloc_buffer((2, 64, 64), "bfloat16", scope="shared", align=1024, layout=T.ComposeLayout(3, 2, 3, T.TileLayout(T.S[(2, 64, 2, 32):(4096, 32, 2048, 1)])))
    acc = T.alloc_buffer((64, 64), "float32", scope="local", layout=T.TileLayout(T.S[(4, 2, 8, 8, 4, 2):(1 @ Axis.wid_in_wg, 2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
    T.wg.gemm_async(acc[0:64, 0:64], As[s, 0:64, 0:64], Bs[s, 0:64, 0:64], False, False, k > 0)

# f16, 32-byte swizzle (rows of 16 elements): layout type 3, SBO 256 bytes (16);
# wait_group=1 leaves one group in flight (no ties), fence_proxy=False (TMA-fed).
# CHECK-LABEL: def sw32
# CHECK: T.bitwise_or(T.uint64(13835058124001705984),
# CHECK-NOT: fence.proxy
# CHECK: T.ptx["wgmma.fence.sync.aligned"]()
# CHECK-NEXT: T.ptx["wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16"]
# CHECK-NEXT: T.ptx["wgmma.commit_group.sync.aligned"]()
# CHECK-NEXT: T.ptx["wgmma.wait_group.sync.aligned"](1)
# CHECK-NOT: noop_barrier
# CHECK-LABEL: def core
@T.prim_func
def sw32():
    T.device_entry()
    T.cta_id([1])
    T.warpgroup_id([1])
    T.thread_id_in_wg([128])
    As = T.alloc_buffer((64, 16), "float16", scope="shared", align=256, layout=T.ComposeLayout(3, 1, 3, T.TileLayout(T.S[(64, 16):(16, 1)])))
    Bs = T.alloc_buffer((32, 16), "float16", scope="shared", align=256, layout=T.ComposeLayout(3, 1, 3, T.TileLayout(T.S[(32, 16):(16, 1)])))
    acc = T.alloc_buffer((64, 32), "float32", scope="local", layout=T.TileLayout(T.S[(4, 2, 8, 4, 4, 2):(32 @ Axis.tid_in_wg, 2, 4 @ Axis.tid_in_wg, 4, 1 @ Axis.tid_in_wg, 1)]))
    T.wg.gemm_async(acc[0:64, 0:32], As[0:64, 0:16], Bs[0:32, 0:16], False, False, True, wait_group=1, fence_proxy=False)

# No swizzle: 8 x 16-byte core matrices, LBO (the K neighbour) 128 bytes (8), SBO (the
# M / N neighbour) 512 bytes (32); layout type 0.  Each k16 step moves two core matrices.
# CHECK: descA_{{[0-9]+}}: T.let[T.uint64] = T.bitwise_or(T.uint64(137439477760),
# CHECK: T.ptx["wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16"]({{.*}}, descA_{{[0-9]+}}, descB_{{[0-9]+}}, T.bool(False), 1, 1, 0, 0)
# CHECK-NEXT: T.ptx["wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16"]({{.*}} + T.uint64(16), {{.*}} + T.uint64(16), T.bool(True), 1, 1, 0, 0)
@T.prim_func
def core():
    T.device_entry()
    T.cta_id([1])
    T.warpgroup_id([1])
    T.thread_id_in_wg([128])
    As = T.alloc_buffer((64, 32), "float16", scope="shared", layout=T.TileLayout(T.S[(8, 8, 4, 8):(256, 8, 64, 1)]))
    Bs = T.alloc_buffer((16, 32), "float16", scope="shared", layout=T.TileLayout(T.S[(2, 8, 4, 8):(256, 8, 64, 1)]))
    acc = T.alloc_buffer((64, 16), "float32", scope="local", layout=T.TileLayout(T.S[(4, 2, 8, 2, 4, 2):(32 @ Axis.tid_in_wg, 2, 4 @ Axis.tid_in_wg, 4, 1 @ Axis.tid_in_wg, 1)]))
    T.wg.gemm_async(acc[0:64, 0:16], As[0:64, 0:32], Bs[0:16, 0:32], False, False, False)

# fp8: e4m3 x e5m2, k32 steps, 128-byte swizzle in 16-byte units of 16 elements
# (ComposeLayout(4, 3, 3)); no trans immediates.
# CHECK-LABEL: def fp8
# CHECK: T.ptx["wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e5m2"]({{.*}}, acc_local[31], descA_{{[0-9]+}}, descB_{{[0-9]+}}, T.bool(False), 1, 1)
# CHECK-NEXT: T.ptx["wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e5m2"]({{.*}} + T.uint64(2), {{.*}} + T.uint64(2), T.bool(True), 1, 1)
@T.prim_func
def fp8():
    T.device_entry()
    T.cta_id([1])
    T.warpgroup_id([1])
    T.thread_id_in_wg([128])
    As = T.alloc_buffer((64, 128), "float8_e4m3fn", scope="shared", align=1024, layout=T.ComposeLayout(4, 3, 3, T.TileLayout(T.S[(64, 128):(128, 1)])))
    Bs = T.alloc_buffer((64, 128), "float8_e5m2", scope="shared", align=1024, layout=T.ComposeLayout(4, 3, 3, T.TileLayout(T.S[(64, 128):(128, 1)])))
    acc = T.alloc_buffer((64, 64), "float32", scope="local", layout=T.TileLayout(T.S[(4, 2, 8, 8, 4, 2):(32 @ Axis.tid_in_wg, 2, 4 @ Axis.tid_in_wg, 4, 1 @ Axis.tid_in_wg, 1)]))
    T.wg.gemm_async(acc[0:64, 0:64], As[0:64, 0:128], Bs[0:64, 0:128], False, False, False)

# A in registers (the m64k16 A fragment over tid_in_wg, two k16 steps), read through a
# uint32 view: four registers an instruction, no descriptor for A, no trans-a immediate.
# CHECK-LABEL: def a_regs
# CHECK: A_w{{[0-9]+}} = T.decl_buffer((8,), "uint32", data=A.data, scope="local")
# CHECK-NOT: descA
# CHECK: T.ptx["wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16"]({{.*}}, acc_local[15], A_w{{[0-9]+}}[0], A_w{{[0-9]+}}[1], A_w{{[0-9]+}}[2], A_w{{[0-9]+}}[3], descB_{{[0-9]+}}, T.bool(False), 1, 1, 0)
# CHECK-NEXT: T.ptx["wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16"]({{.*}}, acc_local[15], A_w{{[0-9]+}}[4], A_w{{[0-9]+}}[5], A_w{{[0-9]+}}[6], A_w{{[0-9]+}}[7], descB_{{[0-9]+}} + T.uint64(2), T.bool(True), 1, 1, 0)
@T.prim_func
def a_regs():
    T.device_entry()
    T.cta_id([1])
    T.warpgroup_id([1])
    T.thread_id_in_wg([128])
    A = T.alloc_buffer((64, 32), "float16", scope="local", layout=T.TileLayout(T.S[(4, 2, 8, 2, 2, 4, 2):(32 @ Axis.tid_in_wg, 2, 4 @ Axis.tid_in_wg, 8, 4, 1 @ Axis.tid_in_wg, 1)]))
    Bs = T.alloc_buffer((32, 32), "float16", scope="shared", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(32, 32):(64, 1)])))
    acc = T.alloc_buffer((64, 32), "float32", scope="local", layout=T.TileLayout(T.S[(4, 2, 8, 4, 4, 2):(32 @ Axis.tid_in_wg, 2, 4 @ Axis.tid_in_wg, 4, 1 @ Axis.tid_in_wg, 1)]))
    T.wg.gemm_async(acc[0:64, 0:32], A[0:64, 0:32], Bs[0:32, 0:32], False, False, False)

# M = 128 (two m64 instructions, A's second half 8192 bytes on: 512) and N = 512 (two n256
# instructions, B's second half 32768 bytes on: 2048), one k16 step.
# CHECK-LABEL: def tiled
# CHECK: T.ptx["wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16"](acc_local[0], {{.*}}, descA_{{[0-9]+}}, descB_{{[0-9]+}}, T.bool(False), 1, 1, 0, 0)
# CHECK-NEXT: T.ptx["wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16"](acc_local[128], {{.*}}, descA_{{[0-9]+}}, descB_{{[0-9]+}} + T.uint64(2048), T.bool(False), 1, 1, 0, 0)
# CHECK-NEXT: T.ptx["wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16"](acc_local[256], {{.*}}, descA_{{[0-9]+}} + T.uint64(512), descB_{{[0-9]+}}, T.bool(False), 1, 1, 0, 0)
# CHECK-NEXT: T.ptx["wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16"](acc_local[384], {{.*}}, descA_{{[0-9]+}} + T.uint64(512), descB_{{[0-9]+}} + T.uint64(2048), T.bool(False), 1, 1, 0, 0)
@T.prim_func
def tiled():
    T.device_entry()
    T.cta_id([1])
    T.warpgroup_id([1])
    T.thread_id_in_wg([128])
    As = T.alloc_buffer((128, 64), "bfloat16", scope="shared", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(128, 64):(64, 1)])))
    Bs = T.alloc_buffer((512, 64), "bfloat16", scope="shared.dyn", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(512, 64):(64, 1)])))
    acc = T.alloc_buffer((128, 512), "float32", scope="local", layout=T.TileLayout(T.S[(2, 4, 2, 8, 2, 32, 4, 2):(256, 32 @ Axis.tid_in_wg, 2, 4 @ Axis.tid_in_wg, 128, 4, 1 @ Axis.tid_in_wg, 1)]))
    T.wg.gemm_async(acc[0:128, 0:512], As[0:128, 0:16], Bs[0:512, 0:16], False, False, False)
