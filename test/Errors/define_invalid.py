# An invalid -D value is one located error; the module's own value then binds the name,
# so the assert and the kernel that use it add none (they used to report 'name ... is not
# defined' after it).  A bare word is what the shell leaves of -D MODE="slow": the error
# says how to keep the quotes.
# RUN: not %tirx-opt %s -D MODE=slow 2>&1 | FileCheck %s --check-prefix=WORD --implicit-check-not=error:
# RUN: not %tirx-opt %s -D N=1x 2>&1 | FileCheck %s --check-prefix=NUM --implicit-check-not=error:
# RUN: %tirx-opt %s -D 'MODE="slow"' -D N=8 | FileCheck %s --check-prefix=OK
# WORD: define_invalid.py:[[@LINE+3]]:1: error: invalid value 'slow' for -D MODE (a string keeps its quotes: -D MODE='"slow"')
# NUM: define_invalid.py:[[@LINE+3]]:1: error: invalid value '1x' for -D N{{$}}
# OK: T.Buffer((8,), "float32")
MODE = "fast"
N = 4
assert MODE in ("fast", "slow"), "MODE must be fast or slow"


@T.prim_func
def k(a: T.handle):
    A = T.match_buffer(a, (N,), "float32")
    for i in range(N):
        A[i] = T.float32(1)
