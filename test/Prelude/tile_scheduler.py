# tvm.tirx.lang.tile_scheduler: ClusterPersistentScheduler2D (group-major with
# full groups and a tail, cluster offsets, serpentine blocks, next_tile_stride),
# FlashAttentionLinearScheduler and FlashAttentionLPTScheduler (L2 swizzle, Q
# blocks longest first, one task per CTA without num_ctas).  The index scalars
# made by the base constructor keep TVM's default name (buffer); the subclass's
# own fields are named after the variable.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# The expected lines are what TVM 0.27 prints for this kernel.
# CHECK-LABEL: def sched(A: T.Buffer((64,), "int32")):
# CHECK-NEXT: T.attr({"tirx.device_entry": T.bool(True)})
# CHECK-NEXT: bx = T.cta_id([148])
# CHECK-NEXT: tx = T.thread_id([128])
# CHECK-NEXT: buffer: T.int32
# CHECK-NEXT: buffer_1: T.int32
# CHECK-NEXT: buffer_2: T.int32
# CHECK-NEXT: s_tile_count: T.int32
# CHECK-NEXT: buffer_3: T.int32
# CHECK-NEXT: buffer_4: T.int32
# CHECK-NEXT: buffer_5: T.int32
# CHECK-NEXT: sp_tile_count: T.int32
# CHECK-NEXT: buffer_5 = bx
# CHECK-NEXT: sp_tile_count = 0
# CHECK-NEXT: if T.bool(True) & (bx // 2 < 32):
# CHECK-NEXT: block_linear: T.let[T.int32] = bx // 2 // 16
# CHECK-NEXT: within_block: T.let[T.int32] = bx // 2 % 16
# CHECK-NEXT: block_col: T.let[T.int32] = block_linear // 2
# CHECK-NEXT: block_row_raw: T.let[T.int32] = block_linear % 2
# CHECK-NEXT: block_row: T.let[T.int32] = T.Select(block_col % 2 == 0, block_row_raw, 1 - block_row_raw)
# CHECK-NEXT: local_row: T.let[T.int32] = within_block // 4
# CHECK-NEXT: local_col: T.let[T.int32] = within_block % 4
# CHECK-NEXT: tile_row: T.let[T.int32] = block_row * 4 + local_row
# CHECK-NEXT: tile_col: T.let[T.int32] = block_col * 4 + local_col
# CHECK-NEXT: buffer_3 = tile_row
# CHECK-NEXT: buffer_4 = tile_col * 2 + bx % 2
# CHECK-NEXT: else:
# CHECK-NEXT: rem: T.let[T.int32] = bx // 2 - 32
# CHECK-NEXT: right_strip_tiles: T.let[T.int32] = 20
# CHECK-NEXT: if rem < right_strip_tiles:
# CHECK-NEXT: tile_row: T.let[T.int32] = rem // 2
# CHECK-NEXT: tile_col: T.let[T.int32] = 4 + rem % 2
# CHECK-NEXT: buffer_3 = tile_row
# CHECK-NEXT: buffer_4 = tile_col * 2 + bx % 2
# CHECK-NEXT: else:
# CHECK-NEXT: buffer_3 = 0
# CHECK-NEXT: buffer_4 = bx % 2
# CHECK-NEXT: buffer_5 = buffer_5 + 3
# CHECK-NEXT: sp_tile_count = sp_tile_count + 1
# CHECK-NEXT: if T.bool(True) & (buffer_5 // 2 < 32):
# CHECK-NEXT: block_linear: T.let[T.int32] = buffer_5 // 2 // 16
# CHECK-NEXT: within_block: T.let[T.int32] = buffer_5 // 2 % 16
# CHECK-NEXT: block_col: T.let[T.int32] = block_linear // 2
# CHECK-NEXT: block_row_raw: T.let[T.int32] = block_linear % 2
# CHECK-NEXT: block_row: T.let[T.int32] = T.Select(block_col % 2 == 0, block_row_raw, 1 - block_row_raw)
# CHECK-NEXT: local_row: T.let[T.int32] = within_block // 4
# CHECK-NEXT: local_col: T.let[T.int32] = within_block % 4
# CHECK-NEXT: tile_row: T.let[T.int32] = block_row * 4 + local_row
# CHECK-NEXT: tile_col: T.let[T.int32] = block_col * 4 + local_col
# CHECK-NEXT: buffer_3 = tile_row
# CHECK-NEXT: buffer_4 = tile_col * 2 + buffer_5 % 2
# CHECK-NEXT: else:
# CHECK-NEXT: rem: T.let[T.int32] = buffer_5 // 2 - 32
# CHECK-NEXT: right_strip_tiles: T.let[T.int32] = 20
# CHECK-NEXT: if rem < right_strip_tiles:
# CHECK-NEXT: tile_row: T.let[T.int32] = rem // 2
# CHECK-NEXT: tile_col: T.let[T.int32] = 4 + rem % 2
# CHECK-NEXT: buffer_3 = tile_row
# CHECK-NEXT: buffer_4 = tile_col * 2 + buffer_5 % 2
# CHECK-NEXT: else:
# CHECK-NEXT: buffer_3 = 0
# CHECK-NEXT: buffer_4 = buffer_5 % 2
# CHECK-NEXT: A[2] = buffer_3 + buffer_4
# CHECK-NEXT: buffer_2 = bx // 2
# CHECK-NEXT: s_tile_count = 0
# CHECK-NEXT: if T.bool(True) & (bx // 2 // 2 < 64):
# CHECK-NEXT: group_id: T.let[T.int32] = bx // 2 // 2 // 64
# CHECK-NEXT: within_group: T.let[T.int32] = bx // 2 // 2 % 64
# CHECK-NEXT: tile_row: T.let[T.int32] = group_id * 8 + within_group % 8
# CHECK-NEXT: tile_col: T.let[T.int32] = within_group // 8
# CHECK-NEXT: buffer = tile_row * 2 + bx // 2 % 2
# CHECK-NEXT: buffer_1 = tile_col
# CHECK-NEXT: else:
# CHECK-NEXT: rem: T.let[T.int32] = bx // 2 // 2 - 64
# CHECK-NEXT: tile_row: T.let[T.int32] = 8 + rem % 2
# CHECK-NEXT: tile_col: T.let[T.int32] = rem // 2
# CHECK-NEXT: buffer = tile_row * 2 + bx // 2 % 2
# CHECK-NEXT: buffer_1 = tile_col
# CHECK-NEXT: while buffer_2 < 160:
# CHECK-NEXT: A[buffer] = buffer_1 + s_tile_count
# CHECK-NEXT: buffer_2 = buffer_2 + 74
# CHECK-NEXT: s_tile_count = s_tile_count + 1
# CHECK-NEXT: if T.bool(True) & (buffer_2 // 2 < 64):
# CHECK-NEXT: group_id: T.let[T.int32] = buffer_2 // 2 // 64
# CHECK-NEXT: within_group: T.let[T.int32] = buffer_2 // 2 % 64
# CHECK-NEXT: tile_row: T.let[T.int32] = group_id * 8 + within_group % 8
# CHECK-NEXT: tile_col: T.let[T.int32] = within_group // 8
# CHECK-NEXT: buffer = tile_row * 2 + buffer_2 % 2
# CHECK-NEXT: buffer_1 = tile_col
# CHECK-NEXT: else:
# CHECK-NEXT: rem: T.let[T.int32] = buffer_2 // 2 - 64
# CHECK-NEXT: tile_row: T.let[T.int32] = 8 + rem % 2
# CHECK-NEXT: tile_col: T.let[T.int32] = rem // 2
# CHECK-NEXT: buffer = tile_row * 2 + buffer_2 % 2
# CHECK-NEXT: buffer_1 = tile_col
# CHECK-NEXT: buffer_6: T.int32
# CHECK-NEXT: buffer_7: T.int32
# CHECK-NEXT: buffer_8: T.int32
# CHECK-NEXT: g_tile_count: T.int32
# CHECK-NEXT: buffer_8 = bx
# CHECK-NEXT: g_tile_count = 0
# CHECK-NEXT: if T.bool(True) & (bx < 256):
# CHECK-NEXT: group_id: T.let[T.int32] = bx // 128
# CHECK-NEXT: within_group: T.let[T.int32] = bx % 128
# CHECK-NEXT: tile_row: T.let[T.int32] = group_id * 8 + within_group % 8
# CHECK-NEXT: tile_col: T.let[T.int32] = within_group // 8
# CHECK-NEXT: buffer_6 = tile_row
# CHECK-NEXT: buffer_7 = tile_col
# CHECK-NEXT: else:
# CHECK-NEXT: buffer_6 = 0
# CHECK-NEXT: buffer_7 = 0
# CHECK-NEXT: A[0] = buffer_6
# CHECK-NEXT: buffer_9: T.int32
# CHECK-NEXT: buffer_10: T.int32
# CHECK-NEXT: buffer_11: T.int32
# CHECK-NEXT: z_tile_count: T.int32
# CHECK-NEXT: buffer_11 = bx
# CHECK-NEXT: z_tile_count = 0
# CHECK-NEXT: rem: T.let[T.int32] = bx
# CHECK-NEXT: tile_row: T.let[T.int32] = rem % 4
# CHECK-NEXT: tile_col: T.let[T.int32] = rem // 4
# CHECK-NEXT: buffer_9 = tile_row
# CHECK-NEXT: buffer_10 = tile_col
# CHECK-NEXT: A[1] = buffer_9
# CHECK-NEXT: buffer_12: T.int32
# CHECK-NEXT: buffer_13: T.int32
# CHECK-NEXT: buffer_14: T.int32
# CHECK-NEXT: lin_batch_idx: T.int32
# CHECK-NEXT: lin_head_idx: T.int32
# CHECK-NEXT: lin_m_block_idx: T.int32
# CHECK-NEXT: buffer_14 = bx
# CHECK-NEXT: lin_batch_idx = bx // 32
# CHECK-NEXT: lin_head_idx = bx % 32 // 8
# CHECK-NEXT: lin_m_block_idx = bx % 8
# CHECK-NEXT: while buffer_14 < 64:
# CHECK-NEXT: A[lin_m_block_idx] = lin_batch_idx + lin_head_idx
# CHECK-NEXT: buffer_14 = buffer_14 + 148
# CHECK-NEXT: lin_batch_idx = buffer_14 // 32
# CHECK-NEXT: lin_head_idx = buffer_14 % 32 // 8
# CHECK-NEXT: lin_m_block_idx = buffer_14 % 8
# CHECK-NEXT: buffer_15: T.int32
# CHECK-NEXT: buffer_16: T.int32
# CHECK-NEXT: buffer_17: T.int32
# CHECK-NEXT: lpt_batch_idx: T.int32
# CHECK-NEXT: lpt_head_idx: T.int32
# CHECK-NEXT: lpt_m_block_idx: T.int32
# CHECK-NEXT: buffer_17 = bx
# CHECK-NEXT: bidhb: T.let[T.int32] = bx // 24
# CHECK-NEXT: l2_mod: T.let[T.int32] = bx % 24
# CHECK-NEXT: num_hb_remainder: T.let[T.int32] = 2
# CHECK-NEXT: m_block_raw: T.let[T.int32] = T.Select(bidhb < 2, l2_mod // 3, l2_mod // num_hb_remainder)
# CHECK-NEXT: bidhb_residual: T.let[T.int32] = T.Select(bidhb < 2, l2_mod % 3, l2_mod % num_hb_remainder)
# CHECK-NEXT: bidhb_actual: T.let[T.int32] = bidhb * 3 + bidhb_residual
# CHECK-NEXT: lpt_batch_idx = bidhb_actual // 4
# CHECK-NEXT: lpt_head_idx = bidhb_actual % 4
# CHECK-NEXT: lpt_m_block_idx = 7 - m_block_raw
# CHECK-NEXT: while buffer_17 < 64:
# CHECK-NEXT: A[lpt_m_block_idx] = lpt_batch_idx + lpt_head_idx
# CHECK-NEXT: buffer_17 = 64
# CHECK-NOT: {{.}}
from tvm.script import tirx as T
from tvm.tirx.lang.tile_scheduler import ClusterPersistentScheduler2D, FlashAttentionLinearScheduler, FlashAttentionLPTScheduler

