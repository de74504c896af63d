# `//` and `%` on signed ints have Python floor semantics: q = a sdiv b, then
# q - 1 when the remainder is non-zero and its sign differs from b's; a
# constant power-of-two divisor is an arithmetic shift / a mask.  truncdiv /
# truncmod are C's sdiv / srem.  Unsigned ints use udiv / urem.
# RUN: %tirx-llc --emit=llvm %s | FileCheck %s
# CHECK-LABEL: define ptx_kernel void @divs_kernel(
# CHECK-SAME: i32 %a, i32 %b, i32 %u
# CHECK: %[[Q:[0-9]+]] = sdiv i32 %a, %b
# CHECK-NEXT: %[[R:[0-9]+]] = srem i32 %a, %b
# CHECK-NEXT: %[[NZ:[0-9]+]] = icmp ne i32 %[[R]], 0
# CHECK-NEXT: %[[X:[0-9]+]] = xor i32 %[[R]], %b
# CHECK-NEXT: %[[NEG:[0-9]+]] = icmp slt i32 %[[X]], 0
# CHECK-NEXT: %[[ADJ:[0-9]+]] = and i1 %[[NZ]], %[[NEG]]
# CHECK-NEXT: %[[Z:[0-9]+]] = zext i1 %[[ADJ]] to i32
# CHECK-NEXT: sub i32 %[[Q]], %[[Z]]
# CHECK: %[[R2:[0-9]+]] = srem i32 %a, %b
# CHECK: %[[ADJ2:[0-9]+]] = and i1
# CHECK-NEXT: %[[S:[0-9]+]] = add i32 %[[R2]], %b
# CHECK-NEXT: select i1 %[[ADJ2]], i32 %[[S]], i32 %[[R2]]
# CHECK: ashr i32 %a, 3
# CHECK: and i32 %a, 7
# CHECK: sdiv i32 %a, %b
# CHECK: srem i32 %a, %b
# CHECK: udiv i32 %u, 10
# CHECK: urem i32 %u, 10
@T.prim_func
def divs(O_ptr: T.handle, a: T.int32, b: T.int32, u: T.uint32):
    O = T.match_buffer(O_ptr, (8,), "int32")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([1])
    O[0] = a // b
    O[1] = a % b
    O[2] = a // 8
    O[3] = a % 8
    O[4] = T.truncdiv(a, b)
    O[5] = T.truncmod(a, b)
    O[6] = T.int32(u // T.uint32(10))
    O[7] = T.int32(u % T.uint32(10))
