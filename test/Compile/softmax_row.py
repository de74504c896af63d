# A kernel in the docs' style: it round-trips and assembles with ptxas.
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
@T.prim_func
def softmax_row(x_ptr: T.handle, y_ptr: T.handle, n: T.int32):
    X = T.match_buffer(x_ptr, (n, 128), "float32")
    Y = T.match_buffer(y_ptr, (n, 128), "float32")
    T.device_entry()
    row = T.cta_id([n])
    lane = T.thread_id([128])
    scratch = T.alloc_shared((4,), "float32")
    v: T.float32 = X[row, lane]
    m = T.cuda.cta_max(v, 4, scratch.ptr_to([0]))
    T.cuda.cta_sync()
    e = T.exp(v - m)
    s = T.cuda.cta_sum(e, 4, scratch.ptr_to([0]))
    Y[row, lane] = e / s
