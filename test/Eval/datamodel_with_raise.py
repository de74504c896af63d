# __exit__ when a `raise` ends a with-body, checked against CPython (see
# datamodel_operators.py): it gets the exception's type (a class of the source
# or a builtin exception; the exception itself: datamodel_exit_exception.py), a true result swallows the
# exception, a false one lets `except` see it; nested items exit innermost first.
# RUN: %tirx-opt %s | FileCheck %s
# RUN: %python %S/Inputs/cpython_eval.py %s | FileCheck %s
# CHECK: T.evaluate("exit MyErr after exit ValueError caught exit KeyError exit None inner swallowed")

from tvm.script import tirx as T
log = []
class Ctx:
    def __init__(self, swallow):
        self.swallow = swallow
    def __enter__(self):
        return self
    def __exit__(self, et, ev, tb):
        log.append("exit %s" % (et.__name__ if et is not None else None))
        return self.swallow
class MyErr(Exception):
    pass
def run():
    with Ctx(True):
        raise MyErr("x")
    log.append("after")
    try:
        with Ctx(False):
            raise ValueError("y")
    except ValueError:
        log.append("caught")
    try:
        with Ctx(False), Ctx(True):
            raise KeyError("z")
        log.append("inner swallowed")
    except KeyError:
        log.append("not reached")
    return " ".join(log)
R = run()
@T.prim_func
def f():
    T.evaluate(R)
