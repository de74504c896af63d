# RUN: %tirx-opt %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# CHECK: # from tvm.script import ir as I
# CHECK-NEXT: # from tvm.script import tirx as T
# CHECK-LABEL: @I.ir_module
# CHECK-NEXT: {{^}}class Module:
# CHECK-NEXT: {{^}}    @T.prim_func(private=True)
# CHECK-NEXT: {{^}}    def fill(A: T.Buffer((16,), "int32")):
# CHECK-NEXT: {{^}}        for i in range(16):
# CHECK-NEXT: {{^}}            A[i] = i
# CHECK-EMPTY:
# CHECK-NEXT: {{^}}    @T.prim_func
# CHECK-NEXT: {{^}}    def main(A: T.Buffer((16,), "int32")):
# CHECK-NEXT: {{^}}        T.func_attr({"tirx.noalias": True})
# CHECK-NEXT: {{^}}        A[0] = 0
# @I.ir_module with several functions: sorted by name, main last.
@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((16,), "int32")):
        T.func_attr({"tirx.noalias": True})
        A[0] = 0

    @T.prim_func(private=True)
    def fill(A: T.Buffer((16,), "int32")):
        for i in range(16):
            A[i] = i
