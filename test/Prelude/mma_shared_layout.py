# tvm.backend.cuda.tile_primitive.tma_utils: SwizzleMode (an Enum: .value,
# .name, SwizzleMode(n)) and mma_shared_layout(dtype, mode, shape): the swizzled
# MMA atom tiled over the shape in TVM 0.27's canonical form (unit dimensions
# dropped, contiguous ones fused); without swizzle, the packed-16B tiling or
# plain row-major.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# The expected lines are what TVM 0.27 prints for this kernel.
# CHECK-LABEL: def layouts(A: T.Buffer((64,), "float32")):
# CHECK-NEXT: T.attr({"tirx.device_entry": T.bool(True)})
# CHECK-NEXT: tx = T.thread_id([128])
# CHECK-NEXT: a = T.alloc_shared((4, 2, 64, 128), "float16", layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(8, 64, 2, 64):(8192, 64, 4096, 1)])))
# CHECK-NEXT: b = T.alloc_shared((1, 2, 128, 32), "bfloat16", layout=T.ComposeLayout(3, 2, 3, T.TileLayout(T.S[8192:1])))
# CHECK-NEXT: c = T.alloc_shared((64, 64), layout=T.ComposeLayout(2, 3, 3, T.TileLayout(T.S[(64, 2, 32):(32, 2048, 1)])))
# CHECK-NEXT: d = T.alloc_shared((2, 64, 16), "float16", layout=T.TileLayout(T.S[(2, 64, 2, 8):(1024, 8, 512, 1)]))
# CHECK-NEXT: e = T.alloc_shared((64, 12), "float16", layout=T.TileLayout(T.S[768:1]))
# CHECK-NEXT: f = T.alloc_shared((2, 128, 128), "float8_e4m3fn", layout=T.ComposeLayout(4, 3, 3, T.TileLayout(T.S[32768:1])))
# CHECK-NEXT: g = T.alloc_shared((4, 128, 64), "uint8", layout=T.ComposeLayout(4, 2, 3, T.TileLayout(T.S[32768:1])))
# CHECK-NEXT: T.evaluate(3)
# CHECK-NEXT: T.evaluate("SWIZZLE_128B_ATOM")
# CHECK-NOT: {{.}}
from tvm.script import tirx as T
from tvm.backend.cuda.tile_primitive.tma_utils import SwizzleMode, mma_shared_layout

MODES = {32: SwizzleMode.SWIZZLE_32B_ATOM, 64: SwizzleMode.SWIZZLE_64B_ATOM, 128: SwizzleMode.SWIZZLE_128B_ATOM}

@T.prim_func
def layouts(A: T.Buffer((64,), "float32")):
    T.device_entry()
    tx = T.thread_id([128])
    a = T.alloc_buffer((4, 2, 64, 128), "float16", scope="shared", layout=mma_shared_layout("float16", SwizzleMode.SWIZZLE_128B_ATOM, (4, 2, 64, 128)))
    b = T.alloc_buffer((1, 2, 128, 32), "bfloat16", scope="shared", layout=mma_shared_layout("bfloat16", MODES[64], (1, 2, 128, 32)))
    c = T.alloc_buffer((64, 64), "float32", scope="shared", layout=mma_shared_layout("float32", 3, (64, 64)))
    d = T.alloc_buffer((2, 64, 16), "float16", scope="shared", layout=mma_shared_layout("float16", SwizzleMode.SWIZZLE_NONE, (2, 64, 16)))
    e = T.alloc_buffer((64, 12), "float16", scope="shared", layout=mma_shared_layout("float16", 0, (64, 12)))
    f = T.alloc_buffer((2, 128, 128), "float8_e4m3fn", scope="shared", layout=mma_shared_layout("float8_e4m3fn", MODES[128], [2, 128, 128]))
    g = T.alloc_buffer((4, 128, 64), "uint8", scope="shared", layout=mma_shared_layout("uint8", SwizzleMode(2), (4, 128, 64)))
    T.evaluate(SwizzleMode.SWIZZLE_64B_ATOM.value + MODES[32].value)
    T.evaluate(MODES[128].name)
