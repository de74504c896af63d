# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E10: local scalar sugar - declaration with and without initializer (merged with
# the next store), stores and loads by name.
# CHECK:@T.prim_func
# CHECK-NEXT:def scalars(A: T.Buffer((64,), "int32")):
# CHECK-NEXT:    T.device_entry()
# CHECK-NEXT:    tx = T.thread_id([64])
# CHECK-NEXT:    count: T.int32 = 0
# CHECK-NEXT:    tmp: T.float16
# CHECK-NEXT:    count = count + A[tx]
# CHECK-NEXT:    tmp = T.Cast("float16", count)
# CHECK-NEXT:    doubled: T.int32 = count * 2
# CHECK-NEXT:    A[tx] = doubled

@T.prim_func
def scalars(A: T.Buffer((64,), "int32")):
    T.device_entry()
    tx = T.thread_id([64])
    count: T.int32 = 0
    tmp: T.float16
    count = count + A[tx]
    tmp = T.Cast("float16", count)
    doubled: T.int32 = count * 2
    A[tx] = doubled
