# SMEMPool.move_base_to counts toward the pool's size (TVM 0.27 raises the
# high-water mark to the new base, even when the cursor then moves back).
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# The expected lines are what TVM 0.27 prints for this kernel.
# CHECK: pool_buf = T.alloc_buffer((0,), "uint8", scope="shared.dyn")
# CHECK-NEXT: a = T.decl_buffer((64,), data=pool_buf.data, scope="shared.dyn")
# CHECK-NEXT: b = T.decl_buffer((64,), data=pool_buf.data, scope="shared.dyn")
# CHECK-NEXT: with T.attr({"tirx.dyn_smem_bytes": T.int64(4096)}):
# CHECK-NEXT: T.evaluate(0)
# CHECK-NEXT: A[tx] = a[tx] + b[tx]
from tvm.script import tirx as T

@T.prim_func
def k(A: T.Buffer((64,), "float32")):
    T.device_entry()
    tx = T.thread_id([64])
    pool = T.SMEMPool()
    a = pool.alloc((64,), "float32")
    pool.move_base_to(4096)
    pool.move_base_to(0)
    b = pool.alloc((64,), "float32")
    pool.commit()
    A[tx] = a[tx] + b[tx]
