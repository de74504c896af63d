# o[k] on an instance calls its class's __getitem__ (o[i, j]: one tuple key), in
# module code and in a kernel; the CHECK lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: A[0] = 3
# CHECK-NEXT: A[1] = 10
# CHECK-NEXT: A[2] = 7
from tvm.script import tirx as T


class Table:
    def __init__(self):
        self.d = {"a": 3}

    def __getitem__(self, k):
        if isinstance(k, tuple):
            return k[0] * k[1]
        return self.d[k]


class Sub(Table):
    pass


t = Table()
SEVEN = Sub()["a"] + 4


@T.prim_func
def f(A: T.Buffer((16,), "int32")):
    A[0] = t["a"]
    A[1] = t[2, 5]
    A[2] = SEVEN
