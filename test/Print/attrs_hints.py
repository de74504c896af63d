# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# Node-less T.attr dicts (a chain merges in nesting order), T.hint without a
# message, keyword-only hints, POD keyword values (bool, float, list, dict).
# CHECK:@T.prim_func
# CHECK-NEXT:def attrs(A: T.Buffer((64,), "float32")):
# CHECK-NEXT:    T.attr({"a.b": 1, "c": T.bool(True)})
# CHECK-NEXT:    with T.attr({"k": "s"}):
# CHECK-NEXT:        A[0] = T.float32(1.0)
# CHECK-NEXT:    with T.hint():
# CHECK-NEXT:        A[1] = T.float32(1.0)
# CHECK-NEXT:    with T.hint(depth=4, name="x"):
# CHECK-NEXT:        A[2] = T.float32(1.0)
# CHECK-NEXT:    T.hint("last", ok=True, ratio=0.5, sizes=[1, 2], info={"a": 2, "z": 1})
# CHECK-NEXT:    A[3] = T.float32(2.0)

@T.prim_func
def attrs(A: T.Buffer((64,), "float32")):
    T.attr({"a.b": 1, "c": T.bool(True)})
    with T.attr({"k": "s"}):
        A[0] = T.float32(1.0)
    with T.hint():
        A[1] = T.float32(1.0)
    with T.hint(depth=4, name="x"):
        A[2] = T.float32(1.0)
    T.hint("last", ok=True, ratio=0.5, sizes=[1, 2], info={"a": 2, "z": 1})
    A[3] = T.float32(2.0)
