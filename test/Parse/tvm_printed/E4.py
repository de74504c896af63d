# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E4 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def widen(A: T.Buffer(("m", "n"), "float16"), B: T.Buffer((m, n * 2), "float16")):
    m, n = T.int32(), T.int32()
    for i, j in T.grid(m, n):
        B[i, j * 2] = A[i, j]
