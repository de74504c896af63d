# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E3 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def scale_dyn(A: T.Buffer(("n",), "float32"), B: T.Buffer((n,), "float32")):
    n = T.int32()
    T.attr({"tirx.device_entry": T.bool(True)})
    bx = T.cta_id([1])
    tx = T.thread_id([1])
    for i in range(n):
        B[i] = A[i] * T.float32(2.0)
