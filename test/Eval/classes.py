# Python classes at parse time: __init__, attributes, methods, @property,
# @staticmethod/@classmethod, inheritance with super(), reference semantics
# (a mutation through one alias is seen through the other), isinstance,
# getattr/hasattr with defaults.
# RUN: %tirx-opt %s | FileCheck %s
# CHECK: T.evaluate(6)
# CHECK-NEXT: T.evaluate("child:2+1")
# CHECK-NEXT: T.evaluate(8)
# CHECK-NEXT: T.evaluate(T.bool(True))
# CHECK-NEXT: T.evaluate(T.bool(True))
# CHECK-NEXT: T.evaluate(7)
# CHECK-NEXT: T.evaluate(5)
# CHECK-NEXT: T.evaluate("<Base object>")

class Base:
    kind = "base"

    def __init__(self, n):
        self.n = n
        self.items = []

    def add(self, x):
        self.items.append(x)
        return self

    @property
    def size(self):
        return len(self.items) * self.n

    @staticmethod
    def twice(x):
        return 2 * x

    @classmethod
    def make(cls, n):
        return cls(n)

    def describe(self):
        return f"{self.kind}:{self.n}"


class Child(Base):
    kind = "child"

    def __init__(self, n, extra=1):
        super().__init__(n)
        self.extra = extra

    def describe(self):
        return super().describe() + f"+{self.extra}"


def alias():
    a = Base(3)
    b = a
    b.add(1).add(2)
    return a.size


def set_through(o):
    setattr(o, "n", 5)
    return o


c = Child.make(2)
shared = Base(1)
set_through(shared)


@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.evaluate(alias())
    T.evaluate(c.describe())
    T.evaluate(Base.twice(4))
    T.evaluate(isinstance(c, Base) and not isinstance(shared, Child))
    T.evaluate(hasattr(c, "extra") and not hasattr(c, "zzz"))
    T.evaluate(getattr(c, "zzz", 7))
    T.evaluate(shared.n)
    T.evaluate(str(shared))
