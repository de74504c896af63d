# A.permute(...) is printed X.permute(dims) when X has the default row-major
# layout of its shape and the shape changes; over a view that keeps another
# shape's layout, or a swizzled layout, it is the X.view(..., layout=...) it
# is; a same-shaped permute is the T.decl_buffer it is. The CHECK lines are
# what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK:      d = T.alloc_shared((3, 64, 512), "float16")
# CHECK-NEXT: p = d.permute(2, 0, 1)
# CHECK-NEXT: w = d.view(3, 64, 4, 128)
# CHECK-NEXT: p3 = w.view(3, 4, 64, 128, layout=T.TileLayout(T.S[(3, 4, 64, 128):(32768, 128, 512, 1)]))
# CHECK-NEXT: s = T.alloc_buffer((64, 128), "float16", scope="shared.dyn", layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(64, 128):(128, 1)])))
# CHECK-NEXT: p4 = s.view(128, 64, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(128, 64):(1, 128)])))
# CHECK-NEXT: e = T.alloc_shared((8, 8), "float16")
# CHECK-NEXT: p5 = T.decl_buffer((8, 8), "float16", data=e.data, scope="shared", layout=T.TileLayout(T.S[(8, 8):(1, 8)]))
# CHECK-NEXT: A[0, 0] = p[0, 0, 0] + p3[0, 0, 0, 0] + p4[0, 0] + p5[0, 0]
from tvm.script import tirx as T
@T.prim_func
def f(A: T.Buffer((64, 128), "float16")):
    T.device_entry()
    d = T.alloc_buffer((3, 64, 512), "float16", scope="shared")
    p = d.permute(2, 0, 1)
    w = d.view(3, 64, 4, 128)
    p3 = w.permute(0, 2, 1, 3)
    s = T.alloc_buffer((64, 128), "float16", scope="shared.dyn", layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(64, 128):(128, 1)])))
    p4 = s.permute(1, 0)
    e = T.alloc_buffer((8, 8), "float16", scope="shared")
    p5 = e.permute(1, 0)
    A[0, 0] = p[0, 0, 0] + p3[0, 0, 0, 0] + p4[0, 0] + p5[0, 0]
