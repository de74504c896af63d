# RUN: %tirx-opt --pass-pipeline=lower-tirx,unroll-loop,simplify %s | FileCheck %s
# RUN: %tirx-opt --pass-pipeline=lower-tirx,unroll-loop,simplify --verify-roundtrip %s > /dev/null
# CHECK-LABEL: {{^}}def tri(A: T.Buffer((64,), "float32")):
# CHECK-NEXT: {{^}}    T.device_entry()
# CHECK-NEXT: {{^}}    tx = T.launch_thread("threadIdx.x", 1)
# CHECK-NEXT: {{^}}    A[16] = T.float32(0.0)
# CHECK-NEXT: {{^}}    A[17] = T.float32(0.0)
# CHECK-NEXT: {{^}}    A[24] = T.float32(0.0)
# CHECK-NEXT: {{^}}    A[25] = T.float32(0.0)
# CHECK-NEXT: {{^}}    A[26] = T.float32(0.0)
# Nested unrolled loops: the inner extent depends on the outer var (triangular),
# so the inner loop is expanded inside each outer copy; range(2, 4) starts at 2.
@T.prim_func
def tri(A: T.Buffer((64,), "float32")):
    T.device_entry()
    tx = T.thread_id([1])
    for j in T.unroll(2, 4):
        for k in T.unroll(j):
            A[j * 8 + k] = T.float32(0.0)
