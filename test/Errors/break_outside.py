# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}break_outside.py:5:5: error: 'break' outside a loop
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    break
