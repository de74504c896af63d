# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E19 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main(a: T.int32, b: T.int32, x: T.float32, h: T.float16, u: T.uint32, w: T.int64):
    T.evaluate(a // b + a % b)
    T.evaluate(T.Div(a, b) + T.truncmod(a, b))
    T.evaluate(x / T.float32(3.0))
    T.evaluate(T.min(a, b) - T.max(a, 0))
    T.evaluate(a * -1)
    T.evaluate(w + T.int64(5))
    T.evaluate(u + T.uint32(1))
    T.evaluate(h * T.float16(0.5))
    T.evaluate(T.Add(a, 0))
    T.evaluate(a - (b - 1))
