# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# An IRModule adds the `ir as I` import first; its functions are indented by 4 and
# separated by an empty line without indentation.  A class name other than Module
# is kept.
# CHECK:# from tvm.script import ir as I
# CHECK-NEXT:# from tvm.script import tirx as T
# CHECK-NEXT:# from tvm.tirx.layout import Axis
# CHECK-EMPTY:
# CHECK-NEXT:@I.ir_module
# CHECK-NEXT:class Kernels:
# CHECK-NEXT:    @T.prim_func
# CHECK-NEXT:    def a():
# CHECK-NEXT:        T.evaluate(0)
# CHECK-EMPTY:
# CHECK-NEXT:    @T.prim_func(private=True)
# CHECK-NEXT:    def b():
# CHECK-NEXT:        T.evaluate(1)
# CHECK-EMPTY:
# CHECK-NEXT:    @T.prim_func
# CHECK-NEXT:    def main():
# CHECK-NEXT:        T.evaluate(2)

@I.ir_module
class Kernels:
    @T.prim_func
    def main():
        T.evaluate(2)

    @T.prim_func(private=True)
    def b():
        T.evaluate(1)

    @T.prim_func
    def a():
        T.evaluate(0)
