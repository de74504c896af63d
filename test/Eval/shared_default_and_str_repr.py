# A list or dict default argument is one object shared by every call (the second
# call sees the first one's append / new key), and repr of a string picks its
# quotes as CPython does (double quotes when it holds a ' and no ", else single
# quotes with \' escaped; backslashes and control characters escaped), also
# through %r and {!r}.  Checked against CPython.
# RUN: %tirx-opt %s | FileCheck %s
# RUN: %python %S/Inputs/cpython_eval.py %s | FileCheck %s
# CHECK: T.evaluate("1 2 3 k2 | \"it's\" ['a\"b', \"c'd\"] 'x\\'y\"z' 'tab\\tnl\\n\\\\' |   'q'|\"o'k\"")
from tvm.script import tirx as T


def add(x, into=[]):
    into.append(x)
    return len(into)


def put(k, seen={}):
    seen[k] = 1
    return sorted(seen)


def run():
    a, b, c = add(1), add(2), add(3)
    keys = put("k1") and put("k2")
    s = "it's"
    reprs = "%r %r %r %r" % (s, ['a"b', "c'd"], "x'y\"z", "tab\tnl\n\\")
    return "%d %d %d %s | %s | %5r|{!r}".format("o'k") % (a, b, c, keys[-1], reprs, "q")


@T.prim_func
def f():
    T.evaluate(run())
