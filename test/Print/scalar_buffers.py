# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# Scalar sugar applies to local (1,) allocations only: decl_scalar and
# shared_scalar print as buffers; vector-dtype scalars; x.buffer.data for a scalar's
# pointer; a scalar read in its own initializer is not merged.
# CHECK:@T.prim_func
# CHECK-NEXT:def scal(A: T.Buffer((64,), "float32")):
# CHECK-NEXT:    T.device_entry()
# CHECK-NEXT:    tx = T.thread_id([64])
# CHECK-NEXT:    pool = T.alloc_buffer((16,), "uint8", scope="shared.dyn")
# CHECK-NEXT:    flag = T.decl_buffer((1,), "float16", data=pool.data, elem_offset=4, scope="shared.dyn")
# CHECK-NEXT:    flag[0] = flag[0] + T.float16(1.0)
# CHECK-NEXT:    s: T.float32 = A[tx]
# CHECK-NEXT:    t: T.float32 = s + T.float32(1.0)
# CHECK-NEXT:    u: T.float32 = T.float32(0.0)
# CHECK-NEXT:    u = u + t
# CHECK-NEXT:    w = T.alloc_shared((1,))
# CHECK-NEXT:    w[0] = u
# CHECK-NEXT:    A[tx] = w[0]
# CHECK-NEXT:    v: T.float32x4 = A[tx * 4:tx * 4 + 4]
# CHECK-NEXT:    p: T.let[T.handle("float32", "local")] = T.address_of(s)
# CHECK-NEXT:    T.reinterpret("uint64", s.buffer.data)
# CHECK-NEXT:    q: T.float32
# CHECK-NEXT:    q = T.float32(1.0) + q

@T.prim_func
def scal(A: T.Buffer((64,), "float32")):
    T.device_entry()
    tx = T.thread_id([64])
    pool = T.alloc_buffer((16,), "uint8", scope="shared.dyn")
    flag = T.decl_scalar(T.float16, data=pool.data, elem_offset=4, scope="shared.dyn")
    flag[0] = flag[0] + T.float16(1.0)
    s = T.alloc_local((1,), "float32")
    s[0] = A[tx]
    t: T.float32 = s[0] + T.float32(1.0)
    u: T.float32 = T.float32(0.0)
    u = u + t
    w = T.shared_scalar("float32")
    w[0] = u
    A[tx] = w[0]
    v = T.alloc_local((1,), "float32x4")
    v[0] = A.vload([tx * 4], dtype="float32x4")
    p: T.let[T.handle("float32", "local")] = T.address_of(s[0])
    T.evaluate(T.reinterpret("uint64", s.data))
    q: T.float32
    q = T.float32(1.0) + q
