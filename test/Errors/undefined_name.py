# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}undefined_name.py:5:12: error: name 'B' is not defined
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    A[0] = B[0]
