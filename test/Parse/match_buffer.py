# RUN: %tirx-opt %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# CHECK-LABEL: @T.prim_func
# CHECK-NEXT: {{^}}def f(A: T.Buffer(("n",), "float32"), B: T.Buffer((n,), "float32", align=16), s: T.float32):
# CHECK-NEXT: {{^}}    n = T.int32()
# CHECK-NEXT: {{^}}    T.device_entry()
# CHECK-NEXT: {{^}}    bx = T.cta_id([1])
# CHECK-NEXT: {{^}}    tx = T.thread_id([1])
# CHECK-NEXT: {{^}}    for i in range(n):
# CHECK-NEXT: {{^}}        B[i] = A[i] * s
# T.match_buffer on T.handle params becomes T.Buffer annotations; a free
# symbolic var declared with T.int32() is printed quoted at its first use.
@T.prim_func
def f(a: T.handle, b: T.handle, s: T.float32):
    n = T.int32()
    A = T.match_buffer(a, (n,), "float32")
    B = T.match_buffer(b, (n,), "float32", align=16)
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([1])
    for i in range(n):
        B[i] = A[i] * s
