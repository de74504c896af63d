# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}redefine.py:6:5: error: 'x' is already defined in this scope
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    x: T.int32 = 1
    x: T.int32 = 2
