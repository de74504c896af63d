@T.prim_func
def first(A: T.Buffer((4,), "float32")):
    A[0] = T.float32(1.0)
# -----
@T.prim_func
def second(A: T.Buffer((4,), "float32")):
    A[0] = B[0]
# -----
@T.prim_func
def third(A: T.Buffer((4,), "float32")):
    A[1] = T.float32(2.0)
