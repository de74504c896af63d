# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E12 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def loops(A: T.Buffer((16, 16), "float32"), B: T.Buffer((64,), "float32")):
    for i, j in T.grid(16, 16):
        A[i, j] = T.float32(0.0)
    for i in range(2, 10):
        B[i] = T.float32(1.0)
    for i in range(0, 64, 4):
        B[i] = T.float32(2.0)
    for i in T.unroll(4):
        B[i] = T.float32(3.0)
    for i in T.vectorized(4):
        B[i + 4] = T.float32(4.0)
    for i in T.parallel(8):
        B[i + 8] = T.float32(5.0)
    for i in T.serial(8, unroll=False):
        B[i + 16] = T.float32(6.0)
    for i in T.serial(8, annotations={"custom": 1, "disable_unroll": True}):
        B[i + 24] = T.float32(7.0)
