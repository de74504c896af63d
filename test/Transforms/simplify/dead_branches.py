# RUN: %tirx-opt --pass-pipeline=lower-tirx,simplify %s | FileCheck %s
# RUN: %tirx-opt --pass-pipeline=lower-tirx,simplify --verify-roundtrip %s > /dev/null
# CHECK-LABEL: {{^}}def dead(A: T.Buffer((16,), "float32"), n: T.int32):
# CHECK-NEXT: {{^}}    T.device_entry()
# CHECK-NEXT: {{^}}    tx = T.launch_thread("threadIdx.x", 16)
# CHECK-NEXT: {{^}}    A[0] = T.float32(1.0)
# CHECK-NEXT: {{^}}    A[5] = T.float32(6.0)
# CHECK-NEXT: {{^}}    A[tx] = T.float32(7.0)
# CHECK-NEXT: {{^}}    if T.likely(tx < n):
# CHECK-NEXT: {{^}}        A[tx] = T.float32(8.0)
# Constant lets are propagated and removed; if/while on constants keep one
# branch or vanish; loops with extent 0 vanish and extent-1 loops become their
# body; comparisons decided by ranges (tx < 32 with tx in [0, 16)) fold; T.likely
# around a non-constant condition is kept; an unused let with a pure value goes.
@T.prim_func
def dead(A: T.Buffer((16,), "float32"), n: T.int32):
    T.device_entry()
    tx = T.thread_id([16])
    k: T.let[T.int32] = 5
    unused: T.let[T.int32] = tx * 2
    if k > 3:
        A[0] = T.float32(1.0)
    else:
        A[1] = T.float32(2.0)
    if T.FloorDiv(k, 2) == 3:
        A[2] = T.float32(3.0)
    while k < 0:
        A[3] = T.float32(4.0)
    for i in range(k - 5):
        A[i] = T.float32(5.0)
    for j in range(k, k + 1):
        A[j] = T.float32(6.0)
    if tx < 32:
        A[tx] = T.float32(7.0)
    if T.likely(tx < n):
        A[tx] = T.float32(8.0)
