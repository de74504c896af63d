# An allocation after pool.commit(size) that ends past the committed size is a located
# error (the launch would not reserve it); one within it is allowed, as in TVM 0.27
# (test/Parse/smem_pool_alloc_after_commit.py).
# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: smem_pool_alloc_after_commit.py:[[@LINE+13]]:14: error: pool.alloc after pool.commit() ends at byte 1280, past the committed size of 1024 bytes
from tvm.script import tirx as T


@T.prim_func
def bad(A: T.Buffer((4,), "float32")):
    T.device_entry()
    pool = T.SMEMPool()
    a = pool.alloc((64,), "float32")
    pool.commit(1024)
    b = pool.alloc((64,), "float32")
    c = pool.alloc((64,), "float32")
    d = pool.alloc((64,), "float32")
    e = pool.alloc((64,), "float32")
