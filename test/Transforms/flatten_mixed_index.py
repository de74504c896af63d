# RUN: %tirx-opt --pass-pipeline=lower-tirx,flatten-buffer %s | FileCheck %s
# RUN: %tirx-llc %s --mcpu=sm_90a --emit=ptx -o /dev/null
# Index terms of different integer types meet in the wider one (TVM prints
# A[i, T.Cast("int64", j) * T.int64(8)]).
# CHECK: B[tx] = A_flat[T.Cast("int64", tx * 64) + T.Cast("int64", tx) * T.int64(8)]
@T.prim_func
def f(A: T.Buffer((32, 64), "float32"), B: T.Buffer((32,), "float32")):
    T.device_entry()
    tx = T.thread_id([8])
    B[tx] = A[tx, T.Cast("int64", tx) * T.int64(8)]
