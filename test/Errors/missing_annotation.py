# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}missing_annotation.py:4:7: error: parameter 'A' needs a type annotation
@T.prim_func
def f(A):
    T.evaluate(0)
