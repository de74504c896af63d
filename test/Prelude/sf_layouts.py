# tvm.backend.cuda.tile_primitive.gemm_async.tcgen05: sf_tmem_layout (32-lane
# chunks replicated over the lane quadrants, k-steps packed into a column when
# they fit, reuse and pipeline dimensions) and sf_smem_layout (tcgen05.cp's
# 128-row blocks) give TVM 0.27's canonical layouts.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# The expected lines are what TVM 0.27 prints for this kernel.
# CHECK-LABEL: def sf(A: T.Buffer((64,), "float32")):
# CHECK-NEXT: T.attr({"tirx.device_entry": T.bool(True)})
# CHECK-NEXT: t0 = T.decl_buffer((128, 1), "uint8", scope="tmem", layout=T.TileLayout(T.S[(4, 32):(4 @ Axis.TCol, 1 @ Axis.TLane)] + T.R[4:32 @ Axis.TLane]), allocated_addr=0)
# CHECK-NEXT: t1 = T.decl_buffer((128, 4), "uint8", scope="tmem", layout=T.TileLayout(T.S[(4, 32, 4):(4 @ Axis.TCol, 1 @ Axis.TLane, 1 @ Axis.TCol)] + T.R[4:32 @ Axis.TLane]), allocated_addr=0)
# CHECK-NEXT: t2 = T.decl_buffer((128, 4), "uint8", scope="tmem", layout=T.TileLayout(T.S[(4, 32, 4):(4 @ Axis.TCol, 1 @ Axis.TLane, 1 @ Axis.TCol)] + T.R[4:32 @ Axis.TLane]), allocated_addr=0)
# CHECK-NEXT: t3 = T.decl_buffer((128, 8), "uint8", scope="tmem", layout=T.TileLayout(T.S[(4, 32, 2, 4):(4 @ Axis.TCol, 1 @ Axis.TLane, 16 @ Axis.TCol, 1 @ Axis.TCol)] + T.R[4:32 @ Axis.TLane]), allocated_addr=0)
# CHECK-NEXT: t4 = T.decl_buffer((128, 3), "uint8", scope="tmem", layout=T.TileLayout(T.S[(4, 32, 3):(4 @ Axis.TCol, 1 @ Axis.TLane, 16 @ Axis.TCol)] + T.R[4:32 @ Axis.TLane]), allocated_addr=0)
# CHECK-NEXT: t5 = T.decl_buffer((128, 6), "uint8", scope="tmem", layout=T.TileLayout(T.S[(4, 32, 3, 2):(4 @ Axis.TCol, 1 @ Axis.TLane, 16 @ Axis.TCol, 1 @ Axis.TCol)] + T.R[4:32 @ Axis.TLane]), allocated_addr=0)
# CHECK-NEXT: t6 = T.decl_buffer((128, 16), "uint8", scope="tmem", layout=T.TileLayout(T.S[(4, 32, 4, 4):(4 @ Axis.TCol, 1 @ Axis.TLane, 16 @ Axis.TCol, 1 @ Axis.TCol)] + T.R[4:32 @ Axis.TLane]), allocated_addr=0)
# CHECK-NEXT: t7 = T.decl_buffer((128, 16), "uint8", scope="tmem", layout=T.TileLayout(T.S[(4, 32, 4, 4):(4 @ Axis.TCol, 1 @ Axis.TLane, 1 @ Axis.TCol, 0 @ Axis.TCol)] + T.R[4:32 @ Axis.TLane]), allocated_addr=0)
# CHECK-NEXT: t8 = T.decl_buffer((2, 128, 4), "uint8", scope="tmem", layout=T.TileLayout(T.S[(2, 4, 32, 4):(16 @ Axis.TCol, 4 @ Axis.TCol, 1 @ Axis.TLane, 1 @ Axis.TCol)] + T.R[4:32 @ Axis.TLane]), allocated_addr=0)
# CHECK-NEXT: t9 = T.decl_buffer((256, 4), "uint8", scope="tmem", layout=T.TileLayout(T.S[(8, 32, 4):(4 @ Axis.TCol, 1 @ Axis.TLane, 1 @ Axis.TCol)] + T.R[4:32 @ Axis.TLane]), allocated_addr=0)
# CHECK-NEXT: s0 = T.alloc_shared((128, 4), "uint8", layout=T.TileLayout(T.S[(4, 32, 4):(4, 16, 1)]))
# CHECK-NEXT: s1 = T.alloc_shared((128, 8), "uint8", layout=T.TileLayout(T.S[(4, 32, 2, 4):(4, 16, 512, 1)]))
# CHECK-NEXT: s2 = T.alloc_shared((256, 4), "uint8", layout=T.TileLayout(T.S[(2, 4, 32, 2, 2):(512, 4, 16, 2, 1)]))
# CHECK-NEXT: s3 = T.alloc_shared((128, 8), "uint8", layout=T.TileLayout(T.S[(4, 32, 4, 2):(4, 16, 1, 0)]))
# CHECK-NEXT: s4 = T.alloc_shared((3, 128, 8), "uint8", layout=T.TileLayout(T.S[(3, 4, 32, 2, 4):(1024, 4, 16, 512, 1)]))
# CHECK-NOT: {{.}}
from tvm.script import tirx as T
from tvm.backend.cuda.tile_primitive.gemm_async.tcgen05 import sf_smem_layout, sf_tmem_layout

