# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E28 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def intrinsics(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "float32")):
    T.attr({"tirx.device_entry": T.bool(True)})
    bx = T.cta_id([1])
    tx = T.thread_id([256])
    T.cuda.cta_sync()
    T.ptx.setmaxnreg(232, "inc", "sync", "aligned", "u32", "")
    B[tx] = T.cuda.func_call("my_relu", A[tx], source_code="__device__ float my_relu(float x) { return x > 0.f ? x : 0.f; }", return_type="float32")
