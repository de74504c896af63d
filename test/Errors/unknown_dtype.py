# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}unknown_dtype.py:4:25: error: unknown dtype "float33"
@T.prim_func
def f(A: T.Buffer((4,), "float33")):
    A[0] = T.float32(1.0)
