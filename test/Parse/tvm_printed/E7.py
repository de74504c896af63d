# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E7 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import ir as I
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def fill(A: T.Buffer((16,), "int32")):
        for i in range(16):
            A[i] = i

    @T.prim_func
    def main(A: T.Buffer((16,), "int32")):
        T.func_attr({"tirx.noalias": True})
        A[0] = 0
