# Loops LLVM's -O3 pipeline unrolls and simplifies: a 16-step recurrence over a parameter
# offset (fully unrolled), and a loop over a runtime count with a reduction.
@T.prim_func
def k(A: T.Buffer((4096,), "float32"), B: T.Buffer((4096,), "float32"), n: T.int32):
    T.device_entry()
    tx = T.thread_id([128])
    acc: T.float32 = T.float32(0)
    for i in range(16):
        acc = acc * A[tx + i * 7 + n] + T.float32(1.5) * B[(tx * 3 + i * 5) % 4096]
    s: T.float32 = T.float32(0)
    for j in range(n):
        s = s + B[(tx + j * 128) % 4096]
    A[tx] = acc + s
