# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}bad_dedent.py:7:7: error: unindent does not match any outer indentation level
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    for i in range(4):
        A[i] = T.float32(1.0)
      A[0] = T.float32(2.0)
