from tvm.script import tirx as T

def bad():
    return [1] & {2}

@T.prim_func
def f():
    T.evaluate(bad())
