# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E24 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def test():
    A = T.alloc_buffer((16,))
    T.tile.memset(A[0:16], T.float32(1.25), dispatch="v10", bar=7, foo=42)
