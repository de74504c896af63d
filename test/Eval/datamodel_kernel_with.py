# A user context manager in a kernel body: `with` calls its __enter__ (the
# `as` name binds what it returns), the body, then __exit__(None, None, None),
# as TVM's parser does through Python's protocol.  Checked against CPython
# (see datamodel_operators.py).
# RUN: %tirx-opt %s | FileCheck %s
# RUN: %python %S/Inputs/cpython_eval.py %s | FileCheck %s
# CHECK: T.evaluate(3)
# CHECK-NEXT: T.evaluate("in")
# CHECK-NEXT: T.evaluate("in out:None")
from tvm.script import tirx as T

log = []


class Scope:
    def __enter__(self):
        log.append("in")
        return 3

    def __exit__(self, et, ev, tb):
        log.append("out:%s" % et)
        return False


@T.prim_func
def f():
    with Scope() as n:
        T.evaluate(n)
        T.evaluate(" ".join(log))
    T.evaluate(" ".join(log))
