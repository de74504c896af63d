@T.prim_func
def f(A: T.Buffer((16,), "float32"), B: T.Buffer((4611686018427387904, 4), "float32")):
    T.device_entry()
    tx = T.thread_id([32])
    V = A.view(4611686018427387904, 4)
    W = B.view(-1)
    X = B.view("float64")
    B[0, 0:4] = A[0:4]
    A[0] = B[-9223372036854775807:9223372036854775807, 0]
