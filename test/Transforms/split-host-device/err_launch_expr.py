# RUN: not %tirx-opt --pass-pipeline=default %s 2>&1 | FileCheck %s
# CHECK: {{.*}}err_launch_expr.py:9:22: error: grid extent 'T.truncdiv(n, m)' cannot be evaluated on the host
# The host evaluates launch extents with + - * // % min max only (a truncating
# division of values not known to be non-negative stays T.truncdiv).
@T.prim_func
def truncgrid(A: T.Buffer((1024,), "float32"), n: T.int32, m: T.int32):
    T.device_entry()
    tx = T.thread_id([128])
    bx = T.cta_id([T.truncdiv(n, m)])
    A[bx * 128 + tx] = T.float32(0.0)
