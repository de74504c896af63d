# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E18: assert with the (kind, [parts]) message tuple, return with a value.
# CHECK:@T.prim_func(private=True)
# CHECK-NEXT:def main(n: T.int32) -> T.int32:
# CHECK-NEXT:    assert n > 0, ("ValueError", ["n must be positive, got ", "n"])
# CHECK-NEXT:    return n * 2

@T.prim_func(private=True)
def main(n: T.int32) -> T.int32:
    assert n > 0, ("ValueError", ["n must be positive, got ", "n"])
    return n * 2
