# T.attr(...) inside a parse-time if covers the rest of the enclosing block (the
# branch and what follows run as one block, as in TVM's parser), and merges
# with the T.attr before it; the CHECK lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK:def f(A: T.Buffer((8,), "int32"), n: T.int32):
# CHECK-NEXT:    T.attr({"a.x": 1, "b.y": 3})
# CHECK-NEXT:    A[0] = 1
# CHECK-NEXT:    with T.attr({"c.z": 3}):
# CHECK-NEXT:        A[1] = 1
# CHECK-NEXT:        with T.attr({"d.w": 4, "e.v": 5}):
# CHECK-NEXT:            A[2] = 1
from tvm.script import tirx as T
C = True
D = 3
@T.prim_func
def f(A: T.Buffer((8,), "int32"), n: T.int32):
    T.attr({"a.x": 1})
    if C:
        if D == 2:
            T.attr({"b.y": 2})
        elif D == 3:
            T.attr({"b.y": 3})
    A[0] = 1
    T.attr({"c.z": 3})
    A[1] = 1
    T.attr({"d.w": 4})
    T.attr({"e.v": 5})
    A[2] = 1
