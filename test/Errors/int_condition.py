# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}int_condition.py:5:8: error: if condition must be a boolean expression, got int32 (compare explicitly, e.g. x != 0)
@T.prim_func
def f(A: T.Buffer((4,), "float32"), n: T.int32):
    if n:
        A[0] = T.float32(1.0)
