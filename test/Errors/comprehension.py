# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}comprehension.py:5:19: error: comprehensions are not supported in TIRx
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.evaluate([i for i in range(4)])
