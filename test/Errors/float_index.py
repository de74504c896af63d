# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}float_index.py:5:7: error: buffer index must be an integer, got float32
@T.prim_func
def f(A: T.Buffer((4,), "float32"), x: T.float32):
    A[x] = T.float32(1.0)
