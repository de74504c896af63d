@T.inline
def first(A):
    for i in range(4):
        if A[i] > T.float32(0.0):
            return i

@T.prim_func
def k(A: T.Buffer((4,), "float32")):
    x = first(A)
