# Layout methods: l.tile_to(to_shape, current_shape) repeats l row-major over
# the tile (a swizzle stays around it), l.canonicalize() drops unit iters and
# merges contiguous ones, l.apply(x)["m"] splits a linear coordinate over the
# extents (x * 8 // 32 is x // 4, as TVM's analyzer leaves it) and sums the
# strided coordinates. The CHECK lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK:      s = T.alloc_buffer((64, 128), "float16", scope="shared.dyn", layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(64, 2, 64):(64, 4096, 1)])))
# CHECK-NEXT: t = s.view(128, 64, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[8192:1])))
# CHECK-NEXT: strides = T.alloc_local((3,), "int32")
# CHECK-NEXT: A[0] = T.Cast("float32", s[0, 0] + t[0, 0]) + T.Cast("float32", ni // 4 * strides[2] + ni % 4 // 2 * strides[1] + ni % 2 * strides[0])
from tvm.script import tirx as T
from tvm.tirx.layout import ComposeLayout, S, TileLayout


def swizzled(rows, cols):
    base = ComposeLayout(3, 3, 3, TileLayout(S[(512,)]))
    return base.tile_to([rows, 64], [8, 64]).tile_to([rows, cols], [rows, 64]).canonicalize()


def offset(strides, x):
    return TileLayout(S[[2, 2, 2, 8] : [strides[2], strides[1], strides[0], 0]]).apply(x)["m"]


@T.prim_func
def f(A: T.Buffer((64,), "float32"), ni: T.int32):
    T.device_entry()
    s = T.alloc_buffer((64, 128), "float16", scope="shared.dyn", layout=swizzled(64, 128))
    t = T.decl_buffer((128, 64), "float16", data=s.data, scope="shared.dyn", layout=swizzled(128, 64))
    strides = T.alloc_local((3,), "int32")
    A[0] = T.Cast("float32", s[0, 0] + t[0, 0]) + T.Cast("float32", offset(strides, ni * 8))
