# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E5 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from typing import TypeVar
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

M = TypeVar("M")
@T.prim_func(private=True)
def main(A: T.Buffer((M, "M * T.int64(2)"), "float32")):
    A[0, 0] = T.float32(1.0)
