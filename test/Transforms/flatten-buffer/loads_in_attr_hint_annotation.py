# RUN: %tirx-opt --pass-pipeline=flatten-buffer %s | FileCheck %s
# Every expression field is rewritten, also a loop's annotations, an
# attribute's node and a hint's keyword values (the IR mutator is generated
# from stmt.def's children column; it used to skip these three).
# CHECK-LABEL: {{^}}def f(A: T.Buffer((4, 4), "int32")):
# CHECK: {{^}}    for i in T.serial(4, annotations={"k": A_flat[6]}):
# CHECK: {{^}}    T.hint("h", v=A_flat[11])
# CHECK: {{^}}    T.attr(A_flat[13], "pragma_x", 1)
# CHECK-NOT: A[
@T.prim_func
def f(A: T.Buffer((4, 4), "int32")):
    for i in T.serial(4, annotations={"k": A[1, 2]}):
        A[i, 0] = 1
    T.hint("h", v=A[2, 3])
    with T.attr(A[3, 1], "pragma_x", 1):
        A[0, 0] = 2
