# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt --print-style=tvm - | FileCheck %s
# `not` on a traced boolean stays a Not node, even on a constant one: TVM
# neither folds `not T.bool(True)` nor prints it as T.Not(...); a Python
# boolean still folds.
# CHECK-LABEL: def f(
# CHECK: if not T.bool(True):
# CHECK: if T.And(T.bool(False), not T.bool(False)) and a % 4 == 0:
# CHECK: if not T.bool(True) and a < 3:
# CHECK: if not a < 3:
# CHECK: if not a < 3:
# CHECK-NOT: if
# CHECK: A[0] = 7
from tvm.script import tirx as T


@T.prim_func
def f(a: T.int32, A: T.Buffer((4,), "int32")):
    if not T.bool(True):
        A[0] = 1
    if T.And(T.bool(False), not T.bool(False)) and a % 4 == 0:
        A[0] = 3
    if not T.bool(True) and a < 3:
        A[0] = 4
    if not a < 3:
        A[0] = 5
    if T.Not(a < 3):
        A[0] = 6
    if not False:
        A[0] = 7
