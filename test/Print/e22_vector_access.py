# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E22: ramps with constant stride print as slices; predicated vstore/vload.
# CHECK:@T.prim_func
# CHECK-NEXT:def vec(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32")):
# CHECK-NEXT:    B[0:4] = A[4:8]
# CHECK-NEXT:    B[8:16:2] = A[0:4]
# CHECK-NEXT:    B.vstore([T.Ramp(16, 1, 4)], A.vload([T.Ramp(0, 1, 4)], predicate=T.Broadcast(T.bool(True), 4)), predicate=T.Broadcast(T.bool(True), 4))

@T.prim_func
def vec(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32")):
    B[0:4] = A[4:8]
    B[8:16:2] = A[0:4]
    B.vstore([T.Ramp(16, 1, 4)], A.vload([T.Ramp(0, 1, 4)], predicate=T.Broadcast(T.bool(True), 4)), predicate=T.Broadcast(T.bool(True), 4))
