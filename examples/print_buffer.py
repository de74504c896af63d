# Debug printing: C[i] = i * 2 for 8 floats, then T.print_buffer emits a device printf of C.
# Expected: C == [0, 2, 4, ..., 14]; thread 0 of each block prints the 8 values once.
@T.prim_func
def print_buffer_demo(C_ptr: T.handle):
    C = T.match_buffer(C_ptr, (8,), "float32")

    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([8])

    C[tx] = T.float32(tx * 2)
    T.cuda.cta_sync()
    T.print_buffer(C.data, "float32", False, False, 1, (8,))
