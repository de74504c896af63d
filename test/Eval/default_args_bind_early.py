# Default argument values are evaluated once, where the function or lambda is
# made, as in CPython: `lambda x, r=i: ...` and `def g(x, r=i)` in a loop keep
# each iteration's i, and a default naming a global that is rebound later keeps
# the value it had (TIRx-kernels' filtered_topk passes `lambda ..., r=rnd:` to a
# helper that calls it elsewhere).  Checked against CPython (see
# datamodel_operators.py).
# RUN: %tirx-opt %s | FileCheck %s
# RUN: %python %S/Inputs/cpython_eval.py %s | FileCheck %s
# CHECK: T.evaluate("[1, 2, 3] [10, 11, 12] [1, 2, 3] 5")
from tvm.script import tirx as T

K = 5


def keep(x, k=K):
    return k


K = 6


def run():
    lams, defs = [], []
    for i in range(3):
        lams.append(lambda x, r=i: x + r)

        def g(x, r=i):
            return x * 10 + r

        defs.append(g)
    return "%s %s %s %d" % ([f(1) for f in lams], [g(1) for g in defs], [f(1) for f in lams], keep(0))


@T.prim_func
def f():
    T.evaluate(run())
