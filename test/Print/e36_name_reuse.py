# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E36: the search for a free `buf_N` starts where the last one for `buf` ended, and a
# closed scope's `buf_N` is free again: the first free suffix each time, as in E34 and
# E35 (sibling loops reuse buf_1 and buf_2 after theirs closed; the buf_2 and buf_1
# the source names itself are skipped while they live).  lib/Print/print.c keeps where
# each base's search starts (Printer.hints): without it a wide body tries thousands.
# CHECK:@T.prim_func
# CHECK-NEXT:def reuse(A: T.Buffer((4, 4), "float32")):
# CHECK-NEXT:    buf = T.alloc_local((4,))
# CHECK-NEXT:    for i in range(4):
# CHECK-NEXT:        buf_1 = T.alloc_local((4,))
# CHECK-NEXT:        for j in range(4):
# CHECK-NEXT:            buf_2 = T.alloc_local((4,))
# CHECK-NEXT:            buf_2[j] = A[i, j]
# CHECK-NEXT:    for k in range(4):
# CHECK-NEXT:        buf_1 = T.alloc_local((4,))
# CHECK-NEXT:        buf_1[k] = A[k, 0]
# CHECK-NEXT:        for j in range(4):
# CHECK-NEXT:            buf_2 = T.alloc_local((4,))
# CHECK-NEXT:            buf_2[j] = A[k, j]
# CHECK-NEXT:            for m in range(4):
# CHECK-NEXT:                buf_3 = T.alloc_local((4,))
# CHECK-NEXT:                buf_3[m] = A[m, j]
# CHECK-NEXT:    for k in range(4):
# CHECK-NEXT:        buf_1 = T.alloc_local((4,))
# CHECK-NEXT:        buf_1[k] = A[k, 1]
# CHECK-NEXT:    A[0, 0] = buf[0]
# CHECK:@T.prim_func
# CHECK-NEXT:def direct(A: T.Buffer((4, 4), "float32")):
# CHECK-NEXT:    buf_2 = T.alloc_local((4,))
# CHECK-NEXT:    buf = T.alloc_local((4,))
# CHECK-NEXT:    for i in range(4):
# CHECK-NEXT:        buf_1 = T.alloc_local((4,))
# CHECK-NEXT:        for j in range(4):
# CHECK-NEXT:            buf_3 = T.alloc_local((4,))
# CHECK-NEXT:            buf_3[j] = A[i, j] + buf_2[j]
# CHECK-NEXT:    for i in range(4):
# CHECK-NEXT:        buf_1 = T.alloc_local((4,))
# CHECK-NEXT:        buf_1[i] = A[i, 1]
# CHECK-NEXT:        for j in range(4):
# CHECK-NEXT:            buf_3 = T.alloc_local((4,))
# CHECK-NEXT:            buf_3[j] = A[j, 2]
# CHECK-NEXT:    A[0, 0] = buf[0]

@T.prim_func
def reuse(A: T.Buffer((4, 4), "float32")):
    buf = T.alloc_local((4,))
    for i in range(4):
        buf = T.alloc_local((4,))
        for j in range(4):
            buf = T.alloc_local((4,))
            buf[j] = A[i, j]
    for k in range(4):
        buf = T.alloc_local((4,))
        buf[k] = A[k, 0]
        for j in range(4):
            buf = T.alloc_local((4,))
            buf[j] = A[k, j]
            for m in range(4):
                buf = T.alloc_local((4,))
                buf[m] = A[m, j]
    for k in range(4):
        buf = T.alloc_local((4,))
        buf[k] = A[k, 1]
    A[0, 0] = buf[0]

@T.prim_func
def direct(A: T.Buffer((4, 4), "float32")):
    buf_2 = T.alloc_local((4,))
    buf = T.alloc_local((4,))
    for i in range(4):
        buf = T.alloc_local((4,))
        for j in range(4):
            buf = T.alloc_local((4,))
            buf[j] = A[i, j] + buf_2[j]
    for i in range(4):
        buf_1 = T.alloc_local((4,))
        buf_1[i] = A[i, 1]
        for j in range(4):
            buf = T.alloc_local((4,))
            buf[j] = A[j, 2]
    A[0, 0] = buf[0]
