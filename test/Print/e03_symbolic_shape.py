# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E3: a new 32-bit symbolic extent is quoted at its first use in the signature,
# bare afterwards, and declared at the top of the body.
# CHECK:@T.prim_func
# CHECK-NEXT:def scale_dyn(A: T.Buffer(("n",), "float32"), B: T.Buffer((n,), "float32")):
# CHECK-NEXT:    n = T.int32()
# CHECK-NEXT:    T.device_entry()
# CHECK-NEXT:    bx = T.cta_id([1])
# CHECK-NEXT:    tx = T.thread_id([1])
# CHECK-NEXT:    for i in range(n):
# CHECK-NEXT:        B[i] = A[i] * T.float32(2.0)

@T.prim_func
def scale_dyn(A: T.Buffer(("n",), "float32"), B: T.Buffer((n,), "float32")):
    n = T.int32()
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([1])
    for i in range(n):
        B[i] = A[i] * T.float32(2.0)
