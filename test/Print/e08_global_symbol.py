# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E8: a global_symbol attribute different from the name stays in T.func_attr.
# CHECK:@I.ir_module
# CHECK-NEXT:class Module:
# CHECK-NEXT:    @T.prim_func
# CHECK-NEXT:    def main(A: T.Buffer((8,), "float32")):
# CHECK-NEXT:        T.func_attr({"global_symbol": "kernel_entry"})
# CHECK-NEXT:        A[0] = T.float32(0.0)

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((8,), "float32")):
        T.func_attr({"global_symbol": "kernel_entry"})
        A[0] = T.float32(0.0)
