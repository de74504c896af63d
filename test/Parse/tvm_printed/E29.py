# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E29 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def legacy(A: T.Buffer((128,), "float32")):
    with T.launch_thread("blockIdx.x", 4) as blockIdx_x:
        threadIdx_x = T.launch_thread("threadIdx.x", 32)
        A[blockIdx_x * 32 + threadIdx_x] = T.float32(0.0)
    A[0] = T.float32(1.0)
