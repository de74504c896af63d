# cp.async 16-byte copies into shared memory, commit / wait, then compute.
@T.prim_func
def cp_async(A: T.Buffer((512,), "float32"), B: T.Buffer((512,), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([128])
    sm = T.alloc_shared((512,))
    T.ptx.cp.async_.cg.shared.global_(sm.ptr_to([tx * 4]), A.ptr_to([tx * 4]), 16)
    T.ptx.cp.async_.commit_group()
    T.ptx.cp.async_.wait_group(0)
    T.cuda.cta_sync()
    for k in range(4):
        B[tx * 4 + k] = sm[511 - (tx * 4 + k)] + T.float32(1.0)
