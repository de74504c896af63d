# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E11: immutable T.let bindings (scalar and pointer types), a dtype-first call as a
# bare statement, % as FloorMod.
# CHECK:@T.prim_func
# CHECK-NEXT:def lets(A: T.Buffer((128,), "float32")):
# CHECK-NEXT:    T.device_entry()
# CHECK-NEXT:    tx = T.thread_id([128])
# CHECK-NEXT:    base: T.let[T.int32] = tx * 4
# CHECK-NEXT:    buf = T.alloc_shared((4,), "uint32")
# CHECK-NEXT:    ptr: T.let[T.handle("uint32", "shared")] = T.address_of(buf[1])
# CHECK-NEXT:    T.reinterpret("uint64", ptr)
# CHECK-NEXT:    A[base % 128] = T.float32(1.0)

@T.prim_func
def lets(A: T.Buffer((128,), "float32")):
    T.device_entry()
    tx = T.thread_id([128])
    base: T.let[T.int32] = tx * 4
    buf = T.alloc_shared((4,), "uint32")
    ptr: T.let[T.handle("uint32", "shared")] = T.address_of(buf[1])
    T.reinterpret("uint64", ptr)
    A[base % 128] = T.float32(1.0)
