#entry: build(n=8, mode="b")
import itertools
from enum import Enum

from tvm.script import tirx as T


class Mode(Enum):
    A = "a"
    B = "b"


def pick(mode, **kw):
    table = dict(a=1, b=2, **kw)
    try:
        return table[mode]
    except KeyError:
        return 0
    finally:
        pass


def build(n, mode="a", *extra):
    m = Mode.B if mode == "b" else Mode.A
    total = 0
    for i, (x, y) in enumerate(itertools.product((0, 1), (0, 1, 2))):
        if x == y:
            continue
        elif i > 4:
            break
        total += x + y
    idx = [i for i in range(n)][1:-1:2]
    vals = tuple(reversed(idx))
    k = pick(m.value, c=3) + total + len(vals) + (n if not extra else 0)

    @T.prim_func
    def f(A: T.Buffer((k,), "float32")):
        for i in T.serial(k):
            A[i] = T.float32(0)

    return f
