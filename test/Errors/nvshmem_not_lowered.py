# RUN: %tirx-opt %s > /dev/null
# RUN: not %tirx-llc %s --mcpu=sm_90a --emit=ptx -o %t.ptx 2>&1 | FileCheck %s
# T.nvshmem.* parses and prints (test/Parse/tvm_printed/tvm_kernel_intrinsics.py);
# lowering to NVSHMEM's device library is not built yet: a located error.
# CHECK: nvshmem_not_lowered.py:11:26: error: codegen: T.nvshmem.my_pe is not supported by the NVPTX backend yet
@T.prim_func
def f(R: T.Buffer((4,), "int32")):
    T.device_entry()
    tx = T.thread_id([32])
    if tx == 0:
        R[0] = T.nvshmem.my_pe()
