# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E31 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main():
    T.evaluate(0)
