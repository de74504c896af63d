# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# An endless parse-time loop hits the step limit: an error, never a hang.
# CHECK: {{.*}}py_infinite_loop.py:{{[0-9]+}}:{{[0-9]+}}: error: parse-time evaluation exceeded 2000000 steps (an endless loop?)
# CHECK-NOT: error
n = 0
while True:
    n += 1
