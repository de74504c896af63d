# Assigning a function's __annotations__ (as TIRx-kernels' kern factories give a
# traced kernel its parameter types after the def): inspect.signature reads the
# assigned dict, not the def's own annotations (a parameter the dict leaves out
# has none), f.__annotations__ reads it back, each function object keeps its own
# (two defs of one nested function made by two calls), and anything but a dict is
# refused.  Checked against CPython.
# RUN: %tirx-opt %s | FileCheck %s
# RUN: %python %S/Inputs/cpython_eval.py %s | FileCheck %s
# CHECK: T.evaluate("a=int b=float c=- | a=str b=- c=- | x=1 | own=dict")
import inspect

from tvm.script import tirx as T


def make(kind):
    def kern(a, b: int, c=3):
        return a

    if kind == 1:
        kern.__annotations__ = {"a": int, "b": float}
    else:
        kern.__annotations__ = {"a": str}
    return kern


def show(f):
    out = []
    for name, p in inspect.signature(f).parameters.items():
        ann = p.annotation
        out.append("%s=%s" % (name, "-" if ann is inspect.Parameter.empty else ann.__name__))
    return " ".join(out)


def run():
    f1 = make(1)
    f2 = make(2)

    def g(x):
        return x

    g.__annotations__ = {"x": 1}
    own = type(f1.__annotations__).__name__ if f1.__annotations__ != f2.__annotations__ else "shared"
    return "%s | %s | x=%s | own=%s" % (show(f1), show(f2), g.__annotations__["x"], own)


@T.prim_func
def f():
    T.evaluate(run())
