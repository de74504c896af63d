# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}constexpr_missing.py:4:40: error: T.constexpr parameter 'N' has no value; pass -D N=VALUE
@T.jit
def f(A: T.Buffer((N,), "float32"), *, N: T.constexpr):
    T.evaluate(0)
