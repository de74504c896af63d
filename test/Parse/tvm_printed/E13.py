# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E13 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def idx(A: T.Buffer((128,), "float32"), n: T.uint32):
    for i in range(n):
        A[i] = T.float32(1.0)
    for k in range(T.uint32(128)):
        A[k] = T.float32(2.0)
    for m in range(T.int64(4)):
        A[m] = T.float32(3.0)
