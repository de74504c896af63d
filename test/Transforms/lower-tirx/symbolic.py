# RUN: %tirx-opt --pass-pipeline=lower-tirx %s | FileCheck %s
# RUN: %tirx-opt --pass-pipeline=lower-tirx --verify-roundtrip %s > /dev/null
# CHECK-LABEL: {{^}}def sym(A: T.Buffer(("n",), "float32")):
# CHECK-NEXT: {{^}}    n = T.int32()
# CHECK-NEXT: {{^}}    T.device_entry()
# CHECK-NEXT: {{^}}    bx = T.launch_thread("blockIdx.x", (n + 127) // 128)
# CHECK-NEXT: {{^}}    tx = T.launch_thread("threadIdx.x", 128)
# CHECK-NEXT: {{^}}    if bx * 128 + tx < n:
# CHECK-NEXT: {{^}}        A[bx * 128 + tx] = T.float32(0.0)
# Symbolic extents: the grid extent is an expression over the shape var n.
@T.prim_func
def sym(a: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n,), "float32")
    T.device_entry()
    bx = T.cta_id([(n + 127) // 128])
    tx = T.thread_id([128])
    if bx * 128 + tx < n:
        A[bx * 128 + tx] = T.float32(0.0)
