# statements run only when reached (try/except catches the error of an
# unloaded module's use; `del` of an unbound name fails when it runs); decorated plain
# Python functions get their decorators applied; imports of unloaded
# modules cost nothing until used.
# RUN: %tirx-opt %s | FileCheck %s
# RUN: not %tirx-opt %s -D RUN_TRY=True 2>&1 | FileCheck %s --check-prefix=TRY
# CHECK: T.evaluate(12)
# CHECK-NEXT: T.evaluate(5)
# TRY: {{.*}}py_lazy_statements.py:29:17: error: name 'x' is not defined
import torch
from typing import Any, Optional

RUN_TRY = False

def twice(f):
    def g(x):
        return f(f(x))
    return g

@twice
def add3(x: Any) -> Optional[int]:
    return x + 3

def host_only():
    if RUN_TRY:
        try:
            torch.ones(3)
        except Exception:
            del x
    return 5

@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.evaluate(add3(6))
    T.evaluate(host_only())
