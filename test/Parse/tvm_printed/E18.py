# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E18 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main(n: T.int32) -> T.int32:
    assert n > 0, ("ValueError", ["n must be positive, got ", "n"])
    return n * 2
