# A view of a tmem buffer aliases it by column address: a T.decl_buffer
# without data at the source's allocated_addr, keeping its layout (TVM 0.27's
# _redecl), so a rearrange over tmem is three such declarations. The CHECK
# lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK:      t = T.decl_buffer((64, 256), scope="tmem", layout=T.TileLayout(T.S[(64, 2, 128):(1 @ Axis.TLane, 128 @ Axis.TCol, 1 @ Axis.TCol)]), allocated_addr=32)
# CHECK-NEXT: v = T.decl_buffer((64, 2, 128), scope="tmem", layout=T.TileLayout(T.S[(64, 2, 128):(1 @ Axis.TLane, 128 @ Axis.TCol, 1 @ Axis.TCol)]), allocated_addr=32)
# CHECK-NEXT: buffer = T.decl_buffer((64, 2, 128), scope="tmem", layout=T.TileLayout(T.S[(64, 2, 128):(1 @ Axis.TLane, 128 @ Axis.TCol, 1 @ Axis.TCol)]), allocated_addr=32)
# CHECK-NEXT: buffer_1 = T.decl_buffer((2, 64, 128), scope="tmem", layout=T.TileLayout(T.S[(2, 64, 128):(128 @ Axis.TCol, 1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=32)
# CHECK-NEXT: w = T.decl_buffer((128, 128), scope="tmem", layout=T.TileLayout(T.S[(2, 64, 128):(128 @ Axis.TCol, 1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=32)
# CHECK-NEXT: A[0] = v[0, 0, 0] + w[0, 0]
from tvm.script import tirx as T
from tvm.tirx.layout import Axis
@T.prim_func
def f(A: T.Buffer((64,), "float32")):
    T.device_entry()
    t = T.decl_buffer((64, 256), "float32", scope="tmem", layout=T.TileLayout(T.S[(64, 2, 128):(1 @ Axis.TLane, 128 @ Axis.TCol, 1 @ Axis.TCol)]), allocated_addr=32)
    v = t.view(64, 2, 128)
    w = t.rearrange("h (a c) -> (a h) c", a=2)
    A[0] = v[0, 0, 0] + w[0, 0]
