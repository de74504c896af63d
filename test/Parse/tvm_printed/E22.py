# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E22 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def vec(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32")):
    B[0:4] = A[4:8]
    B[8:16:2] = A[0:4]
    B.vstore([T.Ramp(16, 1, 4)], A.vload([T.Ramp(0, 1, 4)], predicate=T.Broadcast(T.bool(True), 4)), predicate=T.Broadcast(T.bool(True), 4))
