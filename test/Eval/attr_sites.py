# An attribute site keeps what the instance's class has for its name (eval_class.c
# class_find_at: kept while no class attribute was set) and the index of the instance
# attribute it found last (a hint), checked against CPython: one site read on instances
# of several classes (an instance attribute, a class attribute, a property, __getattr__),
# at other indices in each instance, after a class gained a property, a method or an
# attribute (on itself or a base) and after an instance's attribute was deleted; a
# method call site whose method an instance attribute shadows later; a builtin's or a
# module's attribute that is a builtin row (object.__setattr__, math.floor) kept at its
# site, and one that is not (math.pi).
# RUN: %tirx-opt %s | FileCheck %s
# RUN: %python %S/Inputs/cpython_eval.py %s | FileCheck %s
# CHECK: T.evaluate("1 2 3 4 7 | 9 | 7 7 70 | 10 11 | s:m s:m lam | 8 b | 1 ga | 0 10 20 2 3 6")
import math
import math as m2

from tvm.script import tirx as T


class A:
    def __init__(self, v):
        self.v = v


class B:
    v = 2


class P:
    @property
    def v(self):
        return 3


class G:
    def __getattr__(self, name):
        return 4


class Late:
    def __init__(self, *names):
        for i, n in enumerate(names):
            setattr(self, n, i + 5)


def read_v(o):
    return o.v


def kinds():
    return " ".join(str(read_v(o)) for o in [A(1), B(), P(), G(), Late("x", "y", "v")])


class A2:
    def __init__(self, v):
        self.v = v


def gains_property():
    a = A2(1)
    read_v(a)
    A2.v = property(lambda self: 9)  # a data descriptor now wins over the instance's own
    return str(read_v(a))


class Base:
    def __init__(self):
        self.w = 7


class Sub(Base):
    pass


def read_w(o):
    return o.w


def base_gains():
    s = Sub()
    r = [read_w(s), read_w(s)]
    Base.w = property(lambda self: 70)
    r.append(read_w(s))
    return " ".join(str(x) for x in r)


def indices():
    a, b = Late("v"), Late("p", "q", "r", "s", "t", "v")
    return "%d %d" % (read_v(a) + 5, read_v(b) + 1)


class M:
    def m(self):
        return "s:m"


def call_m(o):
    return o.m()


def shadowed():
    o = M()
    r = [call_m(o), call_m(o)]
    o.m = lambda: "lam"
    r.append(call_m(o))
    return " ".join(r)


class Q:
    pass


def read_q(o):
    return o.q


def class_gains():
    o = Q()
    o.q = 8
    r = [str(read_q(o))]
    del o.q
    Q.q = "b"
    r.append(read_q(o))
    return " ".join(r)


class H:
    def __getattr__(self, name):
        return "ga"


def read_h(o):
    return o.h


def deleted():
    o = H()
    o.h = 1
    r = [str(read_h(o))]
    del o.h
    r.append(read_h(o))
    return " ".join(r)


class Slot:
    __slots__ = ("v",)


def set_v(o, v):
    object.__setattr__(o, "v", v)


def get_v(o):
    return object.__getattribute__(o, "v")


def floor_of(m, x):
    return m.floor(x)


def pi_of(m):
    return m.pi


def rows():
    out = []
    for i in range(3):
        o = Slot()
        set_v(o, i * 10)
        out.append(get_v(o))
    out += [floor_of(math, 2.5), floor_of(m2, 3.5), round(pi_of(math) + pi_of(m2))]
    return " ".join(str(x) for x in out)


def run():
    return " | ".join([kinds(), gains_property(), base_gains(), indices(), shadowed(),
                       class_gains(), deleted(), rows()])


@T.prim_func
def main():
    T.evaluate(run())
