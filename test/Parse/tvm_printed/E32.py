# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E32 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True)
def main(A: T.Buffer((10, 11), "float32", layout=None), D: T.Buffer((10, 11), "float32", layout=T.TileLayout(T.S[(10, 11):(1, 10)])), E: T.Buffer((16,), "float32", scope="shared", align=128), F: T.Buffer((16,), "float16", elem_offset=8)):
    A[0, 0] = D[0, 0]
