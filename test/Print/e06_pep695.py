# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E6: PEP 695 type parameters are accepted and print in the TypeVar form.
# CHECK:M = TypeVar("M")
# CHECK-NEXT:@T.prim_func(private=True)
# CHECK-NEXT:def main(A: T.Buffer((M, "M * T.int64(2)"), "float32")):
# CHECK-NEXT:    A[0, 0] = T.float32(1.0)

from __future__ import annotations

@T.prim_func(private=True)
def main[M](A: T.Buffer((M, M * T.int64(2)), "float32")):
    A[0, 0] = T.float32(1.0)
