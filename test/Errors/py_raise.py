# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# `raise` at parse time is a located error naming the exception and message.
# CHECK: {{.*}}py_raise.py:7:5: error: raised ValueError: unsupported mode 'x'
def check(mode):
    if mode == "fast":
        return 1
    raise ValueError(f"unsupported mode {mode!r}")

M = check("x")
