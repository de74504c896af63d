# RUN: %tirx-opt --pass-pipeline=lower-tirx,simplify %s | FileCheck %s
# RUN: %tirx-opt --pass-pipeline=lower-tirx,simplify --verify-roundtrip %s > /dev/null
# CHECK-LABEL: {{^}}def folds(A: T.Buffer((16,), "int32"), F: T.Buffer((4,), "float32")):
# CHECK-NEXT: {{^}}    T.device_entry()
# CHECK-NEXT: {{^}}    tx = T.launch_thread("threadIdx.x", 1)
# CHECK-NEXT: {{^}}    A[0] = -4
# CHECK-NEXT: {{^}}    A[1] = 1
# CHECK-NEXT: {{^}}    A[2] = -4
# CHECK-NEXT: {{^}}    A[3] = -1
# CHECK-NEXT: {{^}}    A[4] = -3
# CHECK-NEXT: {{^}}    A[5] = -1
# CHECK-NEXT: {{^}}    A[6] = -56
# CHECK-NEXT: {{^}}    A[7] = -3
# CHECK-NEXT: {{^}}    A[8] = 255
# CHECK-NEXT: {{^}}    A[9] = 11
# CHECK-NEXT: {{^}}    A[10] = 6
# CHECK-NEXT: {{^}}    F[0] = T.float32(3.25)
# Constant folding: // and % with Python floor semantics (-7 // 2 = -4,
# -7 % 2 = 1, 7 // -2 = -4, 7 % -2 = -1), T.truncdiv / T.truncmod with C
# semantics, casts wrapping to the target width and truncating floats,
# T.Select / T.if_then_else on constant conditions.
@T.prim_func
def folds(A: T.Buffer((16,), "int32"), F: T.Buffer((4,), "float32")):
    T.device_entry()
    tx = T.thread_id([1])
    A[0] = T.FloorDiv(-7, 2)
    A[1] = T.FloorMod(-7, 2)
    A[2] = T.FloorDiv(7, -2)
    A[3] = T.FloorMod(7, -2)
    A[4] = T.truncdiv(-7, 2)
    A[5] = T.truncmod(-7, 2)
    A[6] = T.Cast("int32", T.Cast("int8", 200))
    A[7] = T.Cast("int32", T.float32(-3.75))
    A[8] = T.Cast("int32", T.Cast("uint8", -1))
    A[9] = T.Select(T.FloorDiv(7, 2) == 3, 1, 2) + T.if_then_else(T.FloorMod(-1, 4) == 3, 10, 20)
    A[10] = T.min(T.FloorDiv(9, 2), 3) * T.max(T.FloorMod(9, 4), 2)
    F[0] = T.float32(1.5) * T.float32(2.0) + T.float32(0.25)
