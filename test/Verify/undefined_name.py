# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# `n = T.int32()` in a body declares a variable but nothing defines its value:
# only signature shape variables, parameters, loops, lets and scope ids do.
# (The parser shares one Var node between uses, so the location is not pinned.)
@T.prim_func
def f(A: T.Buffer((8,), "float32")):
    n = T.int32()
    # CHECK: undefined_name.py:{{[0-9]+}}:{{[0-9]+}}: error: use of undefined name 'n'
    for i in range(n):
        A[i] = T.float32(0.0)
