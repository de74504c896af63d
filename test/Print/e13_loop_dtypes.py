# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E13: loop variable dtypes - uint32 parameter extent, typed uint32 and int64 extents.
# CHECK:@T.prim_func
# CHECK-NEXT:def idx(A: T.Buffer((128,), "float32"), n: T.uint32):
# CHECK-NEXT:    for i in range(n):
# CHECK-NEXT:        A[i] = T.float32(1.0)
# CHECK-NEXT:    for k in range(T.uint32(128)):
# CHECK-NEXT:        A[k] = T.float32(2.0)
# CHECK-NEXT:    for m in range(T.int64(4)):
# CHECK-NEXT:        A[m] = T.float32(3.0)

@T.prim_func
def idx(A: T.Buffer((128,), "float32"), n: T.uint32):
    for i in range(n):
        A[i] = T.float32(1.0)
    for k in range(T.uint32(128)):
        A[k] = T.float32(2.0)
    for m in range(T.int64(4)):
        A[m] = T.float32(3.0)
