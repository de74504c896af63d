# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E17 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def bounded(A: T.Buffer((256,), "float32")):
    T.attr({"tirx.device_entry": T.bool(True), "tirx.launch_bounds_min_blocks_per_sm": 2})
    bx = T.cta_id([1])
    tx = T.thread_id([256])
    A[tx] = T.float32(0.0)
