# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E21 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main(x: T.float32, d: T.float64, k: T.int64):
    T.evaluate(x + T.float32(0.10000000000000001))
    T.evaluate(x + T.float32(1.25))
    T.evaluate(d * T.float64(1.0000000000000001e-05))
    T.evaluate(T.max(x, T.float32("-inf")))
    T.evaluate(k + T.int64(4294967295))
