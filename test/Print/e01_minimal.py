# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E1: minimal kernel - T.Buffer params, T.device_entry(), scope ids, typed float literal.
# CHECK:@T.prim_func
# CHECK-NEXT:def scale(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "float32")):
# CHECK-NEXT:    T.device_entry()
# CHECK-NEXT:    bx = T.cta_id([1])
# CHECK-NEXT:    tx = T.thread_id([256])
# CHECK-NEXT:    B[tx] = A[tx] * T.float32(2.0)

@T.prim_func
def scale(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([256])
    B[tx] = A[tx] * T.float32(2.0)