@T.prim_func
def sched(A: T.Buffer((64,), "int32")):
    T.device_entry()
    bx = T.cta_id([148])
    tx = T.thread_id([128])
    s = ClusterPersistentScheduler2D("s", num_m_tiles=20, num_n_tiles=8, num_clusters=74, l2_group_size=8, cluster_m=2)
    sp = ClusterPersistentScheduler2D("sp", num_m_tiles=10, num_n_tiles=12, num_clusters=148, l2_group_size=4, cluster_n=2, serpentine=True)
    sp.init(bx)
    sp.next_tile_stride(3)
    A[2] = sp.m_idx + sp.n_idx
    s.init(bx // 2)
    while s.valid():
        A[s.m_idx] = s.n_idx + s.tile_count
        s.next_tile()
    g = ClusterPersistentScheduler2D("g", 16, 16, 148, l2_group_size=8)
    g.init(bx)
    A[0] = g.m_idx
    z = ClusterPersistentScheduler2D("z", 4, 6, 148)
    z.init(bx)
    A[1] = z.m_idx
    lin = FlashAttentionLinearScheduler("fa", num_batches=2, num_heads=4, num_m_blocks=8, num_ctas=148)
    lin.init(bx)
    while lin.valid():
        A[lin.m_block_idx] = lin.batch_idx + lin.head_idx
        lin.next_tile()
    lpt = FlashAttentionLPTScheduler("lpt", num_batches=2, num_heads=4, num_m_blocks=8, l2_swizzle=3)
    lpt.init(bx)
    while lpt.valid():
        A[lpt.m_block_idx] = lpt.batch_idx + lpt.head_idx
        lpt.next_tile()
