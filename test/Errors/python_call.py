# RUN: %tirx-opt %s 2>&1 >/dev/null | FileCheck %s
# A call of a name nothing defines in a kernel is a call of a device function
# of another module (TVM prints those by their bare name): a warning says so,
# so that a typo does not go unnoticed.
# CHECK: {{.*}}python_call.py:9:12: warning: 'prnt' is not defined in this module: a call of a device function defined elsewhere (linked later)
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.device_entry()
    A[0] = prnt(1)
