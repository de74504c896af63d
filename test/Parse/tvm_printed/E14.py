# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E14 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def ctrl(A: T.Buffer((10,), "int32")):
    i: T.int32 = 0
    while i < 10:
        if i % 2 == 1:
            i = i + 1
            T.continue_loop()
        A[i] = i
        i = i + 1
        if i == 7:
            T.break_loop()
