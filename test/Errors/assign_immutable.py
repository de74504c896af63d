# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}assign_immutable.py:6:9: error: cannot assign to 'i': it is an immutable binding (loop variable, scope id, parameter or T.let)
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    for i in range(4):
        i = 2
