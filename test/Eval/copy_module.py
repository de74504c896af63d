# copy.copy / copy.deepcopy: a shallow copy shares the items, a deep copy
# copies nested lists, dicts and objects (a structure shared inside it stays
# shared); enum members and classes keep their identity.
# RUN: %tirx-opt %s | FileCheck %s
# CHECK: T.evaluate("[8, 16] [1, 16]")
# CHECK-NEXT: T.evaluate("9,2 9,2")
# CHECK-NEXT: T.evaluate("1,2 7,2")
# CHECK-NEXT: T.evaluate(T.bool(True))
# CHECK-NEXT: T.evaluate("3 5 4")
# CHECK-NEXT: T.evaluate(T.bool(True))
# RUN: printf 'import copy\nx = copy.copy(1, 2)\n' > %t.py
# RUN: not %tirx-opt %t.py 2>&1 | FileCheck %s --check-prefix=ERR
# ERR: .py:2:10: error: copy() takes one value
import copy
from enum import Enum


class Mode(Enum):
    A = 1


class Cfg:
    def __init__(self, n):
        self.n = n
        self.sub = {"k": 4}


def shallow():
    atom = [1, 16]
    tile = copy.copy(atom)
    tile[0] = 8
    return f"{tile} {atom}"


def nested():
    xs = [[1], [2]]
    ys = copy.copy(xs)
    ys[0][0] = 9
    a = f"{xs[0][0]},{xs[1][0]} {ys[0][0]},{ys[1][0]}"
    xs = [[1], [2]]
    zs = copy.deepcopy(xs)
    zs[0][0] = 7
    return a, f"{xs[0][0]},{xs[1][0]} {zs[0][0]},{zs[1][0]}"


def shared():
    inner = [0]
    outer = copy.deepcopy([inner, inner])
    outer[0][0] = 5
    return outer[1][0] == 5


def objects():
    c = Cfg(3)
    d = copy.deepcopy(c)
    d.n = 5
    d.sub["k"] = 6
    return f"{c.n} {d.n} {c.sub['k']}"


s1 = shallow()
n1, n2 = nested()
sh = shared()
ob = objects()
same = copy.deepcopy(Mode.A) is Mode.A and copy.copy(Cfg) is Cfg


@T.prim_func
def f():
    T.evaluate(s1)
    T.evaluate(n1)
    T.evaluate(n2)
    T.evaluate(sh)
    T.evaluate(ob)
    T.evaluate(same)
