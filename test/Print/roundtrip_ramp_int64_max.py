# RUN: %tirx-opt %s | FileCheck %s --match-full-lines
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# A ramp index prints as a slice `base:base + lanes*stride` only when that end fits the
# index dtype; near INT64_MAX the end wrapped (`A[T.int64(9223372036854775806):
# T.int64(-9223372036854775806)]`), so it prints as the T.Ramp it is.
# CHECK:    A[T.int64(9223372036854775807)] = T.float32(1.0)
# CHECK-NEXT:    B[0] = A[T.Ramp(T.int64(9223372036854775806), T.int64(1), 4)]
# CHECK-NEXT:    B[1] = A[T.Ramp(T.int64(9223372036854775800), T.int64(2), 4)]
# CHECK-NEXT:    B[2] = A[T.int64(9223372036854775800):T.int64(9223372036854775804)]
# CHECK-NEXT:    B[3] = A[T.Ramp(2147483646, 1, 4)]
@T.prim_func
def f(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32x4")):
    T.device_entry()
    tx = T.thread_id([4])
    A[T.int64(9223372036854775807)] = T.float32(1.0)
    B[0] = A[T.Ramp(T.int64(9223372036854775806), T.int64(1), 4)]
    B[1] = A[T.Ramp(T.int64(9223372036854775800), T.int64(2), 4)]
    B[2] = A[T.Ramp(T.int64(9223372036854775800), T.int64(1), 4)]
    B[3] = A[T.Ramp(2147483646, 1, 4)]
