# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}scope_id_host.py:5:12: error: T.thread_id is only valid after T.device_entry()
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    tx = T.thread_id([4])
