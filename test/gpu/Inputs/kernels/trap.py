# A kernel that faults whenever it runs (T.ptx.trap): the call-error tests use it to
# show that a rejected call never launches.
@T.prim_func
def trap(A_ptr: T.handle):
    A = T.match_buffer(A_ptr, (32,), "float32")

    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([32])

    A[tx] = T.float32(1.0)
    T.ptx.trap()
