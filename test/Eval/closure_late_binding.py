# Python closures bind late: a nested def or lambda reads its enclosing
# function's names when it runs (a name defined after the def, a reassigned
# one), the last values once that function returned, through every enclosing
# function; a comprehension is a scope of its own (both lambdas see i = 1).
# The CHECK lines are what TVM 0.27 (CPython) gives.
# RUN: %tirx-opt --print-style=tvm %s --entry g | FileCheck %s
# CHECK: A[0] = 3
# CHECK-NEXT: A[1] = 5
# CHECK-NEXT: A[2] = 17
# CHECK-NEXT: A[3] = 16
# CHECK-NEXT: A[4] = 8
from tvm.script import tirx as T

def make():
    def get():
        return k
    k = 3
    a = get()
    k = 5
    b = get()
    def inner():
        def deeper():
            return k + m
        m = 10
        return deeper
    d = inner()
    k = 7
    c = d()
    fs = [lambda: k * i for i in range(2)]
    k = 8
    e = fs[0]() + fs[1]()

    @T.prim_func
    def f(A: T.Buffer((8,), "int32")):
        A[0] = a
        A[1] = b
        A[2] = c
        A[3] = e
        A[4] = get()
    k = 9
    return f

g = make()
