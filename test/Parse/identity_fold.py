# Operators fold the identities TVM's do: x + 0, 0 + x, x - 0, x * 1, 1 * x,
# x * 0, x // 1, 0 // x, float x * 1.0 / x + 0.0; x % 1 and 0 % x only for
# signed integers.  The explicit node forms (T.Mul(x, 1), ...) stay as written.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: A[0] = tx + tx + tx + tx + tx + tx
# CHECK-NEXT: B[0] = f + f + f + f + f
# CHECK-NEXT: U[0] = u % T.uint32(1) + u + u
# CHECK-NEXT: A[1] = 0 - tx + tx
# CHECK-NEXT: A[2] = T.Mul(tx, 1) + T.Add(tx, 0)
@T.prim_func
def fold(A: T.Buffer((64,), "int32"), B: T.Buffer((64,), "float32"), U: T.Buffer((64,), "uint32")):
    T.device_entry()
    tx = T.thread_id([64])
    one = T.meta_var(1)
    zero = T.meta_var(0)
    f = B[tx]
    u = U[tx]
    A[0] = tx * one + tx % one + tx // one + (tx + zero) + (tx - zero) + one * tx + zero + tx
    B[0] = f * 1.0 + f * 0.0 + (f + 0.0) + (f - 0.0) + f / 1.0 + 1.0 * f
    U[0] = u % 1 + u * 1 + (u + 0)
    A[1] = 0 // tx + 0 % tx + (0 - tx) + tx * 0 + tx
    A[2] = T.Mul(tx, 1) + T.Add(tx, 0)