@T.prim_func
def sf(A: T.Buffer((64,), "float32")):
    T.device_entry()
    t0 = T.decl_buffer((128, 1), "uint8", scope="tmem", layout=sf_tmem_layout(128, 1, 1), allocated_addr=0)
    t1 = T.decl_buffer((128, 4), "uint8", scope="tmem", layout=sf_tmem_layout(128, 4, 1), allocated_addr=0)
    t2 = T.decl_buffer((128, 4), "uint8", scope="tmem", layout=sf_tmem_layout(128, 4, 4), allocated_addr=0)
    t3 = T.decl_buffer((128, 8), "uint8", scope="tmem", layout=sf_tmem_layout(128, SF_K=8, sf_per_mma=2), allocated_addr=0)
    t4 = T.decl_buffer((128, 3), "uint8", scope="tmem", layout=sf_tmem_layout(128, 3, 1), allocated_addr=0)
    t5 = T.decl_buffer((128, 6), "uint8", scope="tmem", layout=sf_tmem_layout(128, 6, 2), allocated_addr=0)
    t6 = T.decl_buffer((128, 16), "uint8", scope="tmem", layout=sf_tmem_layout(128, 16, 4), allocated_addr=0)
    t7 = T.decl_buffer((128, 16), "uint8", scope="tmem", layout=sf_tmem_layout(128, 4, 1, sf_reuse=4), allocated_addr=0)
    t8 = T.decl_buffer((2, 128, 4), "uint8", scope="tmem", layout=sf_tmem_layout(128, 4, 4, pipe_depth=2), allocated_addr=0)
    t9 = T.decl_buffer((256, 4), "uint8", scope="tmem", layout=sf_tmem_layout(256, 4, 1), allocated_addr=0)
    s0 = T.alloc_buffer((128, 4), "uint8", scope="shared", layout=sf_smem_layout(128, 4, 1))
    s1 = T.alloc_buffer((128, 8), "uint8", scope="shared", layout=sf_smem_layout(128, 8, 4))
    s2 = T.alloc_buffer((256, 4), "uint8", scope="shared", layout=sf_smem_layout(256, 4, 2))
    s3 = T.alloc_buffer((128, 8), "uint8", scope="shared", layout=sf_smem_layout(128, 4, 1, sf_reuse=2))
    s4 = T.alloc_buffer((3, 128, 8), "uint8", scope="shared", layout=sf_smem_layout(128, 8, 4, pipe_depth=3))
