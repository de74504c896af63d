# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# A shape var that is a later scalar parameter is quoted at its first use but gets
# no declaration line; a new var in a later buffer is declared; an earlier scalar
# parameter prints bare.
# CHECK:@T.prim_func
# CHECK-NEXT:def f(A: T.Buffer(("n",), "float32"), n: T.int32, B: T.Buffer((n, "m"), "float32")):
# CHECK-NEXT:    m = T.int32()
# CHECK-NEXT:    A[0] = B[0, 0]

@T.prim_func
def f(A: T.Buffer(("n",), "float32"), n: T.int32, B: T.Buffer((n, "m"), "float32")):
    A[0] = B[0, 0]
