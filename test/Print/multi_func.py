# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# Several @T.prim_func functions in one file (no class) print one after another,
# separated by one blank line, in source order.
# CHECK:@T.prim_func
# CHECK-NEXT:def f(A: T.Buffer((4,), "float32")):
# CHECK-NEXT:    A[0] = T.float32(1.0)
# CHECK-EMPTY:
# CHECK-NEXT:@T.prim_func
# CHECK-NEXT:def g(A: T.Buffer((4,), "float32")):
# CHECK-NEXT:    A[1] = T.float32(1.0)

@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    A[0] = T.float32(1.0)

@T.prim_func
def g(A: T.Buffer((4,), "float32")):
    A[1] = T.float32(1.0)
