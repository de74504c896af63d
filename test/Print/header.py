# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# The file header: the two import comments, one empty line, then the function.
# CHECK:# from tvm.script import tirx as T
# CHECK-NEXT:# from tvm.tirx.layout import Axis
# CHECK-EMPTY:
# CHECK-NEXT:@T.prim_func
# CHECK-NEXT:def f():
# CHECK-NEXT:    T.evaluate(0)

@T.prim_func
def f():
    T.evaluate(0)
