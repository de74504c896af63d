# RUN: %tirx-opt --pass-pipeline=lower-tirx,unroll-loop %s | FileCheck %s
# RUN: %tirx-opt --pass-pipeline=lower-tirx,unroll-loop --verify-roundtrip %s > /dev/null
# CHECK-LABEL: {{^}}def kept(A: T.Buffer((64,), "float32"), n: T.int32):
# CHECK-NEXT: {{^}}    T.device_entry()
# CHECK-NEXT: {{^}}    tx = T.launch_thread("threadIdx.x", 1)
# CHECK-NEXT: {{^}}    for q in T.unroll(4):
# CHECK-NEXT: {{^}}        if A[q] > T.float32(0.0):
# CHECK-NEXT: {{^}}            break
# CHECK-NEXT: {{^}}        A[q] = T.float32(9.0)
# CHECK-NEXT: {{^}}    for r in T.unroll(n):
# CHECK-NEXT: {{^}}        A[r] = T.float32(1.0)
# CHECK-NEXT: {{^}}    for m in T.serial(4, unroll=2):
# CHECK-NEXT: {{^}}        A[m] = T.float32(1.0)
# Loops that stay: a T.unroll whose body breaks (the jump needs the loop), a
# T.unroll with a symbolic extent, and a serial loop with an unroll pragma.
@T.prim_func
def kept(A: T.Buffer((64,), "float32"), n: T.int32):
    T.device_entry()
    tx = T.thread_id([1])
    for q in T.unroll(4):
        if A[q] > T.float32(0.0):
            break
        A[q] = T.float32(9.0)
    for r in T.unroll(n):
        A[r] = T.float32(1.0)
    for m in T.serial(4, annotations={"pragma_unroll": 2}):
        A[m] = T.float32(1.0)
