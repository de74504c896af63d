# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E15: an else branch that is exactly one if prints as elif; an intrinsic in a
# condition; a negative float literal.
# CHECK:@T.prim_func
# CHECK-NEXT:def branch(A: T.Buffer((128,), "float32")):
# CHECK-NEXT:    T.device_entry()
# CHECK-NEXT:    tx = T.thread_id([128])
# CHECK-NEXT:    if tx < 32:
# CHECK-NEXT:        A[tx] = T.float32(0.0)
# CHECK-NEXT:    elif tx < 64:
# CHECK-NEXT:        A[tx] = T.float32(1.0)
# CHECK-NEXT:    else:
# CHECK-NEXT:        A[tx] = T.float32(2.0)
# CHECK-NEXT:    if T.cuda.elect_sync():
# CHECK-NEXT:        A[0] = T.float32(-1.0)

@T.prim_func
def branch(A: T.Buffer((128,), "float32")):
    T.device_entry()
    tx = T.thread_id([128])
    if tx < 32:
        A[tx] = T.float32(0.0)
    elif tx < 64:
        A[tx] = T.float32(1.0)
    else:
        A[tx] = T.float32(2.0)
    if T.cuda.elect_sync():
        A[0] = T.float32(-1.0)
