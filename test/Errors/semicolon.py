# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}semicolon.py:5:26: error: ';' between statements is not supported; put each statement on its own line
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    A[0] = T.float32(1.0); A[1] = T.float32(2.0)
