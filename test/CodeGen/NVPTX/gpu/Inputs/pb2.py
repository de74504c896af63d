# print_buffer from two blocks: constant and symbolic shapes, and the scalar form.
@T.prim_func
def pb2(C_ptr: T.handle, m: T.int32):
    C = T.match_buffer(C_ptr, (6,), "int32")
    T.device_entry()
    bx = T.cta_id([2])
    tx = T.thread_id([6])
    C[tx] = tx * 10 - 7
    T.cuda.cta_sync()
    T.print_buffer(C.data, "int32", False, False, 2, (2, 3))
    T.print_buffer(C.data, "int32", False, False, 2, (m, 3))
    T.print_buffer(C.data, "int32", False, True, 0)
