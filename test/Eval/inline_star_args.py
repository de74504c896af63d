# @T.inline functions and methods take *args (a tuple of the extra positional
# arguments) and **kwargs (a dict of the unknown keywords), keyword-only
# parameters after *args; the CHECK lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: A[1] = 5
# CHECK-NEXT: A[2] = 6
# CHECK-NEXT: A[15] = 3
# CHECK-NEXT: A[0] = 7
# CHECK-NEXT: A[4] = 18
# CHECK-NEXT: A[5] = 9
# CHECK-NEXT: A[15] = 3
# CHECK-NEXT: A[0] = 3
# CHECK-NEXT: A[2] = 40
# CHECK-NEXT: A[14] = 2
from tvm.script import tirx as T


@T.inline
def store_all(A, base, *vals, scale=1, **named):
    A[base] = vals[0] * scale
    A[base + 1] = vals[-1]
    A[15] = len(vals) + len(named)
    A[0] = named["abc"]


class Q:
    def __init__(self, A):
        self.A = A

    @T.inline
    def put(self, first, *rest):
        self.A[first] = rest[1]
        self.A[14] = len(rest)


@T.prim_func
def f(A: T.Buffer((16,), "int32")):
    store_all(A, 1, 5, 6, abc=7)
    store_all(A, 4, 9, scale=2, abc=3, z=0)
    Q(A).put(2, 30, 40)
