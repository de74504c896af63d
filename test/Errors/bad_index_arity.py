# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}bad_index_arity.py:5:5: error: buffer 'A' has 1 dimension but 2 indices were given
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    A[0, 1] = T.float32(1.0)
