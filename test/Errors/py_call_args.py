# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# Argument binding errors of plain Python calls are located at the call.
# CHECK: {{.*}}py_call_args.py:9:5: error: f() takes 1 positional argument but 2 were given
# CHECK: {{.*}}py_call_args.py:10:12: error: f() got an unexpected keyword argument 'z'
# CHECK: {{.*}}py_call_args.py:11:5: error: f() missing required argument 'a'
def f(a, *, k=1):
    return a

A = f(1, 2)
B = f(1, z=3)
C = f()
