# tvm.tirx.layout's names are the evaluator's layout values: S, TileLayout,
# ComposeLayout and the axes (TLane, TCol, laneid, wid_in_wg, ...) used as
# `stride @ axis`; `from tvm.script.tirx import tile as Tx` is T.tile.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: t = T.decl_buffer((128, 64), scope="tmem", layout=T.TileLayout(T.S[(128, 64):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
# CHECK-NEXT: s = T.alloc_shared((64, 64), "float16", layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(64, 64):(64, 1)])))
# CHECK-NEXT: r = T.alloc_local((2, 32), layout=T.TileLayout(T.S[(2, 32):(1 @ Axis.wid_in_wg, 1 @ Axis.laneid)]))
# CHECK-NEXT: T.tile.copy(s[0:64, 0:64], A[0:64, 0:64])
from tvm.script import tirx as T
from tvm.tirx.layout import S, TCol, TileLayout, TLane, laneid, wid_in_wg, ComposeLayout
from tvm.script.tirx import tile as Tx

@T.prim_func
def lay(A: T.Buffer((64, 64), "float16")):
    T.device_entry()
    tx = T.thread_id([128])
    t = T.decl_buffer((128, 64), "float32", scope="tmem", layout=TileLayout(S[(128, 64) : (1 @ TLane, 1 @ TCol)]), allocated_addr=0)
    s = T.alloc_buffer((64, 64), "float16", scope="shared", layout=ComposeLayout(3, 3, 3, TileLayout(S[(64, 64):(64, 1)])))
    r = T.alloc_buffer((2, 32), "float32", scope="local", layout=TileLayout(S[(2, 32) : (1 @ wid_in_wg, 1 @ laneid)]))
    Tx.copy(s[:, :], A[:, :])
