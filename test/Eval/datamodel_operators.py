# Python's data model for user classes, checked against CPython: the CHECK
# lines hold both tirx's evaluation and CPython's run of this file (through
# Inputs/cpython_eval.py, a stand-in tvm.script.tirx whose T.evaluate prints).
# Operators and their reflected forms (NotImplemented, a builtin left operand),
# comparisons and their mirrors, unary operators, __eq__/__hash__ in sets and
# `in`, sorted() by __lt__, __repr__/__str__ through str()/repr()/f-strings,
# %r/%s, str.format, __format__.
# RUN: %tirx-opt %s | FileCheck %s
# RUN: %python %S/Inputs/cpython_eval.py %s | FileCheck %s
# CHECK: T.evaluate("V(3) V(6) V(501) V(6) V(7) V(-3) V(4) V(-5)")
# CHECK-NEXT: T.evaluate("True True False True True False")
# CHECK-NEXT: T.evaluate("2 True False [V(1), V(2), V(3)] V(1) V(3)")
# CHECK-NEXT: T.evaluate("<7> V(7) v8 [V(1)] 101")
# CHECK-NEXT: T.evaluate("rsub 10 radd 1 mixed")
# CHECK-NEXT: T.evaluate("V(9) <9>| V(2) <3> F[x8] <4> V(5)")
from tvm.script import tirx as T


class V:
    def __init__(self, x):
        self.x = x

    def __add__(self, o):
        if isinstance(o, V):
            return V(self.x + o.x)
        if isinstance(o, int):
            return V(self.x + o)
        return NotImplemented

    def __radd__(self, o):
        return V(o * 100 + self.x)

    def __mul__(self, o):
        return V(self.x * o)

    __rmul__ = __mul__

    def __sub__(self, o):
        return V(self.x - o)

    def __rsub__(self, o):
        return V(o - self.x)

    def __neg__(self):
        return V(-self.x)

    def __pos__(self):
        return V(abs(self.x))

    def __invert__(self):
        return V(~self.x)

    def __eq__(self, o):
        return isinstance(o, V) and o.x == self.x

    def __hash__(self):
        return hash(self.x)

    def __lt__(self, o):
        return self.x < o.x

    def __repr__(self):
        return "V(%d)" % self.x


class W(V):
    def __str__(self):
        return "<%d>" % self.x


class R:
    def __add__(self, o):
        return NotImplemented

    def __rsub__(self, o):
        return "rsub %d" % o


class S:
    def __radd__(self, o):
        return "radd %d" % o.x


def ops():
    r = [V(1) + V(2), V(1) + 5, 5 + V(1), 3 * V(2), 10 - V(3), -V(3), +V(-4), ~V(4)]
    return " ".join(repr(v) for v in r)


def compares():
    r = [V(1) == V(1), V(1) != V(2), V(1) == 1, V(1) < V(2), V(3) > V(2), V(2) > V(3)]
    return " ".join(str(b) for b in r)


def containers():
    s = {V(1), V(1), V(2)}
    xs = sorted([V(3), V(1), V(2)])
    return "%d %s %s %s %s %s" % (len(s), V(2) in [V(1), V(2)], V(5) in s, xs, min(xs), max(xs))


def texts():
    return " ".join([str(W(7)), repr(W(7)), f"v{V(8).x}", str([V(1)]), str((V(1) + S()) if False else 101)])


def reflected():
    return " ".join([10 - R(), V(1) + S(), "mixed"])


class F:
    def __format__(self, spec):
        return "F[" + spec + "]"


def formats():
    return " ".join([f"{W(9)!r} {W(9)}|", "%r %s" % (V(2), W(3)), f"{F():x8}", "{} {!r}".format(W(4), V(5))])


@T.prim_func
def f():
    T.evaluate(ops())
    T.evaluate(compares())
    T.evaluate(containers())
    T.evaluate(texts())
    T.evaluate(reflected())
    T.evaluate(formats())
