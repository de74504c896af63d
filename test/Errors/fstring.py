# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}fstring.py:5:16: error: f-strings are not supported in TIRx (they need a Python interpreter)
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.evaluate(f"x{1}")
