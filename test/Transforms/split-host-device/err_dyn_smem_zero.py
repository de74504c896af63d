# RUN: not %tirx-opt --pass-pipeline=default %s 2>&1 | FileCheck %s
# CHECK: {{.*}}err_dyn_smem_zero.py:8:15: error: the dynamic shared memory allocation 'arena' has size 0: annotate the kernel with tirx.dyn_smem_bytes (SMEMPool.commit() emits it)
# A zero-size shared.dyn placeholder needs the byte count from the attr.
@T.prim_func
def zerodyn(A: T.Buffer((16,), "float32")):
    T.device_entry()
    tx = T.thread_id([16])
    arena = T.alloc_buffer((0,), "uint8", scope="shared.dyn")
    A[tx] = T.float32(0.0)
