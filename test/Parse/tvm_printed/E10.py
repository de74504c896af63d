# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E10 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def scalars(A: T.Buffer((64,), "int32")):
    T.attr({"tirx.device_entry": T.bool(True)})
    tx = T.thread_id([64])
    count: T.int32 = 0
    tmp: T.float16
    count = count + A[tx]
    tmp = T.Cast("float16", count)
    doubled: T.int32 = count * 2
    A[tx] = doubled
