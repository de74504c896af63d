# The TVMScript twin of ../irbuilder_trace.py (not a test by itself).
from tvm.script import tirx as T


@T.prim_func
def traced(A: T.Buffer((64,), "float32"), n: T.int32):
    T.func_attr({"global_symbol": "traced"})
    T.device_entry()
    T.attr({"tirx.launch_bounds_min_blocks_per_sm": 2})
    v = T.cta_id([n])
    v_1 = T.thread_id([32])
    buffer = T.local_scalar("int32")
    buffer = v_1
    while buffer < n:
        if buffer % 2 == 0:
            A[buffer] = A[buffer] * T.float32(2.0)
        else:
            T.ptx.bar.sync(0)
        buffer = buffer + 32
    buffer_1 = T.alloc_local([2], "float32")
    A[v_1] = A[v_1] + T.float32(3.0)
    A[0] = A[0] + T.float32(1.0)
    A[1] = A[1] + T.float32(2.0)
