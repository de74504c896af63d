# Python's data model for user classes, checked against CPython (see
# datamodel_operators.py): protocols.  with/__enter__/__exit__ (nested items,
# exit(None, None, None), return through a with), __iter__/__next__ with
# StopIteration in for loops, comprehensions, list(), iter()/next(); the
# __getitem__ sequence protocol; __len__, __bool__ (and __len__ as truth),
# __getitem__/__setitem__, __call__, __contains__ (and `in` over the items),
# hash(), nonlocal, a, b = obj (its items).
# RUN: %tirx-opt %s | FileCheck %s
# RUN: %python %S/Inputs/cpython_eval.py %s | FileCheck %s
# CHECK: T.evaluate("enter a|body a|exit a None None None|enter b|enter c|in c|exit c|exit b|enter r|ret|exit r")
# CHECK-NEXT: T.evaluate("[1, 2, 3] 10 [1, 2] 1 2 done [0, 10, 20]")
# CHECK-NEXT: T.evaluate("3 False no 0 empty yes")
# CHECK-NEXT: T.evaluate("{'k': 5} 5 called:3 7 True False True")
# CHECK-NEXT: T.evaluate("3 8 [1, 2]")
# CHECK-NEXT: T.evaluate("1 2 3 0 10")
from tvm.script import tirx as T

log = []


class Ctx:
    def __init__(self, name):
        self.name = name

    def __enter__(self):
        log.append("enter " + self.name)
        return self

    def __exit__(self, et, ev, tb):
        if self.name == "a":
            log.append("exit %s %s %s %s" % (self.name, et, ev, tb))
        else:
            log.append("exit " + self.name)
        return False


def early():
    with Ctx("r"):
        log.append("ret")
        return 1


def contexts():
    with Ctx("a") as c:
        log.append("body " + c.name)
    with Ctx("b"), Ctx("c") as d:
        log.append("in " + d.name)
    early()
    return "|".join(log)


class It:
    def __init__(self, n):
        self.n = n
        self.i = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self.i >= self.n:
            raise StopIteration
        self.i += 1
        return self.i


class Seq:
    def __getitem__(self, i):
        if i >= 3:
            raise IndexError
        return i * 10


def iteration():
    t = 0
    for x in It(4):
        t += x
    it = iter(It(2))
    a = next(it)
    b = next(it)
    c = next(it, "done")
    return "%s %d %s %d %d %s %s" % ([x for x in It(3)], t, list(It(2)), a, b, c, list(Seq()))


class Sized:
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n


class Falsy:
    def __bool__(self):
        return False


def truth():
    s = Sized(3)
    r = [str(len(s)), str(bool(Falsy())), "yes" if Falsy() else "no", str(len(Sized(0)))]
    r.append("empty" if not Sized(0) else "full")
    r.append("yes" if Sized(2) else "no")
    return " ".join(r)


class Store:
    def __init__(self):
        self.d = {}

    def __setitem__(self, k, v):
        self.d[k] = v

    def __getitem__(self, k):
        return self.d[k]

    def __call__(self, x):
        return "called:%d" % x

    def __contains__(self, k):
        return k in self.d


class H:
    def __hash__(self):
        return 7


def items():
    s = Store()
    s["k"] = 5
    return "%s %d %s %d %s %s %s" % (s.d, s["k"], s(3), hash(H()), "k" in s, 5 in Seq(), 2 in It(3))


def counter():
    n = 0
    seen = []

    def inc(k):
        nonlocal n
        n += k
        seen.append(k)
        return n

    inc(1)
    inc(2)
    first = n
    inc(5)
    return "%d %d %s" % (first, n, seen[:2])


def unpack():
    a, b, c = It(3)
    x, y = Seq()[0], Seq()[1]
    return "%d %d %d %d %d" % (a, b, c, x, y)


@T.prim_func
def f():
    T.evaluate(contexts())
    T.evaluate(iteration())
    T.evaluate(truth())
    T.evaluate(items())
    T.evaluate(counter())
    T.evaluate(unpack())
