# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# One mistake, one error: names defined by a failed statement do not cascade.
# CHECK: error: unknown intrinsic 'T.ceildivv'; did you mean 'T.ceildiv'?
# CHECK-NOT: error:
@T.prim_func
def saxpy(x: T.Buffer(("n",), "float32"), y: T.Buffer((n,), "float32"), a: T.float32):
    n = T.int32()
    T.device_entry()
    bx = T.cta_id([T.ceildivv(n, 256)])
    tx = T.thread_id([256])
    i: T.let[T.int32] = bx * 256 + tx
    if i < n:
        y[i] = a * x[i] + y[i]
