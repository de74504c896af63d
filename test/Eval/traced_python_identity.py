# What traced Python asks of identity and attributes, as kern does: `x is False` /
# `x is not False` for a value that is no bool (kern's `grid is not False`), `ann is
# inspect.Parameter.empty` for a string or an int annotation, and
# object.__getattribute__ on a __slots__ proxy whose __getattr__ forwards (kern's
# _StmtProxy); `==` between values of different types (`thread_layout == "flat"` with
# thread_layout=False); `list | tuple` (and `int | None`) as isinstance's classinfo.
# The same program runs under CPython for the reference.
# RUN: %tirx-opt %s | FileCheck %s
# RUN: %python %S/Inputs/cpython_eval.py %s | FileCheck %s
# CHECK: T.evaluate(T.bool(True))
# CHECK-NEXT: T.evaluate(T.bool(False))
# CHECK-NEXT: T.evaluate(T.bool(True))
# CHECK-NEXT: T.evaluate(T.bool(False))
# CHECK-NEXT: T.evaluate(T.bool(True))
# CHECK-NEXT: T.evaluate(7)
# CHECK-NEXT: T.evaluate("fwd:bit_length")
# CHECK-NEXT: T.evaluate(T.bool(False))
# CHECK-NEXT: T.evaluate(T.bool(True))
# CHECK-NEXT: T.evaluate(T.bool(False))
# CHECK-NEXT: T.evaluate(T.bool(True))
# CHECK-NEXT: T.evaluate(T.bool(True))
# CHECK-NEXT: T.evaluate(T.bool(False))
# CHECK-NEXT: T.evaluate(T.bool(True))
import inspect

from tvm.script import tirx as T


class Empty:
    pass


class Proxy:
    __slots__ = ("_obj",)

    def __init__(self, obj):
        object.__setattr__(self, "_obj", obj)

    def __getattr__(self, name):
        return "fwd:" + name


p = Proxy(7)


def layout(x):
    return x


@T.prim_func
def k():
    T.evaluate([1, 2] is not False)
    T.evaluate("flat" is False)
    T.evaluate(3 is not inspect.Parameter.empty)
    T.evaluate("int32" is inspect.Parameter.empty)
    T.evaluate(Empty() is not None)
    T.evaluate(object.__getattribute__(p, "_obj"))
    T.evaluate(p.bit_length)
    T.evaluate(layout(False) == "flat")
    T.evaluate(layout(False) != "flat")
    T.evaluate(layout(None) == 0)
    T.evaluate((1,) != [1])
    T.evaluate(isinstance([3], list | tuple))
    T.evaluate(isinstance({}, list | tuple))
    T.evaluate(isinstance(None, int | None) and isinstance(4, int | None))
