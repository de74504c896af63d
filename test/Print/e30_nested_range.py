# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E30: nested loops whose inner min is not 0 do not collapse into T.grid.
# CHECK:@T.prim_func
# CHECK-NEXT:def test():
# CHECK-NEXT:    T.device_entry()
# CHECK-NEXT:    for lvs_0 in range(10):
# CHECK-NEXT:        for lvs_1 in range(2, 14):
# CHECK-NEXT:            T.evaluate(lvs_0 + lvs_1)

@T.prim_func
def test():
    T.device_entry()
    for lvs_0 in range(10):
        for lvs_1 in range(2, 14):
            T.evaluate(lvs_0 + lvs_1)
