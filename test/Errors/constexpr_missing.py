# RUN: not %tirx-opt %s 2>&1 | FileCheck %s --implicit-check-not=error:
# RUN: not %tirx-opt %s -D N=1x 2>&1 | FileCheck %s --check-prefix=BAD --implicit-check-not=error:
# (one error each: the parameter is then bound to the error value, which the signature's
# use of N passes on silently instead of reporting N undefined)
# BAD: {{.*}}constexpr_missing.py:8:40: error: invalid value '1x' for constexpr 'N' (-D N=...)
# CHECK: {{.*}}constexpr_missing.py:8:40: error: T.constexpr parameter 'N' has no value; pass -D N=VALUE
@T.jit
def f(A: T.Buffer((N,), "float32"), *, N: T.constexpr):
    T.evaluate(0)
