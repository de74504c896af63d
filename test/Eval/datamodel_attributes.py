# Python's data model for user classes, checked against CPython (see
# datamodel_operators.py): attribute access.  __setattr__ and
# object.__setattr__, __delattr__, __slots__, property with a setter, data and
# non-data descriptors (__get__/__set__), __getattr__ only as the fallback,
# class vs instance attributes, __class_getitem__, __init_subclass__ with class
# keywords, classmethod/staticmethod, C3 MRO with super() in a diamond,
# isinstance/issubclass over multiple inheritance.
# RUN: %tirx-opt %s | FileCheck %s
# RUN: %python %S/Inputs/cpython_eval.py %s | FileCheck %s
# CHECK: T.evaluate("['z', 'w'] 3 4 False")
# CHECK-NEXT: T.evaluate("1 2 slots")
# CHECK-NEXT: T.evaluate("10 20 ro")
# CHECK-NEXT: T.evaluate("get:a set:a=5 6 own 7")
# CHECK-NEXT: T.evaluate("real dyn_missing 1 2 2")
# CHECK-NEXT: T.evaluate("gptr:float16:(16, 8) Color.RED")
# CHECK-NEXT: T.evaluate("['D1:x', 'D2:y']")
# CHECK-NEXT: T.evaluate("MD>MB>MC>MA MD,MB,MC,MA")
# CHECK-NEXT: T.evaluate("True True True False True False")
# CHECK-NEXT: T.evaluate("made:Sub 4 Sub")
from tvm.script import tirx as T
from enum import Enum


class Log:
    def __init__(self):
        object.__setattr__(self, "seen", [])

    def __setattr__(self, n, v):
        self.seen.append(n)
        object.__setattr__(self, n, v + 1)

    def __delattr__(self, n):
        self.seen.append("-" + n)


def setattrs():
    lg = Log()
    lg.z = 2
    setattr(lg, "w", 3)
    del lg.z
    return "%s %d %d %s" % (lg.seen[:2], lg.z, lg.w, hasattr(lg, "q"))


class P:
    __slots__ = ("a", "b")

    def __init__(self):
        self.a = 1
        object.__setattr__(self, "b", 2)


class PS(P):
    __slots__ = ()


def slots():
    p = PS()
    try:
        p.c = 3
        r = "no slots"
    except AttributeError:
        r = "slots"
    return "%d %d %s" % (p.a, p.b, r)


class Q:
    def __init__(self):
        self._x = 0

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, v):
        self._x = v * 2

    @property
    def ro(self):
        return "ro"


def props():
    q = Q()
    q.x = 5
    a = q.x
    q.x = 10
    return "%d %d %s" % (a, q.x, q.ro)


class Field:
    def __init__(self, name):
        self.name = name

    def __get__(self, inst, owner):
        if inst is None:
            return self
        return "get:" + self.name

    def __set__(self, inst, v):
        inst.log = "set:%s=%d" % (self.name, v)


class Lazy:
    def __get__(self, inst, owner):
        return 6


class Rec:
    a = Field("a")
    b = Lazy()
    c = Lazy()

    def __init__(self):
        self.a = 5
        self.c = 7


def descriptors():
    r = Rec()
    r.k = "own"
    return "%s %s %d %s %d" % (r.a, r.log, r.b, r.k, r.c)


class Dyn:
    n = 1

    def __init__(self):
        self.real = "real"

    def __getattr__(self, name):
        return "dyn_" + name


def fallback():
    d = Dyn()
    d2 = Dyn()
    d.n = 2
    Dyn.n = 2
    return "%s %s %d %d %d" % (d.real, d.missing, 1, d.n, d2.n)


class K:
    def __class_getitem__(cls, item):
        dtype, shape = item
        return "gptr:%s:%s" % (dtype, shape)


class Color(Enum):
    RED = 1


def class_getitem():
    return "%s %s" % (K["float16", (16, 8)], Color["RED"])


class Base:
    subs = []

    def __init_subclass__(cls, tag="x", **kw):
        super().__init_subclass__(**kw)
        Base.subs.append(cls.__name__ + ":" + tag)


class D1(Base):
    pass


class D2(D1, tag="y"):
    pass


class MA:
    def who(self):
        return "MA"


class MB(MA):
    def who(self):
        return "MB>" + super().who()


class MC(MA):
    def who(self):
        return "MC>" + super().who()


class MD(MB, MC):
    def who(self):
        return "MD>" + super().who()


def mro():
    return "%s %s" % (MD().who(), ",".join(k.__name__ for k in MD.__mro__[:4]))


def hierarchy():
    r = [issubclass(MD, MA), issubclass(MD, MC), isinstance(MD(), MB), issubclass(MA, MD),
         isinstance(MD(), (int, MC)), isinstance(MB(), MC)]
    return " ".join(str(b) for b in r)


class Made:
    count = 0

    def __init__(self, n):
        self.n = n

    @classmethod
    def make(cls, n):
        return cls(n * 2)

    @staticmethod
    def tag(k):
        return "made:" + k.__name__


class Sub(Made):
    pass


def methods():
    s = Sub.make(2)
    return "%s %d %s" % (Made.tag(type(s)), s.n, type(s).__name__)


@T.prim_func
def f():
    T.evaluate(setattrs())
    T.evaluate(slots())
    T.evaluate(props())
    T.evaluate(descriptors())
    T.evaluate(fallback())
    T.evaluate(class_getitem())
    T.evaluate(str(Base.subs))
    T.evaluate(mro())
    T.evaluate(hierarchy())
    T.evaluate(methods())
