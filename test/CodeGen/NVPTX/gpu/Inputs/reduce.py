# warp_sum (width 16), cta_sum, cta_max on ints, atomic_add: checked on the GPU.
@T.prim_func
def red(A_ptr: T.handle, W_ptr: T.handle, C_ptr: T.handle, M_ptr: T.handle, S_ptr: T.handle):
    A = T.match_buffer(A_ptr, (256,), "float32")
    W = T.match_buffer(W_ptr, (256,), "float32")
    C = T.match_buffer(C_ptr, (256,), "float32")
    M = T.match_buffer(M_ptr, (256,), "int32")
    S = T.match_buffer(S_ptr, (1,), "float32")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([256])
    scratch = T.alloc_shared((8,), "float32")
    iscr = T.alloc_shared((8,), "int32")
    W[tx] = T.cuda.warp_sum(A[tx], 16)
    C[tx] = T.cuda.cta_sum(A[tx], 8, scratch.data)
    M[tx] = T.cuda.cta_max(T.int32(A[tx]) - 1000, 8, iscr.data)
    T.cuda.atomic_add(S.data, A[tx])
