# RUN: %tirx-opt %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# CHECK-LABEL: @T.prim_func
# CHECK-NEXT: {{^}}def f(A: T.Buffer((128,), "float32")):
# CHECK-NEXT: {{^}}    T.device_entry()
# CHECK-NEXT: {{^}}    tx = T.thread_id([128])
# CHECK-NEXT: {{^}}    base: T.let[T.int32] = tx * 4
# CHECK-NEXT: {{^}}    n: T.let[T.int32] = base + 1
# CHECK-NEXT: {{^}}    buf = T.alloc_shared((4,), "uint32")
# CHECK-NEXT: {{^}}    ptr: T.let[T.handle("uint32", "shared")] = T.address_of(buf[1])
# CHECK-NEXT: {{^}}    p2: T.let[T.handle("uint32", "shared")] = T.address_of(buf[2])
# CHECK-NEXT: {{^}}    A[base % 128] = T.float32(1.0)
# T.let is the immutable binding; a new name bound to a pointer is one too, typed
# with the element dtype and scope when it is the address of a buffer element (TVM).
@T.prim_func
def f(A: T.Buffer((128,), "float32")):
    T.device_entry()
    tx = T.thread_id([128])
    base: T.let[T.int32] = tx * 4
    n: T.let = base + 1
    buf = T.alloc_shared((4,), "uint32")
    ptr: T.let[T.handle("uint32", "shared")] = T.address_of(buf[1])
    p2 = buf.ptr_to([2])
    A[base % 128] = T.float32(1.0)
