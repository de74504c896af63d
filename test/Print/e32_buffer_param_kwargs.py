# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E32: T.Buffer annotation keywords - layout=None, a non-default TileLayout,
# scope with align, elem_offset.
# CHECK:@T.prim_func(private=True)
# CHECK-NEXT:def main(A: T.Buffer((10, 11), "float32", layout=None), D: T.Buffer((10, 11), "float32", layout=T.TileLayout(T.S[(10, 11):(1, 10)])), E: T.Buffer((16,), "float32", scope="shared", align=128), F: T.Buffer((16,), "float16", elem_offset=8)):
# CHECK-NEXT:    A[0, 0] = D[0, 0]

@T.prim_func(private=True)
def main(A: T.Buffer((10, 11), "float32", layout=None), D: T.Buffer((10, 11), "float32", layout=T.TileLayout(T.S[(10, 11):(1, 10)])), E: T.Buffer((16,), "float32", scope="shared", align=128), F: T.Buffer((16,), "float16", elem_offset=8)):
    A[0, 0] = D[0, 0]
