# pool.commit(size) below the pool's high-water mark is an error (TVM 0.27
# asserts it), located at the size.
# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: smem_pool_commit_size.py:[[@LINE+7]]:17: error: pool.commit(size=128) is below the pool's high-water mark of 256 bytes
from tvm.script import tirx as T
@T.prim_func
def k(A: T.Buffer((4,), "float32")):
    T.device_entry()
    pool = T.SMEMPool()
    a = pool.alloc((64,), "float32")
    pool.commit(128)
