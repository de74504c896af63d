# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E34 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def names(A: T.Buffer((4, 4), "float32")):
    buf = T.alloc_local((4,))
    buf_1 = T.alloc_local((4,))
    for i in range(4):
        A[i, 0] = buf[i] + buf_1[i]
        for i_1 in range(4):
            A[i, i_1] = T.float32(0.0)
