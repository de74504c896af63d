# RUN: %tirx-opt %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# A region used as a value is a load (found by the fuzzer: B[tx] on a 2-d
# buffer printed as B[tx, 0] and re-parsed as a load).
# CHECK: C[tx] = A[tx] + B[tx, 0]
# CHECK: C[tx] = B[tx, 0] + A[tx]
@T.prim_func
def f(A: T.Buffer((4,), "float32"), B: T.Buffer((4, 1), "float32"), C: T.Buffer((4,), "float32")):
    T.device_entry()
    tx = T.thread_id([4])
    C[tx] = A[tx] + B[tx]
    C[tx] = B[tx, 0:1] + A[tx]
