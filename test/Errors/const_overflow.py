# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}const_overflow.py:3:5: error: integer literal too large (tirx supports 64-bit integers)
N = 99999999999999999999
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.evaluate(0)
