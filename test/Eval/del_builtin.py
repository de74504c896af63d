# `del NAME` of a module-level name that shadowed a builtin: later reads (also from a
# function defined before) find the builtin again, as in CPython; a function's own
# `del` of a local.  Checked against CPython.
# RUN: %tirx-opt %s | FileCheck %s
# RUN: %python %S/Inputs/cpython_eval.py %s | FileCheck %s
# CHECK: T.evaluate("2 | 42 | 2 | 0")
from tvm.script import tirx as T
out = []


def k():
    return len([1, 2])


out.append(str(k()))
len = lambda o: 42
out.append(str(k()))
del len
out.append(str(k()))


def f():
    y = 1
    del y
    return 0


out.append(str(f()))


@T.prim_func
def k0():
    T.evaluate(" | ".join(out))
