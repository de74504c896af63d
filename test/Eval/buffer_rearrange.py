# A.rearrange("lhs -> rhs", **sizes) is A.view(axis sizes), then a permute to
# the rhs order, then a view merging the rhs groups; a swizzled buffer keeps
# its swizzle. A.permute of a default-layout buffer prints as X.permute(...)
# (TVM's printer), of any other layout as the view it is. The CHECK lines are
# what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK:      s = T.alloc_buffer((64, 128), "float16", scope="shared.dyn", layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(2, 64, 64):(4096, 64, 1)])))
# CHECK-NEXT: buffer = s.view(64, 2, 64)
# CHECK-NEXT: buffer_1 = buffer.view(2, 64, 64, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(2, 2, 32, 64):(64, 4096, 128, 1)])))
# CHECK-NEXT: r = buffer_1.view(128, 64)
# CHECK-NEXT: d = T.alloc_shared((3, 64, 512), "float16")
# CHECK-NEXT: buffer_2 = d.view(3, 64, 4, 2, 64)
# CHECK-NEXT: buffer_3 = buffer_2.view(3, 2, 64, 4, 64, layout=T.TileLayout(T.S[(3, 2, 64, 4, 64):(32768, 64, 512, 128, 1)]))
# CHECK-NEXT: r2 = buffer_3.view(3, 128, 256)
# CHECK-NEXT: p = d.permute(2, 0, 1)
# CHECK-NEXT: A[0, 0] = r[0, 0] + r2[0, 0, 0] + p[0, 0, 0]
from tvm.script import tirx as T
from tvm.tirx.layout import Axis
@T.prim_func
def f(A: T.Buffer((64, 128), "float16")):
    T.device_entry()
    s = T.alloc_buffer((64, 128), "float16", scope="shared.dyn", layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(2, 64, 64):(4096, 64, 1)])))
    r = s.rearrange("r (h c) -> (h r) c", h=2)
    d = T.alloc_buffer((3, 64, 512), "float16", scope="shared")
    r2 = d.rearrange("b r (dc h ci) -> b (h r) (dc ci)", dc=4, h=2, ci=64)
    p = d.permute(2, 0, 1)
    A[0, 0] = r[0, 0] + r2[0, 0, 0] + p[0,0,0]
