# The evaluator's fast call paths, checked against CPython (see datamodel_operators.py):
# any() / all() of a generator stop at the item that decides, as CPython's lazy
# generators do (the later items are not evaluated: their side effects do not happen),
# nested clauses and conditions too, and give the same result on empty input;
# obj.m(...) of a class's function binds obj without a bound method, but an instance
# attribute of that name shadows it, a staticmethod / classmethod / property keeps its
# own rules, and a method looked up once and called later (m = obj.f) is the same;
# str / list / dict methods called at once; an instance's attributes grow past the
# first table; f-strings nest inside f-string fields.
# RUN: %tirx-opt %s | FileCheck %s
# RUN: %python %S/Inputs/cpython_eval.py %s | FileCheck %s
# CHECK: T.evaluate("True False False True True [0, 1, 2, 3, 0, 0, 1, 2]")
# CHECK-NEXT: T.evaluate("m:1 shadow:7 s:2 c:C p:5 later:1 sub:10")
# CHECK-NEXT: T.evaluate("True abc [1, 2] 3 ['a'] 10 9 <1/2/3/4/5/6/7/8/9/10>")
from tvm.script import tirx as T

calls = []


def f(x):
    calls.append(x)
    return x > 1


def lazy():
    a = any(f(x) for x in range(5))
    b = all(f(x) for x in [3, 0, 9])
    c = any(x for x in [])
    d = all(x for x in [])
    e = any(f(x) for x in range(3) for y in range(2) if y)
    return "%s %s %s %s %s %s" % (a, b, c, d, e, calls)


class C:
    def __init__(self, v):
        self.v = v

    def m(self):
        return self.v

    @staticmethod
    def s(x):
        return x + 1

    @classmethod
    def c(cls):
        return cls.__name__

    @property
    def p(self):
        return self.v + 4


class D(C):
    def m(self):
        return super().m() * 10


def methods():
    o = C(1)
    r = "m:%d" % o.m()
    sh = C(2)
    sh.m = lambda: 7
    r += " shadow:%d s:%d c:%s p:%d" % (sh.m(), o.s(1), o.c(), o.p)
    later = o.m
    o.v = 1
    r += " later:%d sub:%d" % (later(), D(1).m())
    return r


class Many:
    def __init__(self):
        for i in range(10):
            setattr(self, "a%d" % i, i + 1)


def builtins_and_attrs():
    s = "abc"
    xs = [1]
    xs.append(2)
    d = {"a": 3}
    k = Many()
    inner = "/".join(f"{getattr(k, f'a{i}')}" for i in range(10))
    return "%s %s %s %d %s %d %d <%s>" % (
        s.startswith("ab"), s.strip(), xs, d.get("a"), list(d.keys()), k.a9, len(s.upper()) * 3,
        inner)


@T.prim_func
def main():
    T.evaluate(lazy())
    T.evaluate(methods())
    T.evaluate(builtins_and_attrs())
