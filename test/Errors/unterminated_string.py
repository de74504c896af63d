# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}unterminated_string.py:5:12: error: unterminated string literal
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.hint("oops)
