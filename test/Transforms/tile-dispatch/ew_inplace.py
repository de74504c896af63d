# A unary elementwise op with the destination only is in place (TVM prints
# f(dst, dst) as f(dst) and its builder takes src=None as dst).
# RUN: %tirx-opt --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
@T.prim_func
def ew_inplace(A: T.Buffer((8,), "float32")):
    T.device_entry()
    T.cta_id([1])
    T.thread_id([1])
    P = T.alloc_local((8,), "float32")
    for j in range(8):
        P[j] = A[j]
    # CHECK: P_local[r_0] = T.sqrt(P_local[r_0])
    T.tile.sqrt(P[0:8])
    # CHECK: P_local_1[r_1] = T.float32(1.0) / P_local_1[r_1]
    T.tile.reciprocal(P[0:8])
    for j in range(8):
        A[j] = P[j]
