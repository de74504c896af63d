# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E16: concise scoping - with when more statements follow, flat when last;
# generic three-argument T.attr.
# CHECK:@T.prim_func
# CHECK-NEXT:def hints(A: T.Buffer((64,), "float32")):
# CHECK-NEXT:    with T.hint("software pipeline", depth=4):
# CHECK-NEXT:        for i in range(64):
# CHECK-NEXT:            A[i] = T.float32(0.0)
# CHECK-NEXT:    with T.attr(A.data, "storage_alignment", 16):
# CHECK-NEXT:        A[0] = T.float32(1.0)
# CHECK-NEXT:    T.hint("tail")
# CHECK-NEXT:    A[1] = T.float32(2.0)

@T.prim_func
def hints(A: T.Buffer((64,), "float32")):
    with T.hint("software pipeline", depth=4):
        for i in range(64):
            A[i] = T.float32(0.0)
    with T.attr(A.data, "storage_alignment", 16):
        A[0] = T.float32(1.0)
    T.hint("tail")
    A[1] = T.float32(2.0)
