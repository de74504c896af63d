# try/except/else/finally over errors the source raises, `global`, the walrus
# operator, `del` of names, dict keys and list items, conditional imports.
# RUN: %tirx-opt %s | FileCheck %s
# CHECK: T.evaluate("caught:bad size|finally")
# CHECK-NEXT: T.evaluate("else")
# CHECK-NEXT: T.evaluate(3)
# CHECK-NEXT: T.evaluate(25)
# CHECK-NEXT: T.evaluate("a,c|1,3")

COUNT = 0
log = []


def check(n):
    if n < 0:
        raise ValueError("bad size")
    return n


def guarded(n):
    out = ""
    try:
        check(n)
        out = "ok"
    except (KeyError, ValueError) as e:
        out = "caught:bad size"
    else:
        out = "else"
    finally:
        log.append("finally")
    return out


def bump():
    global COUNT
    COUNT += 1
    return COUNT


def walrus(xs):
    if (n := len(xs)) > 3:
        return n * n
    return 0


def deleting():
    d = {"a": 1, "b": 2, "c": 3}
    del d["b"]
    xs = [1, 2, 3]
    del xs[1]
    tmp = 5
    del tmp
    return ",".join(d.keys()) + "|" + ",".join(str(x) for x in xs)


try:
    import numpy as np  # a module tirx cannot load binds a lazy name
except ImportError:
    np = None

A = guarded(-1) + "|" + log[0]
B = guarded(1)
bump()
bump()


@T.prim_func
def f(X: T.Buffer((4,), "float32")):
    T.evaluate(A)
    T.evaluate(B)
    T.evaluate(bump())
    T.evaluate(walrus([1, 2, 3, 4, 5]))
    T.evaluate(deleting())
