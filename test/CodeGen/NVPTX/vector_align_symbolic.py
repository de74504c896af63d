# RUN: %tirx-llc --no-cache --emit=llvm-opt %s | FileCheck %s --check-prefix=IR
# RUN: %tirx-llc --no-cache --mcpu=sm_90a --emit=ptx %s | FileCheck %s --check-prefix=PTX
# A vector access's alignment comes from the buffer's align=, its offset factor and the
# index's divisibility, whatever the shape: an index held in a variable
# (`i = (bx * 256 + tx) * 4`, a mutable scalar stored once, or a let) through an int64
# shape's casts is 16-byte aligned, one ld.global.nc.v4 (it was `align 4`, four scalar
# ld.global.nc.b32: the 1 GiB float32x4 copy of issue 25).  A second store to the scalar,
# or a buffer declared align=8, keeps the alignment it can prove.
# IR-LABEL: define ptx_kernel void @copy_kernel(
# IR: load <4 x float>, ptr addrspace(1) %{{[0-9]+}}, align 16
# IR: store <4 x float> %{{[0-9]+}}, ptr addrspace(1) %{{[0-9]+}}, align 16
# IR-LABEL: define ptx_kernel void @copy_let_kernel(
# IR: load <4 x float>, ptr addrspace(1) %{{[0-9]+}}, align 16
# IR-LABEL: define ptx_kernel void @copy_twice_kernel(
# IR: load <4 x float>, ptr addrspace(1) %{{[0-9]+}}, align 4
# IR-LABEL: define ptx_kernel void @copy_align8_kernel(
# IR: load <4 x float>, ptr addrspace(1) %{{[0-9]+}}, align 8
# PTX-LABEL: .entry copy_kernel(
# PTX-NOT: ld.global.nc.b32
# PTX: ld.global.nc.v4.b32
# PTX-NOT: ld.global.nc.b32
# PTX: st.global.v4.b32
# PTX-LABEL: .entry copy_let_kernel(
# PTX-NOT: ld.global.nc.b32
# PTX: ld.global.nc.v4.b32
# PTX-LABEL: .entry copy_twice_kernel(
@T.prim_func
def copy(a: T.handle, b: T.handle):
    n = T.int64()
    A = T.match_buffer(a, (n,), "float32", align=16)
    B = T.match_buffer(b, (n,), "float32", align=16)
    T.device_entry()
    bx = T.cta_id([T.Cast("int32", n // 1024)])
    tx = T.thread_id([256])
    i = (bx * 256 + tx) * 4
    B[i : i + 4] = A[i : i + 4] * T.float32(2.0)

@T.prim_func
def copy_let(a: T.handle, b: T.handle):
    n = T.int64()
    A = T.match_buffer(a, (n,), "float32", align=16)
    B = T.match_buffer(b, (n,), "float32", align=16)
    T.device_entry()
    bx = T.cta_id([T.Cast("int32", n // 1024)])
    tx = T.thread_id([256])
    i: T.let[T.int64] = T.Cast("int64", (bx * 256 + tx) * 4)
    B[i : i + 4] = A[i : i + 4] * T.float32(2.0)

@T.prim_func
def copy_twice(a: T.handle, b: T.handle):
    n = T.int64()
    A = T.match_buffer(a, (n,), "float32", align=16)
    B = T.match_buffer(b, (n,), "float32", align=16)
    T.device_entry()
    bx = T.cta_id([T.Cast("int32", n // 1024)])
    tx = T.thread_id([256])
    i = (bx * 256 + tx) * 4
    i = i + 1
    B[i : i + 4] = A[i : i + 4] * T.float32(2.0)

@T.prim_func
def copy_align8(a: T.handle, b: T.handle):
    n = T.int64()
    A = T.match_buffer(a, (n,), "float32", align=8)
    B = T.match_buffer(b, (n,), "float32", align=8)
    T.device_entry()
    bx = T.cta_id([T.Cast("int32", n // 1024)])
    tx = T.thread_id([256])
    i = (bx * 256 + tx) * 4
    B[i : i + 4] = A[i : i + 4] * T.float32(2.0)
