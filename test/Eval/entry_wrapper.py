# --entry takes an object that holds the kernel as its .func (the kern DSL's Kernel) or
# .mod, followed through a wrapper of a wrapper; an object with neither is refused.
# RUN: %tirx-opt --print-style=tvm %s --entry 'get_kernel(3)' | FileCheck %s --check-prefix=FUNC
# FUNC: def add_n(A: T.Buffer((4,), "int32")):
# FUNC: A[0] = A[0] + 3
# RUN: %tirx-opt --print-style=tvm %s --entry 'Holder(get_kernel(5))' | FileCheck %s --check-prefix=MOD
# MOD: A[0] = A[0] + 5
# RUN: not %tirx-opt %s --entry 'Empty()' 2>&1 | FileCheck %s --check-prefix=BAD
# BAD: error: --entry: 'Empty()' did not give a PrimFunc
from tvm.script import tirx as T


class Kernel:
    def __init__(self, f):
        self.func = f


class Holder:
    def __init__(self, k):
        self.mod = k


class Empty:
    pass


def get_kernel(n):
    @T.prim_func
    def add_n(A: T.Buffer((4,), "int32")):
        A[0] = A[0] + n

    return Kernel(add_n)
