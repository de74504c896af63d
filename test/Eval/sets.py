# Set operators, checked against CPython (see datamodel_operators.py): & | - ^ over
# sets made by set(), a display and a comprehension, the result a set again (so
# it chains), a set grown by add() stays one; a set and a list is an error
# (sets_errors.test).  TIRx-kernels' K.specialize checks role warps with them.
# RUN: %tirx-opt %s | FileCheck %s
# RUN: %python %S/Inputs/cpython_eval.py %s | FileCheck %s
# CHECK: T.evaluate("([2, 3], [1, 2, 3, 4], [1], [1, 4]) [5, 6] [0, 1, 2] True 0 [1]")
from tvm.script import tirx as T


def run():
    a = set([3, 1, 2])
    b = {2, 3, 4}
    s = sorted(a & b), sorted(a | b), sorted(a - b), sorted(a ^ b)
    c = set()
    c.add(5)
    c.add(5)
    d = c | {6}
    e = {x % 3 for x in range(7)}
    chained = sorted((a | b) - b - {9})
    return "%s %s %s %s %s %s" % (s, sorted(d), sorted(e), 2 in a, len(a - {1, 2, 3}), chained)


@T.prim_func
def f():
    T.evaluate(run())
