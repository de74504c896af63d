# RUN: %tirx-opt --pass-pipeline=lower-tirx,unroll-loop %s | FileCheck %s
# RUN: %tirx-opt --pass-pipeline=lower-tirx,unroll-loop --verify-roundtrip %s > /dev/null
# CHECK-LABEL: {{^}}def unr(A: T.Buffer((64,), "float32")):
# CHECK-NEXT: {{^}}    T.device_entry()
# CHECK-NEXT: {{^}}    tx = T.launch_thread("threadIdx.x", 16)
# CHECK-NEXT: {{^}}    t: T.let[T.int32] = T.Add(tx * 4, 0)
# CHECK-NEXT: {{^}}    acc: T.float32 = A[t]
# CHECK-NEXT: {{^}}    A[t] = acc * T.float32(2.0)
# CHECK-NEXT: {{^}}    t_1: T.let[T.int32] = tx * 4 + 1
# CHECK-NEXT: {{^}}    acc_1: T.float32 = A[t_1]
# CHECK-NEXT: {{^}}    A[t_1] = acc_1 * T.float32(2.0)
# CHECK-NEXT: {{^}}    t_2: T.let[T.int32] = tx * 4 + 2
# CHECK-NEXT: {{^}}    acc_2: T.float32 = A[t_2]
# CHECK-NEXT: {{^}}    A[t_2] = acc_2 * T.float32(2.0)
# T.unroll(3) becomes three copies of the body with i = 0, 1, 2; the let and the
# local scalar defined in the body are renamed per copy (t, t_1, t_2).
@T.prim_func
def unr(A: T.Buffer((64,), "float32")):
    T.device_entry()
    tx = T.thread_id([16])
    for i in T.unroll(3):
        t: T.let[T.int32] = tx * 4 + i
        acc = T.alloc_local((1,), "float32")
        acc[0] = A[t]
        A[t] = acc[0] * T.float32(2.0)
