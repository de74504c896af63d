# contextlib.nullcontext (prelude/pystd/contextlib.py), checked against CPython (see
# datamodel_operators.py): `with nullcontext(x) as y` binds x (None without one),
# runs its body, leaves exceptions alone; a factory picks it or a real context
# manager with a conditional expression.
# RUN: %tirx-opt %s | FileCheck %s
# RUN: %python %S/Inputs/cpython_eval.py %s | FileCheck %s
# CHECK: T.evaluate("None 5 body real:enter real:exit none")
from contextlib import nullcontext

from tvm.script import tirx as T

log = []


class Real:
    def __enter__(self):
        log.append("real:enter")
        return "real"

    def __exit__(self, *exc):
        log.append("real:exit")
        return False


def pick(real):
    return Real() if real else nullcontext()


def run():
    with nullcontext() as a:
        pass
    with nullcontext(5) as b:
        log.append("body")
    with pick(True):
        pass
    with pick(False) as c:
        log.append("none" if c is None else "?")
    return "%s %s %s" % (a, b, " ".join(log))


@T.prim_func
def f():
    T.evaluate(run())
