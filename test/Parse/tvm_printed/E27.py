# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E27 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def views():
    T.attr({"tirx.device_entry": T.bool(True)})
    A = T.alloc_local((8, 8))
    A_f16 = A.view("float16")
    B = T.alloc_local((8, 4), "float16")
    B_t = B.permute(1, 0)
    A_f16[0, 0] = T.float16(0.0)
    B_t[0, 0] = T.float16(1.0)
