# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}unexpected_indent.py:6:9: error: unexpected indent
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    A[0] = T.float32(1.0)
        A[1] = T.float32(2.0)
