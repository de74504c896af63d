# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E6 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
from __future__ import annotations

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main[M](A: T.Buffer((M, M * T.int64(2)), "float32")):
    A[0, 0] = T.float32(1.0)
