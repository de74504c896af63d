# User objects in a kernel body, as TVM's parser runs them through Python's
# protocols: `with` calls __enter__ (the `as` name binds what it returns), the
# body, then __exit__(None, None, None); o[k] = v calls __setitem__; o.x = v
# runs a property's setter.  Checked against CPython (see datamodel_operators.py).
# RUN: %tirx-opt %s | FileCheck %s
# RUN: %python %S/Inputs/cpython_eval.py %s | FileCheck %s
# CHECK: T.evaluate(3)
# CHECK-NEXT: T.evaluate("in")
# CHECK-NEXT: T.evaluate("in out:None")
# CHECK-NEXT: T.evaluate(5)
# CHECK-NEXT: T.evaluate(8)
from tvm.script import tirx as T

log = []


class Scope:
    def __enter__(self):
        log.append("in")
        return 3

    def __exit__(self, et, ev, tb):
        log.append("out:%s" % et)
        return False


class Store:
    def __init__(self):
        self.d = {}

    def __setitem__(self, k, v):
        self.d[k] = v

    def __getitem__(self, k):
        return self.d[k]


class Q:
    def __init__(self):
        self._x = 0

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, v):
        self._x = v * 2


s = Store()
q = Q()


@T.prim_func
def f():
    with Scope() as n:
        T.evaluate(n)
        T.evaluate(" ".join(log))
    T.evaluate(" ".join(log))
    s["k"] = 5
    q.x = 4
    T.evaluate(s["k"])
    T.evaluate(q.x)
