# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}int_div.py:5:12: error: '/' on integers is ambiguous in TIRx; use '//' (floor division) or T.truncdiv
@T.prim_func
def f(A: T.Buffer((4,), "int32"), n: T.int32):
    A[0] = n / 2
