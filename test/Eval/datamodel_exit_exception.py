# __exit__(exc_type, exc_value, tb) when a `raise` ends a with-body, checked
# against CPython (see datamodel_operators.py): exc_value is an instance of the
# class raised (a class of the source, its __init__ run, or a builtin
# exception) with .args and CPython's str()/repr(); a truthy return (not only
# True) suppresses the exception, a falsy one lets `except` see it.  (tb is None
# under tirx, a traceback under CPython: parse-time code has no tracebacks.)
# RUN: %tirx-opt %s | FileCheck %s
# RUN: %python %S/Inputs/cpython_eval.py %s | FileCheck %s
# CHECK: T.evaluate("MyErr|('x', 2)|('x', 2)|MyErr('x', 2)|True|True|after1")
# CHECK-NEXT: T.evaluate("CodeErr|(7,)|7|code 7|True")
# CHECK-NEXT: T.evaluate("ValueError|('y',)|y|ValueError('y')|True|caught ValueError")
# CHECK-NEXT: T.evaluate("KeyError|()||KeyError()|0 args|after3")
# CHECK-NEXT: T.evaluate("AssertionError|('n must be positive',)|n must be positive|caught AssertionError")
# CHECK-NEXT: T.evaluate("None|None|None|normal")

from tvm.script import tirx as T


class Ctx:
    def __init__(self, ret):
        self.ret = ret
        self.seen = None

    def __enter__(self):
        return self

    def __exit__(self, et, ev, tb):
        self.seen = (et, ev, tb)
        return self.ret


class MyErr(Exception):
    pass


class CodeErr(Exception):
    def __init__(self, code):
        self.code = code


def show(c):
    et, ev, tb = c.seen
    return [et.__name__, str(ev.args), str(ev), repr(ev)]


def run1():
    c = Ctx(True)
    with c:
        raise MyErr("x", 2)
    et, ev, tb = c.seen
    return "|".join([et.__name__, str(ev.args), str(ev), repr(ev), str(isinstance(ev, MyErr)),
                     str(isinstance(ev, Exception)), "after1"])


def run2():
    c = Ctx("yes")  # any truthy value suppresses
    with c:
        raise CodeErr(7)
    et, ev, tb = c.seen
    return "|".join([et.__name__, str(ev.args), str(ev.code), "code %d" % ev.code, str(et is CodeErr)])


def run3():
    c = Ctx(None)
    out = []
    try:
        with c:
            raise ValueError("y")
    except ValueError:
        out.append("caught ValueError")
    et, ev, tb = c.seen
    return "|".join(show(c) + [str(isinstance(ev, ValueError))] + out)


def run4():
    c = Ctx(1)
    with c:
        raise KeyError
    et, ev, tb = c.seen
    return "|".join(show(c) + ["%d args" % len(ev.args), "after3"])


def run5(n):
    c = Ctx(0)
    out = []
    try:
        with c:
            assert n > 0, "n must be positive"
    except AssertionError:
        out.append("caught AssertionError")
    et, ev, tb = c.seen
    return "|".join([et.__name__, str(ev.args), str(ev)] + out)


def run6():
    c = Ctx(False)
    with c:
        pass
    et, ev, tb = c.seen
    return "|".join([str(et), str(ev), str(tb), "normal"])


R1 = run1()
R2 = run2()
R3 = run3()
R4 = run4()
R5 = run5(0)
R6 = run6()


@T.prim_func
def f():
    T.evaluate(R1)
    T.evaluate(R2)
    T.evaluate(R3)
    T.evaluate(R4)
    T.evaluate(R5)
    T.evaluate(R6)
