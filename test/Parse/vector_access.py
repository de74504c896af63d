# RUN: %tirx-opt %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# CHECK-LABEL: @T.prim_func
# CHECK-NEXT: {{^}}def f(A: T.Buffer((256,), "float32"), O: T.Buffer((256,), "float32")):
# CHECK-NEXT: {{^}}    T.device_entry()
# CHECK-NEXT: {{^}}    tx = T.thread_id([64])
# CHECK-NEXT: {{^}}    v: T.float32x4 = A[tx * 4:tx * 4 + 4]
# CHECK-NEXT: {{^}}    O[tx * 4:tx * 4 + 4] = v
# CHECK-NEXT: {{^}}    O[0:4] = A[4:8]
# CHECK-NEXT: {{^}}    O[8:16:2] = A[0:4]
# vload/vstore and slices become ramp-indexed vector accesses.
@T.prim_func
def f(A: T.Buffer((256,), "float32"), O: T.Buffer((256,), "float32")):
    T.device_entry()
    tx = T.thread_id([64])
    v = T.alloc_local((1,), "float32x4")
    v[0] = A.vload([tx * 4], dtype="float32x4")
    O.vstore([tx * 4], v[0])
    O[0:4] = A[4:8]
    O[8:16:2] = A[0:4]
