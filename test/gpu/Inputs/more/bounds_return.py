# Launch-bounds attribute, a device assert, an early return, T.Let and ceildiv.
@T.prim_func
def bounds_return(A: T.Buffer((256,), "int32"), n: T.int32):
    x = T.int32()
    T.device_entry()
    T.attr({"tirx.launch_bounds_min_blocks_per_sm": 2})
    bx = T.cta_id([T.ceildiv(256, 128)])
    tx = T.thread_id([128])
    assert n > 0, "n must be positive"
    i: T.let[T.int32] = bx * 128 + tx
    if i >= n:
        return
    A[i] = T.Let(x * x, where={x: i})
