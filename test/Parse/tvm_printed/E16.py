# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E16 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def hints(A: T.Buffer((64,), "float32")):
    with T.hint("software pipeline", depth=4):
        for i in range(64):
            A[i] = T.float32(0.0)
    with T.attr(A.data, "storage_alignment", 16):
        A[0] = T.float32(1.0)
    T.hint("tail")
    A[1] = T.float32(2.0)
