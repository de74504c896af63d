# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Dictionaries print with their string keys sorted (TVM's Map printer), so an
# unsorted source dict is stored sorted by the parser, and the re-parsed IR is
# structurally equal.
# CHECK:    T.func_attr({"a": 1, "b": 2})
# CHECK-NEXT:    T.hint("h", info={"a": 2, "z": 1})
# CHECK-NEXT:    for i in T.serial(4, annotations={"a": 1, "b": 2}):

@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.func_attr({"b": 2, "a": 1})
    T.hint("h", info={"z": 1, "a": 2})
    for i in T.serial(4, annotations={"b": 2, "a": 1}):
        A[i] = T.float32(0.0)
