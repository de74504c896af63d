# A.sub[...] over a laid-out buffer groups the layout by the shape first (an
# iter a dimension covers part of splits): a tmem buffer's column offset moves
# its allocated_addr, a swizzled buffer's offset stays in elem_offset when it
# is a multiple of the swizzle period and moves into the layout's offset
# otherwise. The CHECK lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK:      t = T.decl_buffer((2, 64, 64), scope="tmem", layout=T.TileLayout(T.S[(128, 64):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=400)
# CHECK-NEXT: t1 = T.decl_buffer((2, 64, 32), scope="tmem", layout=T.TileLayout(T.S[(2, 64, 32):(64 @ Axis.TLane, 1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=400)
# CHECK-NEXT: t2 = T.decl_buffer((2, 64, 32), scope="tmem", layout=T.TileLayout(T.S[(2, 64, 32):(64 @ Axis.TLane, 1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=432)
# CHECK-NEXT: t3 = T.decl_buffer((64, 64), scope="tmem", layout=T.TileLayout(T.S[(64, 64):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=400)
# CHECK-NEXT: t4 = T.decl_buffer((2, 32, 64), scope="tmem", layout=T.TileLayout(T.S[(2, 32, 64):(64 @ Axis.TLane, 1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=400)
# CHECK-NEXT: s = T.alloc_buffer((4, 8, 64), "float16", scope="shared.dyn", layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(4, 8, 64):(512, 64, 1)])))
# CHECK-NEXT: s1 = T.decl_buffer((8, 64), "float16", data=s.data, elem_offset=512, scope="shared.dyn", layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(8, 64):(64, 1)])))
# CHECK-NEXT: s2 = s.view(4, 64, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(4, 64):(512, 1)] + 192)))
# CHECK-NEXT: s3 = s.view(4, 8, 8, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(4, 8, 8):(512, 64, 1)] + 8)))
# CHECK-NEXT: s4 = s.view(4, 64, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(4, 64):(512, 1)] + n * 64)))
# CHECK-NEXT: s5 = T.decl_buffer((8, 64), "float16", data=s.data, elem_offset=n * 512, scope="shared.dyn", layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(8, 64):(64, 1)])))
# CHECK-NEXT: A[0, 0] = T.Cast("int64", t1[0, 0, 0] + t2[0, 0, 0] + t3[0, 0] + t4[0, 0, 0]) + T.Cast("int64", s1[0, 0] + s2[0, 0] + s3[0, 0, 0] + s4[0, 0] + s5[0, 0])
from tvm.script import tirx as T
from tvm.tirx.layout import Axis
@T.prim_func
def f(A: T.Buffer((64, 82), "int64"), n: T.int32):
    T.device_entry()
    t = T.decl_buffer((2, 64, 64), "float32", scope="tmem", layout=T.TileLayout(T.S[(128, 64):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=400)
    t1 = t.sub[:, :, 0:32]
    t2 = t.sub[:, :, 32:64]
    t3 = t.sub[0]
    t4 = t.sub[:, 0:32]
    s = T.alloc_buffer((4, 8, 64), "float16", scope="shared.dyn", layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(4, 8, 64):(512, 64, 1)])))
    s1 = s.sub[1]
    s2 = s.sub[:, 3]
    s3 = s.sub[:, :, 8:16]
    s4 = s.sub[:, n]
    s5 = s.sub[n]
    A[0, 0] = T.int64(t1[0,0,0] + t2[0,0,0] + t3[0,0] + t4[0,0,0]) + T.int64(s1[0,0] + s2[0,0] + s3[0,0,0] + s4[0,0] + s5[0,0])
