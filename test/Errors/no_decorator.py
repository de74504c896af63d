# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}no_decorator.py:3:1: error: function 'f' needs a @T.prim_func decorator (a plain Python function is compiled only through --entry)
def f(A: T.Buffer((4,), "float32")):
    T.evaluate(0)
