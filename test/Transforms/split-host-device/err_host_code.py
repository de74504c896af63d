# RUN: not %tirx-opt --pass-pipeline=lower-tirx,split-host-device %s 2>&1 | FileCheck %s
# CHECK: {{.*}}err_host_code.py:7:5: error: host code before T.device_entry() is not supported yet (line 7)
# CHECK-NEXT: {{^}}    A[0] = T.float32(1.0)
# Only parameter handling may precede the device region.
@T.prim_func
def hostcode(A: T.Buffer((16,), "float32")):
    A[0] = T.float32(1.0)
    T.device_entry()
    tx = T.thread_id([16])
    A[tx] = T.float32(2.0)
