# RUN: %tirx-opt --verify-roundtrip %s | FileCheck %s --check-prefix=PRINT
# RUN: %tirx-llc %s --mcpu=sm_90a --emit=ptx -o - | FileCheck %s
# A pointer plus an integer is a byte offset (TVM prints
# T.address_of(x) + T.uint64(32) for the second half of a 64-byte record);
# T.handle_add_byte_offset and T.ptr_byte_offset are the call forms.
# PRINT: p: T.let[T.handle] = T.reinterpret("handle", T.address_of(A[0]) + T.uint64(32))
# PRINT: q: T.let[T.handle] = T.handle_add_byte_offset(A.data, 64)
# CHECK: add.s64 {{.*}}, 32;
# CHECK: add.s64 {{.*}}, 64;
@T.prim_func
def f(A: T.Buffer((64,), "uint32"), B: T.Buffer((4,), "uint64")):
    T.device_entry()
    tx = T.thread_id([1])
    p: T.let[T.handle] = T.reinterpret(T.handle().ty, T.address_of(A[0]) + T.uint64(32))
    q: T.let[T.handle] = T.handle_add_byte_offset(A.data, 64)
    B[0] = T.reinterpret("uint64", p)
    B[1] = T.reinterpret("uint64", q)
