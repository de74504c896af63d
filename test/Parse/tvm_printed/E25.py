# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E25 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def compose(A: T.Buffer((32,), "float32"), B: T.Buffer((32,), "float32")):
    smem = T.alloc_shared((32,))
    T.warp.exp2(A[0:32])
    with T.tile.compose_op():
        T.tile.add(B[0:32], A[0:32], T.float32(1.0))
        T.tile.add(B[0:32], B[0:32], T.float32(2.0), workspace={"smem": smem})
