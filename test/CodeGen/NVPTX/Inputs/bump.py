from tvm.script import tirx as T

@T.prim_func(private=True)
def bump(x: T.int32) -> T.int32:
    return x * 3 + 1
