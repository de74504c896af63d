# RUN: %tirx-opt --pass-pipeline=lower-tirx,simplify %s | FileCheck %s
# RUN: %tirx-opt --pass-pipeline=lower-tirx,simplify --verify-roundtrip %s > /dev/null
# A propagated constant let reaches a loop's annotations, an attribute's
# node and value and a hint's keywords; it used to stay there after its
# binding was removed ("use of undefined name 'k'").
# CHECK-LABEL: {{^}}def f(A: T.Buffer((16,), "float32")):
# CHECK-NOT: k: T.let
# CHECK: {{^}}    for i in T.serial(4, annotations={"k": 5, "t": tx}):
# CHECK: {{^}}    T.hint("h", v=5)
# CHECK: {{^}}    T.attr(5, "pragma_x", tx + 5)
@T.prim_func
def f(A: T.Buffer((16,), "float32")):
    T.device_entry()
    tx = T.thread_id([16])
    k: T.let[T.int32] = 5
    for i in T.serial(4, annotations={"k": k, "t": tx}):
        A[i] = T.float32(1.0)
    T.hint("h", v=k)
    with T.attr(k, "pragma_x", k + tx):
        A[tx] = T.float32(2.0)
