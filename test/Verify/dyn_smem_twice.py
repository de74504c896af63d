# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# One shared.dyn arena per kernel; views go through T.decl_buffer.
@T.prim_func
def f(A: T.Buffer((128,), "float32")):
    T.device_entry()
    tx = T.thread_id([128])
    a = T.alloc_buffer((128,), scope="shared.dyn")
    # CHECK: dyn_smem_twice.py:[[@LINE+1]]:11: error: Only one dynamic shared memory allocation is allowed
    b = T.alloc_buffer((128,), scope="shared.dyn")
    a[tx] = A[tx]
    b[tx] = a[tx]
