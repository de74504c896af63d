# RUN: %tirx-opt %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# CHECK-LABEL: @T.prim_func
# CHECK-NEXT: {{^}}def f(A: T.Buffer((64,), "int32")):
# CHECK-NEXT: {{^}}    T.device_entry()
# CHECK-NEXT: {{^}}    tx = T.thread_id([64])
# CHECK-NEXT: {{^}}    count: T.int32 = 0
# CHECK-NEXT: {{^}}    tmp: T.float16
# CHECK-NEXT: {{^}}    count = count + A[tx]
# CHECK-NEXT: {{^}}    count = count + 1
# CHECK-NEXT: {{^}}    tmp = T.Cast("float16", count)
# CHECK-NEXT: {{^}}    doubled: T.int32 = count * 2
# CHECK-NEXT: {{^}}    s: T.int32 = 128
# CHECK-NEXT: {{^}}    s = s // 2
# CHECK-NEXT: {{^}}    A[tx] = doubled + s
# Mutable scalars: `x: T.int32 = v`, `x = <new numeric>` and 1-element local
# buffers all become local scalar buffers printed with the annotation sugar.
@T.prim_func
def f(A: T.Buffer((64,), "int32")):
    T.device_entry()
    tx = T.thread_id([64])
    count: T.int32 = 0
    tmp: T.float16
    count = count + A[tx]
    count += 1
    tmp = count
    doubled = count * 2
    s = T.alloc_local((1,), "int32")
    s[0] = 128
    s[0] = s[0] // 2
    A[tx] = doubled + s[0]
