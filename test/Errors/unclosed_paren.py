# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}unclosed_paren.py:7:12: error: '(' was never closed (end of file reached at line 8)
# CHECK-NEXT: {{^}}    A[0] = (T.float32(1.0)
# CHECK-NEXT: {{^}}           ^
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    A[0] = (T.float32(1.0)
