# RUN: not %tirx-opt %s --entry 'get_kernel(3)' 2>&1 | FileCheck %s
# A failed parse-time assert is a located error with its message.
# CHECK: {{.*}}py_assert.py:6:5: error: assertion failed: n=3 must be even
# CHECK-NEXT: assert n % 2 == 0, f"n={n} must be even"
def get_kernel(n):
    assert n % 2 == 0, f"n={n} must be even"
