# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# An f-string field is evaluated at parse time: an unknown name is a located error.
# CHECK: {{.*}}fstring.py:6:16: error: name 'y' is not defined
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.evaluate(f"x{y}")
