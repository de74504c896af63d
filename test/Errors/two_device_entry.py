# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}two_device_entry.py:6:7: error: only one T.device_entry() is allowed per kernel
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.device_entry()
    T.device_entry()
