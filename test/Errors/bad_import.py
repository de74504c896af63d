# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}bad_import.py:3:1: error: unknown module 'numpy'
import numpy
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.evaluate(0)
