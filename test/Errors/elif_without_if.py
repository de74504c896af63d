# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}elif_without_if.py:5:5: error: 'elif' without a matching 'if'
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    elif A[0] > T.float32(0.0):
        T.evaluate(0)
