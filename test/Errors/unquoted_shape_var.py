# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}unquoted_shape_var.py:4:20: error: name 'n' is not defined; a new symbolic shape variable must be quoted ("n") at its first use in the signature
@T.prim_func
def f(A: T.Buffer((n,), "float32")):
    T.evaluate(0)
