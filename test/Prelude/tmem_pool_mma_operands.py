# TMEMPool.alloc_tcgen05_mma_D / _C / _A: the operand's layout is the one the
# tcgen05 data path of (instruction M, cta_group, ws) writes or reads (D
# identity, B/E column halves over the lane halves, F 16 rows a warp, group=
# column segments, a mirrored or bank-batched A), canonicalised; the columns
# are the layout's TCol span unless cols= says otherwise.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# The expected lines are what TVM 0.27 prints for this kernel.
# CHECK: pool_buf = T.alloc_buffer((0,), "uint8", scope="shared.dyn")
# CHECK-NEXT: addr = T.decl_buffer((1,), "uint32", data=pool_buf.data, scope="shared.dyn", align=4)
# CHECK-NEXT: d0 = T.decl_buffer((128, 64), scope="tmem", layout=T.TileLayout(T.S[(128, 64):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
# CHECK-NEXT: d1 = T.decl_buffer((64, 512), scope="tmem", layout=T.TileLayout(T.S[(64, 2, 2, 128):(1 @ Axis.TLane, 128 @ Axis.TCol, 64 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=64)
# CHECK-NEXT: d2 = T.decl_buffer((2, 64, 64), scope="tmem", layout=T.TileLayout(T.S[(128, 64):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
# CHECK-NEXT: d3 = T.decl_buffer((64, 128), scope="tmem", layout=T.TileLayout(T.S[(64, 2, 64):(1 @ Axis.TLane, 64 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=64)
# CHECK-NEXT: d4 = T.decl_buffer((64, 2, 32), scope="tmem", layout=T.TileLayout(T.S[(64, 2, 32):(1 @ Axis.TLane, 64 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=128)
# CHECK-NEXT: d5 = T.decl_buffer((64, 2, 2, 32), scope="tmem", layout=T.TileLayout(T.S[(64, 2, 2, 32):(1 @ Axis.TLane, 32 @ Axis.TCol, 64 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=160)
# CHECK-NEXT: d6 = T.decl_buffer((64, 32), scope="tmem", layout=T.TileLayout(T.S[(4, 16, 32):(32 @ Axis.TLane, 1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=224)
# CHECK-NEXT: a0 = T.decl_buffer((2, 64, 256), "bfloat16", scope="tmem", layout=T.TileLayout(T.S[(128, 256):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
# CHECK-NEXT: a1 = T.decl_buffer((64, 384), "bfloat16", scope="tmem", layout=T.TileLayout(T.S[(64, 384):(1 @ Axis.TLane, 1 @ Axis.TCol)] + T.R[2:64 @ Axis.TLane]), allocated_addr=128)
# CHECK-NEXT: a2 = T.decl_buffer((2, 64, 32), "bfloat16", scope="tmem", layout=T.TileLayout(T.S[(128, 32):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=320)
# CHECK-NEXT: a3 = T.decl_buffer((128, 32), "float16", scope="tmem", layout=T.TileLayout(T.S[(128, 32):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=336)
# CHECK-NEXT: a4 = T.decl_buffer((64, 32), "float16", scope="tmem", layout=T.TileLayout(T.S[(64, 32):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=400)
# CHECK-NEXT: with T.attr({"tirx.dyn_smem_bytes": T.int64(4)}):
# CHECK-NEXT: T.evaluate(0)
from tvm.script import tirx as T

@T.prim_func
def k(A: T.Buffer((64,), "float32")):
    T.device_entry()
    tx = T.thread_id([128])
    pool = T.SMEMPool()
    addr = pool.alloc((1,), "uint32", align=4)
    tp = T.TMEMPool(pool, total_cols=512, tmem_addr=addr)
    d0 = tp.alloc_tcgen05_mma_D((128, 64), "float32", M=128, cta_group=1)
    d1 = tp.alloc_tcgen05_mma_D((64, 512), M=64, cta_group=1, ws=True, group=(2, 2, 128))
    tp.move_base_to(0)
    d2 = tp.alloc_tcgen05_mma_D((2, 64, 64), "float32", M=64, cta_group=1, ws=True)
    d3 = tp.alloc_tcgen05_mma_C((64, 128), M=128, cta_group=2)
    d4 = tp.alloc_tcgen05_mma_D((64, 2, 32), M=128, cta_group=2)
    d5 = tp.alloc_tcgen05_mma_D((64, 2, 2, 32), M=64, cta_group=1, ws=True)
    d6 = tp.alloc_tcgen05_mma_D((64, 32), M=64, cta_group=1)
    tp.move_base_to(0)
    a0 = tp.alloc_tcgen05_mma_A((2, 64, 256), "bfloat16", M=64, cta_group=1, ws=True)
    a1 = tp.alloc_tcgen05_mma_A((64, 384), "bfloat16", M=128, cta_group=2)
    a2 = tp.alloc_tcgen05_mma_A((2, 64, 32), "bfloat16", M=128, cta_group=2)
    a3 = tp.alloc_tcgen05_mma_A((128, 32), "float16", M=256, cta_group=2, cols=64)
    a4 = tp.alloc_tcgen05_mma_A((64, 32), "float16", M=64, cta_group=1)
    pool.commit()
    A[tx % 64] = T.Cast("float32", addr[0])
