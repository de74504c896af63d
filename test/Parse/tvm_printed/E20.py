# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E20 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main(a: T.int32, b: T.int32, x: T.float32, u: T.uint32, flag: T.bool):
    T.evaluate(0 <= a and a < b)
    T.evaluate(not a == b or a != 3)
    T.bitwise_and(a, 255)
    T.shift_left(u, T.uint32(2))
    T.bitwise_not(a)
    T.if_then_else(a < b, x, T.float32(0.0))
    T.evaluate(T.Select(flag, a, b))
    T.evaluate(T.Cast("float32", a) * x)
