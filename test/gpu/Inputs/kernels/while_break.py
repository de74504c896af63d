# while / break: each thread counts the Collatz steps of (i + 1), stopping at 1, with
# a guard that breaks after 200 steps.
# Expected: S[i] == number of Collatz steps from i + 1 down to 1 (for i < 64).
@T.prim_func
def while_break(S_ptr: T.handle):
    S = T.match_buffer(S_ptr, (64,), "int32")

    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])

    x = T.alloc_local((1,), "int32")
    n = T.alloc_local((1,), "int32")
    x[0] = tx + 1
    n[0] = 0
    while True:
        if x[0] == 1:
            break
        if n[0] >= 200:
            break
        if x[0] % 2 == 0:
            x[0] = x[0] // 2
        else:
            x[0] = 3 * x[0] + 1
        n[0] = n[0] + 1
    S[tx] = n[0]
