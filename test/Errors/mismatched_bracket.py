# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}mismatched_bracket.py:6:8: error: closing ')' does not match '['
# CHECK: {{.*}}mismatched_bracket.py:6:6: note: '[' opened here
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    A[0) = T.float32(1.0)
