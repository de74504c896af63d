# Generator functions, checked against CPython (see datamodel_operators.py): a
# `yield` in a function's own body makes it a generator; `yield from` yields
# another iterable's items; `return` ends it; generators nest (yield from a
# recursive generator, as a walk over nested lists/dicts does), are iterated by
# for, list(), tuple(), comprehensions, sum(), enumerate(), zip() and unpacking;
# a def inside a generator is a plain function; a bare `yield` yields None.
# tirx runs a generator's body to its end at the call (the evaluator's iteration
# is eager): the programs here do not depend on when the body runs.
# RUN: %tirx-opt %s | FileCheck %s
# RUN: %python %S/Inputs/cpython_eval.py %s | FileCheck %s
# CHECK: T.evaluate("[0, 1, 4, 9] (0, 1) 14")
# CHECK-NEXT: T.evaluate("['r[0]', 'r[1][0]', 'r[1][1]', 'r[2].k'] [1, 2, 3, 4]")
# CHECK-NEXT: T.evaluate("[1, 2] [] [None, 3]")
# CHECK-NEXT: T.evaluate("0:a 1:b [(1, 'x'), (2, 'y')] 5 7 [10, 11]")
from tvm.script import tirx as T


def squares(n):
    for i in range(n):
        yield i * i


def basics():
    first = tuple(squares(2))
    return "%s %s %d" % (list(squares(4)), first, sum(squares(4)))


def walk(value, path="r"):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from walk(v, f"{path}.{k}")
        return
    if isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            yield from walk(v, f"{path}[{i}]")
        return
    yield path


def flat(xs):
    for x in xs:
        if isinstance(x, list):
            yield from flat(x)
        else:
            yield x


def nested():
    return "%s %s" % ([p for p in walk([1, [2, 3], {"k": 4}])], list(flat([1, [2, [3, [4]]]])))


def early(n):
    for i in range(1, 10):
        if i > n:
            return
        yield i


def bare():
    yield
    yield 3


def ends():
    return "%s %s %s" % (list(early(2)), list(early(0)), list(bare()))


def pairs():
    def helper(k):  # a plain function inside a generator
        return k + 10

    yield helper(0)
    yield helper(1)


def consumers():
    parts = []
    for i, c in enumerate(x for x in "ab"):
        parts.append("%d:%s" % (i, c))
    a, b = (y for y in [5, 7])
    zipped = list(zip(flat([1, [2]]), "xy"))
    return "%s %s %s %d %d %s" % (parts[0], parts[1], zipped, a, b, list(pairs()))


@T.prim_func
def f():
    T.evaluate(basics())
    T.evaluate(nested())
    T.evaluate(ends())
    T.evaluate(consumers())
