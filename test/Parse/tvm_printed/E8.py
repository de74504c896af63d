# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E8 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import ir as I
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((8,), "float32")):
        T.func_attr({"global_symbol": "kernel_entry"})
        A[0] = T.float32(0.0)
