# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}bool_arith.py:5:16: error: arithmetic on boolean values; cast to an integer type first
@T.prim_func
def f(A: T.Buffer((4,), "float32"), b: T.bool):
    T.evaluate(b + b)
