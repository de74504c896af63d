# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E26 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def layouts():
    T.attr({"tirx.device_entry": T.bool(True)})
    lane_id = T.lane_id([32])
    C = T.alloc_shared((64, 64), "float16", layout=T.TileLayout(T.S[(64, 64):(1, 64)]))
    R = T.alloc_local((32, 8), layout=T.TileLayout(T.S[(32, 8):(1 @ Axis.laneid, 1)]))
    D = T.alloc_shared((128, 32), "float16", layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[4096:1])))
    X = T.alloc_local((8,), "float16", layout=T.TileLayout(T.S[8:4 @ Axis.laneid] + T.R[4:1 @ Axis.laneid]))
    Y = T.alloc_local((8,), "float16", layout=T.TileLayout(T.S[8:4 @ Axis.laneid] + (1 @ Axis.laneid + 64 + 2 @ Axis.warpid)))
    N = T.alloc_local((4,), layout=None)
    C[0, 0] = T.float16(0.0)
