# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}python_call.py:5:12: error: name 'print' is not defined
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    A[0] = print(1)
