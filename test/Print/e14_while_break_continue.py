# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E14: while with break/continue (tirx prints the authored keywords).
# CHECK:@T.prim_func
# CHECK-NEXT:def ctrl(A: T.Buffer((10,), "int32")):
# CHECK-NEXT:    i: T.int32 = 0
# CHECK-NEXT:    while i < 10:
# CHECK-NEXT:        if i % 2 == 1:
# CHECK-NEXT:            i = i + 1
# CHECK-NEXT:            continue
# CHECK-NEXT:        A[i] = i
# CHECK-NEXT:        i = i + 1
# CHECK-NEXT:        if i == 7:
# CHECK-NEXT:            break

@T.prim_func
def ctrl(A: T.Buffer((10,), "int32")):
    i: T.int32 = 0
    while i < 10:
        if i % 2 == 1:
            i = i + 1
            continue
        A[i] = i
        i = i + 1
        if i == 7:
            break
