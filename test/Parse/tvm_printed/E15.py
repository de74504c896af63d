# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E15 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def branch(A: T.Buffer((128,), "float32")):
    T.attr({"tirx.device_entry": T.bool(True)})
    tx = T.thread_id([128])
    if tx < 32:
        A[tx] = T.float32(0.0)
    else:
        if tx < 64:
            A[tx] = T.float32(1.0)
        else:
            A[tx] = T.float32(2.0)
    if T.cuda.elect_sync():
        A[0] = T.float32(-1.0)
