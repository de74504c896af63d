# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# A comprehension runs at parse time: iterating an IR value is a located error.
# CHECK: {{.*}}comprehension.py:6:28: error: this value cannot be iterated at parse time
@T.prim_func
def f(A: T.Buffer((4,), "float32"), n: T.int32):
    T.evaluate([i for i in n])
