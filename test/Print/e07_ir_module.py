# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E7: IRModule - functions sorted by name with main last, one blank line between,
# private helper, T.func_attr with a POD value.
# CHECK:@I.ir_module
# CHECK-NEXT:class Module:
# CHECK-NEXT:    @T.prim_func(private=True)
# CHECK-NEXT:    def fill(A: T.Buffer((16,), "int32")):
# CHECK-NEXT:        for i in range(16):
# CHECK-NEXT:            A[i] = i
# CHECK-EMPTY:
# CHECK-NEXT:    @T.prim_func
# CHECK-NEXT:    def main(A: T.Buffer((16,), "int32")):
# CHECK-NEXT:        T.func_attr({"tirx.noalias": True})
# CHECK-NEXT:        A[0] = 0

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
