# buf.allocated_addr: TVM's array of a tmem buffer's column address (empty for
# a buffer that has none).
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# The expected line is what TVM 0.27 prints for this kernel.
# CHECK: A[tx] = 64 + tx % 4 * 4
from tvm.script import tirx as T

@T.prim_func
def k(A: T.Buffer((64,), "int32")):
    T.device_entry()
    tx = T.thread_id([64])
    pool = T.SMEMPool()
    tp = T.TMEMPool(pool)
    t0 = tp.alloc((128, 64), "float32")
    t1 = tp.alloc((128, 32), "float32")
    s = pool.alloc((4,), "int32")
    pool.commit()
    A[tx] = t1.allocated_addr[0] + tx % 4 * 4 + len(s.allocated_addr)
