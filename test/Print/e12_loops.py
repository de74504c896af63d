# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E12: loop forms - grid, min/max bounds, range step, unroll/vectorized/parallel,
# unroll=False, sorted annotations, name reuse across sibling loops.
# CHECK:@T.prim_func
# CHECK-NEXT:def loops(A: T.Buffer((16, 16), "float32"), B: T.Buffer((64,), "float32")):
# CHECK-NEXT:    for i, j in T.grid(16, 16):
# CHECK-NEXT:        A[i, j] = T.float32(0.0)
# CHECK-NEXT:    for i in range(2, 10):
# CHECK-NEXT:        B[i] = T.float32(1.0)
# CHECK-NEXT:    for i in range(0, 64, 4):
# CHECK-NEXT:        B[i] = T.float32(2.0)
# CHECK-NEXT:    for i in T.unroll(4):
# CHECK-NEXT:        B[i] = T.float32(3.0)
# CHECK-NEXT:    for i in T.vectorized(4):
# CHECK-NEXT:        B[i + 4] = T.float32(4.0)
# CHECK-NEXT:    for i in T.parallel(8):
# CHECK-NEXT:        B[i + 8] = T.float32(5.0)
# CHECK-NEXT:    for i in T.serial(8, unroll=False):
# CHECK-NEXT:        B[i + 16] = T.float32(6.0)
# CHECK-NEXT:    for i in T.serial(8, annotations={"custom": 1, "disable_unroll": True}):
# CHECK-NEXT:        B[i + 24] = T.float32(7.0)

@T.prim_func
def loops(A: T.Buffer((16, 16), "float32"), B: T.Buffer((64,), "float32")):
    for i, j in T.grid(16, 16):
        A[i, j] = T.float32(0.0)
    for i in range(2, 10):
        B[i] = T.float32(1.0)
    for i in range(0, 64, 4):
        B[i] = T.float32(2.0)
    for i in T.unroll(4):
        B[i] = T.float32(3.0)
    for i in T.vectorized(4):
        B[i + 4] = T.float32(4.0)
    for i in T.parallel(8):
        B[i + 8] = T.float32(5.0)
    for i in T.serial(8, unroll=False):
        B[i + 16] = T.float32(6.0)
    for i in T.serial(8, annotations={"custom": 1, "disable_unroll": True}):
        B[i + 24] = T.float32(7.0)
