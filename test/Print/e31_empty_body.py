# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E31: an empty body (pass) prints as T.evaluate(0).
# CHECK:@T.prim_func(private=True)
# CHECK-NEXT:def main():
# CHECK-NEXT:    T.evaluate(0)

@T.prim_func(private=True)
def main():
    pass
