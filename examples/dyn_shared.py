# The dynamic shared-memory arena: one shared.dyn allocation, two 64-float views into it.
# Expected: C[i] == A[i] + B[i] over 64 floats; launched with 512 bytes of dynamic shared memory.
@T.prim_func
def dyn_shared(A_ptr: T.handle, B_ptr: T.handle, C_ptr: T.handle):
    A = T.match_buffer(A_ptr, (64,), "float32")
    B = T.match_buffer(B_ptr, (64,), "float32")
    C = T.match_buffer(C_ptr, (64,), "float32")

    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])

    arena = T.alloc_buffer((128,), "float32", scope="shared.dyn")
    As = T.decl_buffer((64,), "float32", data=arena.data, scope="shared.dyn")
    Bs = T.decl_buffer((64,), "float32", data=arena.data, elem_offset=64, scope="shared.dyn")
    As[tx] = A[tx]
    Bs[tx] = B[tx]
    T.cuda.cta_sync()
    C[tx] = As[tx] + Bs[tx]
