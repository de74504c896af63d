@T.inline
def down(n):
    T.evaluate(n)
    return down(n - 1)

@T.prim_func
def k():
    down(3)
