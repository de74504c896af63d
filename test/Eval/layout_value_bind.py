# l = TileLayout(...) in a kernel body binds the layout (a Python value, no
# statement); it can then be passed as layout=. The CHECK lines are what TVM
# 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK:      frag = T.alloc_local((64, 64), layout=T.TileLayout(T.S[(2, 32, 2, 32):(1 @ Axis.wid_in_wg, 1 @ Axis.laneid, 2 @ Axis.wid_in_wg, 1)]))
# CHECK-NEXT: B[0] = frag[0, 0]
from tvm.script import tirx as T
from tvm.tirx.layout import S, TileLayout, laneid, wid_in_wg
@T.prim_func
def f(B: T.Buffer((8,), "float32")):
    T.device_entry()
    lay = TileLayout(S[(2, 32, 2, 32) : (1 @ wid_in_wg, 1 @ laneid, 2 @ wid_in_wg, 1)])
    frag = T.alloc_local((64, 64), layout=lay)
    B[0] = frag[0, 0]
