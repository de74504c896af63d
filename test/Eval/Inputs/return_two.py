from tvm.script import tirx as T


@T.prim_func
def f(n: T.int32):
    T.Return(n, n)
