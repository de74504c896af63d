# A symbolic shape: n is read from the tensors at call time; one thread loops over n.
# Expected: B[i] == 2 * A[i] for any length n (both tensors must have the same n).
@T.prim_func
def scale_dyn(a: T.handle, b: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n,), "float32")
    B = T.match_buffer(b, (n,), "float32")

    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([1])

    for i in range(n):
        B[i] = A[i] * T.float32(2.0)
