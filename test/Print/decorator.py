# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# Decorator keywords print in TVM's order (private, s_tir, persistent) whatever the
# source order.
# CHECK:@T.prim_func(private=True, s_tir=True, persistent=True)
# CHECK-NEXT:def f():
# CHECK-NEXT:    T.evaluate(0)

@T.prim_func(private=True, persistent=True, s_tir=True)
def f():
    T.evaluate(0)
