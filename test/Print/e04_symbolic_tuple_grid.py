# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E4: two new symbolic vars of one buffer share a declaration line; a compound
# shape; two perfectly nested loops print as T.grid.
# CHECK:@T.prim_func
# CHECK-NEXT:def widen(A: T.Buffer(("m", "n"), "float16"), B: T.Buffer((m, n * 2), "float16")):
# CHECK-NEXT:    m, n = T.int32(), T.int32()
# CHECK-NEXT:    for i, j in T.grid(m, n):
# CHECK-NEXT:        B[i, j * 2] = A[i, j]

@T.prim_func
def widen(A: T.Buffer(("m", "n"), "float16"), B: T.Buffer((m, n * 2), "float16")):
    m, n = T.int32(), T.int32()
    for i, j in T.grid(m, n):
        B[i, j * 2] = A[i, j]
