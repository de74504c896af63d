# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}bad_char.py:5:27: error: invalid character '$' in source
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    A[0] = T.float32(1.0) $ 2
