#entry: add.specialize(N=16)
from tvm.script import tirx as T


@T.jit
def add(A: T.handle, *, N: T.constexpr, STEP: T.constexpr = 1.0):
    a = T.match_buffer(A, shape=[N], dtype="float32")
    for i in range(N):
        a[i] = a[i] + T.float32(STEP)
