# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E1 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def scale(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "float32")):
    T.attr({"tirx.device_entry": T.bool(True)})
    bx = T.cta_id([1])
    tx = T.thread_id([256])
    B[tx] = A[tx] * T.float32(2.0)
