# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# Unbounded parse-time recursion hits the depth limit at the recursive call.
# CHECK: {{.*}}py_deep_recursion.py:6:12: error: parse-time recursion deeper than 200 calls in 'down'
# CHECK-NOT: error
def down(n):
    return down(n + 1)

X = down(0)
