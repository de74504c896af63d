# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# T.if_then_else with two boolean sides is a boolean (no promotion to do; it
# used to be refused as "arithmetic on boolean values").
# CHECK-LABEL: def f(
# CHECK: if T.if_then_else(a == 0, b != T.uint32(0), T.bool(True)):
from tvm.script import tirx as T


@T.prim_func
def f(a: T.int32, b: T.uint32, C: T.Buffer((4,), "int32")):
    if T.if_then_else(a == 0, b != T.uint32(0), T.bool(True)):
        C[0] = 1
