# layout= that is the default row-major layout of the buffer's shape is no
# layout: TVM 0.27 prints none (and a view stays X.view(shape)). The CHECK
# lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK:      d = T.alloc_shared((3, 64, 512), "float16")
# CHECK-NEXT: v = d.view(3, 64, 4, 128)
# CHECK-NEXT: e = T.alloc_shared((64, 128), "float16")
# CHECK-NEXT: g = T.alloc_shared((64, 128), "float16", layout=T.TileLayout(T.S[(64, 128):(256, 1)]))
# CHECK-NEXT: A[0] = T.Cast("float32", v[0, 0, 0, 0] + e[0, 0] + g[0, 0])
from tvm.script import tirx as T
@T.prim_func
def f(A: T.Buffer((64,), "float32")):
    T.device_entry()
    d = T.alloc_buffer((3, 64, 512), "float16", scope="shared")
    v = d.view(3, 64, 4, 128, layout=T.TileLayout(T.S[(3, 64, 4, 128):(32768, 512, 128, 1)]))
    e = T.alloc_buffer((64, 128), "float16", scope="shared", layout=T.TileLayout(T.S[(64, 128):(128, 1)]))
    g = T.alloc_buffer((64, 128), "float16", scope="shared", layout=T.TileLayout(T.S[(64, 128):(256, 1)]))
    A[0] = T.Cast("float32", v[0, 0, 0, 0] + e[0, 0] + g[0, 0])
