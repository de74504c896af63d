# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E2: private function, handle / typed pointer / scalar parameter annotations, return type.
# A private function keeps its own name when printed standalone (TVM prints 'main').
# CHECK:@T.prim_func(private=True)
# CHECK-NEXT:def main(p: T.handle, q: T.handle("float16", "shared"), n: T.int32, s: T.float32, flag: T.bool) -> T.int32:
# CHECK-NEXT:    return n + 1

@T.prim_func(private=True)
def main(p: T.handle, q: T.handle("float16", "shared"), n: T.int32, s: T.float32, flag: T.bool) -> T.int32:
    return n + 1
