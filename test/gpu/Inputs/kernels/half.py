# float16 arithmetic with casts: float16 inputs, a float16 multiply-add computed in
# float16, widened to float32 for the output, and an int32 -> float16 cast.
# Expected: O[i] == float32(float16(X[i] * Y[i] + float16(i % 8))): the multiply and the add
# contract into one fma.rn.f16 (one rounding; tirx-llc --fmad=false: two), also through p.
@T.prim_func
def half(X_ptr: T.handle, Y_ptr: T.handle, O_ptr: T.handle):
    X = T.match_buffer(X_ptr, (256,), "float16")
    Y = T.match_buffer(Y_ptr, (256,), "float16")
    O = T.match_buffer(O_ptr, (256,), "float32")

    T.device_entry()
    bx = T.cta_id([2])
    tx = T.thread_id([128])

    i = bx * 128 + tx
    p = T.alloc_local((1,), "float16")
    p[0] = X[i] * Y[i]
    O[i] = T.float32(p[0] + T.float16(i % 8))
