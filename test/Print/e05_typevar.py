# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E5: an int64 symbolic var prints in the portable TypeVar form; compound shape
# expressions over it are quoted.
# CHECK:M = TypeVar("M")
# CHECK-NEXT:@T.prim_func(private=True)
# CHECK-NEXT:def main(A: T.Buffer((M, "M * T.int64(2)"), "float32")):
# CHECK-NEXT:    A[0, 0] = T.float32(1.0)

M = TypeVar("M")
@T.prim_func(private=True)
def main(A: T.Buffer((M, "M * T.int64(2)"), "float32")):
    A[0, 0] = T.float32(1.0)
