# Data types: float16/bfloat16/int32/uint8/bool locals, float16 shared memory, a float32x4 copy.
# Expected: O == A (256 floats); a wrong narrow-type conversion leaves O[4t:4t+4] unwritten.
@T.prim_func
def dtypes(A_ptr: T.handle, O_ptr: T.handle):
    A = T.match_buffer(A_ptr, (256,), "float32")
    O = T.match_buffer(O_ptr, (256,), "float32")

    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])

    h = T.alloc_local((1,), "float16")
    b = T.alloc_local((1,), "bfloat16")
    n = T.alloc_local((1,), "int32")
    u = T.alloc_local((1,), "uint8")
    p = T.alloc_local((1,), "bool")
    sh = T.alloc_shared((64,), "float16")
    v = T.alloc_local((1,), "float32x4")

    h[0] = T.float16(tx)
    sh[tx] = h[0]
    T.cuda.cta_sync()
    b[0] = T.bfloat16(sh[63 - tx])
    n[0] = T.int32(b[0])
    u[0] = T.uint8(n[0] + 192)
    p[0] = T.int32(u[0]) - 192 + tx == 63

    v[0] = A.vload([tx * 4], dtype="float32x4")
    if p[0]:
        O.vstore([tx * 4], v[0])
