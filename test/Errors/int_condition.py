# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# A float is never a condition; an integer `if` condition (TVM's `if flag:`)
# is accepted, see test/Parse/tvm_printed/int_if_condition.py.
# CHECK: {{.*}}int_condition.py:7:8: error: if condition must be a boolean expression, got float32 (compare explicitly, e.g. x != 0)
@T.prim_func
def f(A: T.Buffer((4,), "float32"), x: T.float32):
    if x:
        A[0] = T.float32(1.0)
