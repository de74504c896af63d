# gemm, mma.m16n8k*: one mma.sync per m16n8 tile of the product and k-step,
# each lane passing the registers its operands' layouts give it (A / B
# through uint32 views, two 16-bit elements a register); the first k-step
# adds C (beta = 1) or zeros (beta = 0), the next ones accumulate into D.
# Layouts: the m16n8 fragment maps (apache/tvm's test_gemm_mma_m16n8k_.py).
# RUN: %tirx-opt --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
# RUN: %tirx-llc --mcpu=sm_90a --emit=ptx %s -o - | FileCheck %s --check-prefix=PTX
# PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
# PTX: mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32

# CHECK-LABEL: def single
# CHECK: D_local = T.decl_buffer((4,), data=D.data, scope="local")
# CHECK-NEXT: A_w0 = T.decl_buffer((4,), "uint32", data=A.data, scope="local")
# CHECK-NEXT: B_w1 = T.decl_buffer((2,), "uint32", data=B.data, scope="local")
# CHECK-NEXT: T.ptx["mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"](D_local[0], D_local[1], D_local[2], D_local[3], A_w0[0], A_w0[1], A_w0[2], A_w0[3], B_w1[0], B_w1[1], T.float32(0.0), T.float32(0.0), T.float32(0.0), T.float32(0.0))
@T.prim_func
def single(Dg: T.Buffer((16, 8), "float32")):
    T.device_entry()
    T.cta_id([1])
    T.warp_id([1])
    lane = T.lane_id([32])
    A = T.alloc_buffer((16, 16), "float16", scope="local", layout=T.TileLayout(T.S[(2, 8, 2, 4, 2):(2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
    B = T.alloc_buffer((16, 8), "float16", scope="local", layout=T.TileLayout(T.S[(2, 4, 2, 8):(2, 1 @ Axis.laneid, 1, 4 @ Axis.laneid)]))
    C = T.alloc_buffer((16, 8), "float32", scope="local", layout=T.TileLayout(T.S[(2, 8, 4, 2):(2, 4 @ Axis.laneid, 1 @ Axis.laneid, 1)]))
    D = T.alloc_buffer((16, 8), "float32", scope="local", layout=T.TileLayout(T.S[(2, 8, 4, 2):(2, 4 @ Axis.laneid, 1 @ Axis.laneid, 1)]))
    T.warp.gemm(D, A, B, C, transpose_A=False, transpose_B=False, alpha=1.0, beta=0.0)
    T.warp.copy(Dg[0:16, 0:8], D[0:16, 0:8])

# A 2 x 2 x 1 tiling of m16n8k8 in bfloat16 with beta = 1: C starts each tile.
# CHECK-LABEL: def tiled_k8
# CHECK: C_local = T.decl_buffer((16,), data=C.data, scope="local")
# CHECK: T.ptx["mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32"](D_local[0], D_local[1], D_local[2], D_local[3], A_w0[0], A_w0[1], B_w1[0], C_local[0], C_local[1], C_local[2], C_local[3])
# CHECK-NEXT: T.ptx["mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32"](D_local[4], D_local[5], D_local[6], D_local[7], A_w0[0], A_w0[1], B_w1[1], C_local[4], C_local[5], C_local[6], C_local[7])
# CHECK-NEXT: T.ptx["mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32"](D_local[8], D_local[9], D_local[10], D_local[11], A_w0[2], A_w0[3], B_w1[0], C_local[8], C_local[9], C_local[10], C_local[11])
@T.prim_func
def tiled_k8(Dg: T.Buffer((32, 16), "float32")):
    T.device_entry()
    T.cta_id([1])
    T.warp_id([1])
    lane = T.lane_id([32])
    A = T.alloc_buffer((32, 8), "bfloat16", scope="local", layout=T.TileLayout(T.S[(2, 2, 8, 4, 2):(4, 2, 4 @ Axis.laneid, 1 @ Axis.laneid, 1)]))
    B = T.alloc_buffer((8, 16), "bfloat16", scope="local", layout=T.TileLayout(T.S[(4, 2, 2, 8):(1 @ Axis.laneid, 1, 2, 4 @ Axis.laneid)]))
    C = T.alloc_buffer((32, 16), "float32", scope="local", layout=T.TileLayout(T.S[(2, 2, 8, 2, 4, 2):(8, 2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
    D = T.alloc_buffer((32, 16), "float32", scope="local", layout=T.TileLayout(T.S[(2, 2, 8, 2, 4, 2):(8, 2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
    T.warp.gemm(D, A, B, C, transpose_A=False, transpose_B=False, alpha=1.0, beta=1.0)
    T.warp.copy(Dg[0:32, 0:16], D[0:32, 0:16])

# Two k-steps of m16n8k16 (K = 32): the second accumulates into D.
# CHECK-LABEL: def chain_k16
# CHECK: T.ptx["mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"](D_local[0], D_local[1], D_local[2], D_local[3], A_w0[0], A_w0[1], A_w0[2], A_w0[3], B_w1[0], B_w1[1], T.float32(0.0), T.float32(0.0), T.float32(0.0), T.float32(0.0))
# CHECK-NEXT: T.ptx["mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"](D_local[0], D_local[1], D_local[2], D_local[3], A_w0[4], A_w0[5], A_w0[6], A_w0[7], B_w1[2], B_w1[3], D_local[0], D_local[1], D_local[2], D_local[3])
@T.prim_func
def chain_k16(Dg: T.Buffer((16, 8), "float32")):
    T.device_entry()
    T.cta_id([1])
    T.warp_id([1])
    lane = T.lane_id([32])
    A = T.alloc_buffer((16, 32), "float16", scope="local", layout=T.TileLayout(T.S[(2, 8, 2, 2, 4, 2):(2, 4 @ Axis.laneid, 8, 4, 1 @ Axis.laneid, 1)]))
    B = T.alloc_buffer((32, 8), "float16", scope="local", layout=T.TileLayout(T.S[(2, 2, 4, 2, 8):(4, 2, 1 @ Axis.laneid, 1, 4 @ Axis.laneid)]))
    D = T.alloc_buffer((16, 8), "float32", scope="local", layout=T.TileLayout(T.S[(2, 8, 4, 2):(2, 4 @ Axis.laneid, 1 @ Axis.laneid, 1)]))
    T.warp.gemm(D, A, B, D, transpose_A=False, transpose_B=False, alpha=1.0, beta=0.0)
    T.warp.copy(Dg[0:16, 0:8], D[0:16, 0:8])

# TVM's own tile_to layouts for a 2 x 2 x 2 tiling (as TVM 0.27 prints them):
# eight m16n8k16 instructions, as TVM emits.
# CHECK-LABEL: def tvm_tiled
# CHECK-COUNT-8: T.ptx["mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"]
# CHECK-NOT: mma.sync
@T.prim_func
def tvm_tiled():
    T.device_entry()
    _cta = T.cta_id([1])
    _warp = T.warp_id([1])
    _lane = T.lane_id([32])
    A = T.alloc_buffer((32, 32), "float16", scope="local", layout=T.TileLayout(T.S[(2, 2, 8, 4, 4, 2):(16, 2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
    B = T.alloc_buffer((32, 16), "float16", scope="local", layout=T.TileLayout(T.S[(2, 2, 4, 2, 2, 8):(8, 2, 1 @ Axis.laneid, 1, 4, 4 @ Axis.laneid)]))
    C = T.alloc_buffer((32, 16), "float32", scope="local", layout=T.TileLayout(T.S[(2, 2, 8, 2, 4, 2):(8, 2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
    D = T.alloc_buffer((32, 16), "float32", scope="local", layout=T.TileLayout(T.S[(2, 2, 8, 2, 4, 2):(8, 2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
    T.warp.gemm(D, A, B, C, transpose_A=False, transpose_B=False, alpha=1.0, beta=1.0)
