# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}assign_let.py:6:5: error: cannot assign to 'k': it is an immutable binding (loop variable, scope id, parameter or T.let)
@T.prim_func
def f(A: T.Buffer((4,), "float32"), n: T.int32):
    k: T.let[T.int32] = n + 1
    k = 3
