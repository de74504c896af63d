# Operator overloading that traces IR, as the kern DSL does: a user class whose
# dunders (__add__, __radd__ on a builtin left operand, __mul__, __lt__) build
# PrimExprs in a kernel body; `if` on the traced comparison is an IR if.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: A[0] = (n + 1) * 3 + 2
# CHECK-NEXT: if n < 4:
# CHECK-NEXT: A[1] = n

from tvm.script import tirx as T
class Sym:
    def __init__(self, e):
        self.e = e
    def __add__(self, o):
        return Sym(self.e + (o.e if isinstance(o, Sym) else o))
    __radd__ = __add__
    def __mul__(self, o):
        return Sym(self.e * o)
    def __lt__(self, o):
        return self.e < o
@T.prim_func
def f(A: T.Buffer((4,), "int32"), n: T.int32):
    s = Sym(n) + 1
    A[0] = (2 + s * 3).e
    if Sym(n) < 4:
        A[1] = n
